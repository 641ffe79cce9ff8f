import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-provider-signature';
/** A notification older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');
/** Body signatures are hex, as the common providers' (and the wallet doors', docs/architecture.md) are. */
const bodyHmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, in the manner of common payment providers. The one
 * implementation behind every signed server-to-server call: provider notifications and the sportsbook's wallet calls.
 */
export function signBody(secret: string, rawBody: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${bodyHmac(secret, `${timestamp}.${rawBody}`)}`;
}

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type SignatureProblem = 'missing' | 'malformed' | 'stale' | 'mismatch';

export function checkSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now: Date,
  toleranceMs = SIGNATURE_TOLERANCE_MS,
): SignatureProblem | undefined {
  if (!header) return 'missing';
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!parts.t || !/^\d{1,12}$/.test(parts.t) || !parts.v1) return 'malformed';
  if (Math.abs(now.getTime() - timestamp * 1000) > toleranceMs) return 'stale';
  return sameText(parts.v1, bodyHmac(secret, `${timestamp}.${rawBody}`)) ? undefined : 'mismatch';
}

/** Signs short values (a payment page's address, a card token) so the sandbox needs no storage of its own. */
export const signValue = (secret: string, purpose: string, value: string) => hmac(secret, `${purpose}:${value}`);
export const validValue = (secret: string, purpose: string, value: string, signature: string) =>
  sameText(signature, signValue(secret, purpose, value));
