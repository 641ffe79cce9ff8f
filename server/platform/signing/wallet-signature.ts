import { checkSignature, signBody } from './body-signature';
import { WALLET_ERROR_MESSAGES, WALLET_SIGNATURE_SKEW_SECONDS } from '../../../src/contract/games';
import { unauthorized } from '../errors';

/**
 * The `x-signature` header for a wallet call: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * The sportsbook signs the exact bytes it sends; the same implementation as the providers' notifications.
 */
export const signWalletRequest = (secret: string, rawBody: string, at: Date): string => signBody(secret, rawBody, at);

/** Refuses (401 BadSignature) a wallet call whose signature is missing, malformed, wrong or more than 300 s away from now. */
export function verifyWalletRequest(secret: string, rawBody: string, header: string | undefined, now: Date): void {
  if (checkSignature(secret, rawBody, header, now, WALLET_SIGNATURE_SKEW_SECONDS * 1000))
    throw unauthorized(WALLET_ERROR_MESSAGES.BadSignature, 'BadSignature');
}
