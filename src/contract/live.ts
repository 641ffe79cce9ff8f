/** Messages the server pushes on /wws. Checked by hand: the live connection starts with the page, before zod loads. */
export type LiveMessage = { type: 'updateBalance'; data: { balance: number } } | { type: 'userSuspension' };

export function isLiveMessage(value: unknown): value is LiveMessage {
  if (!value || typeof value !== 'object') return false;
  const message = value as { type?: unknown; data?: { balance?: unknown } };
  if (message.type === 'userSuspension') return true;
  return (
    message.type === 'updateBalance' &&
    typeof message.data === 'object' &&
    message.data !== null &&
    Number.isSafeInteger(message.data.balance)
  );
}

/** Close codes the server uses; 1000 is a clean close and is not retried. */
export const LIVE_CLOSE_UNAUTHORIZED = 4401;
export const LIVE_CLOSE_SUSPENDED = 4403;
export const LIVE_CLOSE_SIGNED_OUT = 4000;

/**
 * The client's first message on /wws: the access token travels inside the connection, never in the address
 * (proxies and access logs keep addresses). The server closes a socket that does not send it in time.
 */
export interface LiveAuthenticate {
  type: 'authenticate';
  token: string;
}

export const LIVE_AUTHENTICATE_WITHIN_MS = 10_000;
/** The handshake's Origin is not the app's own: a page elsewhere may not open a connection. */
export const LIVE_CLOSE_FORBIDDEN_ORIGIN = 4408;
