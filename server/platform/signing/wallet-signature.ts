import { checkSignature, signBody } from './body-signature';
import { WALLET_ERROR_MESSAGES, WALLET_SIGNATURE_SKEW_SECONDS } from '../../../src/contract/games';
import { unauthorized } from '../errors';

/**
 * What a wallet call's signature covers: its method and path, then its exact body, so a call captured on one door
 * (say /balance) is refused on another (/free-bets). Neither a method nor a path holds a line break.
 */
const signedText = (method: string, path: string, rawBody: string) => `${method.toUpperCase()} ${path}\n${rawBody}`;

/**
 * The `x-signature` header for a wallet call: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<METHOD> <path>\n<raw
 * body>")>`. The sportsbook signs the exact bytes it sends; the same implementation as the providers' notifications.
 */
export const signWalletRequest = (secret: string, method: string, path: string, rawBody: string, at: Date): string =>
  signBody(secret, signedText(method, path, rawBody), at);

/**
 * Refuses (401 BadSignature) a wallet call whose signature is missing, malformed, wrong (for this method, path and
 * body) or more than 300 s away from now.
 */
export function verifyWalletRequest(
  secret: string,
  request: { method: string; path: string; rawBody: string },
  header: string | undefined,
  now: Date,
): void {
  const text = signedText(request.method, request.path, request.rawBody);
  if (checkSignature(secret, text, header, now, WALLET_SIGNATURE_SKEW_SECONDS * 1000))
    throw unauthorized(WALLET_ERROR_MESSAGES.BadSignature, 'BadSignature');
}
