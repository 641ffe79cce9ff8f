import type { z } from 'zod';
import type { ProvidersServerOptions } from './server';
import { checkSignature, signBody, SIGNATURE_HEADER } from './card-payments/signing';
import { badRequest, unauthorized } from '../errors';

/** The API's JSON answer to a notification ({} when it sent none). */
export interface NotificationAnswer {
  status?: string;
  error?: string | null;
  message?: string;
}

/** One delivery attempt: the API's answer, or null when it could not be reached. */
export type NotificationAttempt = { ok: boolean; status: number; answer: NotificationAnswer } | null;

/**
 * Posts `notification` to the API at `path`, signed with the provider secret, as the outside providers do.
 * Tries up to three times while the API cannot be reached or answers 5xx; returns every attempt, the last
 * being the API's settled answer when there was one.
 */
export async function sendSignedNotification(options: ProvidersServerOptions, path: string, notification: unknown): Promise<NotificationAttempt[]> {
  const body = JSON.stringify(notification);
  const url = new URL(path, options.config.publicUrl).toString();
  const attempts: NotificationAttempt[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(options.config.secrets.providerSecret, body, new Date()) },
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
export function verifySignedNotification<Schema extends z.ZodType>(secret: string, rawBody: string, signatureHeader: string | undefined, now: Date, schema: Schema): z.output<Schema> {
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
