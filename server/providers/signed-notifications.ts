import type { z } from 'zod';
import type { ProvidersServerOptions } from './provider-pages';
import { checkSignature, signBody, SIGNATURE_HEADER } from '../platform/signing/body-signature';
import { badRequest, unauthorized } from '../platform/errors';

/** The API's JSON answer to a notification ({} when it sent none). */
interface NotificationAnswer {
  status?: string;
  error?: string | null;
  message?: string;
}

/** One delivery attempt: the API's answer, or null when it could not be reached. */
export type NotificationAttempt = { ok: boolean; status: number; answer: NotificationAnswer } | null;

/** The waits before the second and third attempts: an API that is restarting or overloaded gets time to recover instead of three hits in a row. */
export const NOTIFICATION_RETRY_DELAYS_MS = [500, 2_000];

export interface RetryPolicy {
  delaysMs: number[];
  sleep: (ms: number) => Promise<void>;
}

const defaultRetry: RetryPolicy = {
  delaysMs: NOTIFICATION_RETRY_DELAYS_MS,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Posts `notification` to the API at `path`, signed with the provider secret, as the outside providers do.
 * Tries again, after a growing wait, while the API cannot be reached or answers 5xx; returns every attempt,
 * the last being the API's settled answer when there was one.
 */
export async function sendSignedNotification(
  options: ProvidersServerOptions,
  path: string,
  notification: unknown,
  retry: RetryPolicy = defaultRetry,
): Promise<NotificationAttempt[]> {
  const body = JSON.stringify(notification);
  const url = new URL(path, options.config.publicUrl).toString();
  const attempts: NotificationAttempt[] = [];
  for (let attempt = 0; attempt <= retry.delaysMs.length; attempt++) {
    if (attempt > 0) await retry.sleep(retry.delaysMs[attempt - 1]!);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signBody(options.config.secrets.providerSecret, body, new Date()),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json().catch(() => ({}))) as NotificationAnswer;
      attempts.push({ ok: response.ok, status: response.status, answer });
      if (response.status < 500) break;
    } catch {
      attempts.push(null);
    }
  }
  return attempts;
}

/** A provider's notification to the API, once its signature checks out and it has the provider's shape. */
export function verifySignedNotification<Schema extends z.ZodType>(
  secret: string,
  rawBody: string,
  signatureHeader: string | undefined,
  now: Date,
  schema: Schema,
): z.output<Schema> {
  const problem = checkSignature(secret, rawBody, signatureHeader, now);
  if (problem) throw unauthorized(`Notification signature ${problem}`, 'BadSignature');
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw badRequest('Invalid request body');
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw badRequest('Invalid notification');
  return result.data;
}
