/**
 * The postMessage contract between the host page (the PAM's origin) and the embedded sportsbook frame (its own
 * origin). Both sides check `event.origin` against the other's known origin before reading a message, and
 * post only to that origin. Checked by hand (no zod): both ends load it at first paint.
 *
 * Modelled on the commercial embeds (Kambi's loginRequested / depositRequested notifications, GR8's logout).
 */
import type { OddsFormat } from './sportsbook-rules';

export type FrameToHostMessage =
  /**
   * The frame has loaded and listens; `signedIn`: it holds a session or is trading a launch token for one, so a host
   * signed in meanwhile knows whether to send the launch again (one posted while the frame loaded is lost).
   */
  | { type: 'ready'; signedIn?: boolean }
  /** A logged-out visitor pressed Place bet: the host opens bet-not-logged-in. The slip stays in the frame. */
  | { type: 'login-requested' }
  /** The stake is more than the balance: the host opens the deposit drawer. */
  | { type: 'deposit-requested'; shortfall: number }
  /** The frame's own route changed ('/', '/event/abc', '/bets'), so the host can keep it in its address. */
  | { type: 'route'; path: string }
  /** The sportsbook session ended (logout elsewhere, expiry): the host relaunches or signs out. */
  | { type: 'session-expired' }
  /** A bet was accepted or settled: the host may refresh what it shows (balance comes live anyway). */
  | { type: 'bets-changed' }
  /** The customer chose an odds format in the frame: the host keeps it and gives it back on every launch. */
  | { type: 'odds-format'; format: OddsFormat }
  /** The exchange's rules link: the host opens its Exchange Rules document (kept offline like the other rules). */
  | { type: 'rules-requested' };

export type HostToFrameMessage =
  /** iframeRedirect: the customer signed in; open this launch URL (the slip is kept by the frame). */
  | { type: 'launch'; url: string }
  /** The customer signed in at the host and a launch URL follows: the slip waits for it instead of asking to log in. */
  | { type: 'signing-in' }
  | { type: 'logout' }
  | { type: 'suspended' }
  | { type: 'odds-format'; format: OddsFormat }
  /** Go to this frame route (a deep link the host was opened with, the AllBets entry). */
  | { type: 'navigate'; path: string };

const FRAME_TYPES = new Set([
  'ready',
  'login-requested',
  'deposit-requested',
  'route',
  'session-expired',
  'bets-changed',
  'odds-format',
  'rules-requested',
]);
const isOddsFormat = (format: unknown): format is OddsFormat => format === 'fractional' || format === 'decimal';
const HOST_TYPES = new Set(['launch', 'signing-in', 'logout', 'suspended', 'odds-format', 'navigate']);

/** A frame route: a path of our own, never a scheme, host or protocol-relative address. */
export const isFrameRoute = (path: unknown): path is string =>
  typeof path === 'string' && path.length <= 200 && /^\/(?!\/)[A-Za-z0-9/_~.-]*$/.test(path);

export function isFrameToHostMessage(value: unknown): value is FrameToHostMessage {
  if (!value || typeof value !== 'object') return false;
  const message = value as Record<string, unknown>;
  if (typeof message.type !== 'string' || !FRAME_TYPES.has(message.type)) return false;
  if (message.type === 'deposit-requested')
    return Number.isSafeInteger(message.shortfall) && (message.shortfall as number) >= 0;
  if (message.type === 'route') return isFrameRoute(message.path);
  if (message.type === 'odds-format') return isOddsFormat(message.format);
  if (message.type === 'ready') return message.signedIn === undefined || typeof message.signedIn === 'boolean';
  return true;
}

export function isHostToFrameMessage(value: unknown): value is HostToFrameMessage {
  if (!value || typeof value !== 'object') return false;
  const message = value as Record<string, unknown>;
  if (typeof message.type !== 'string' || !HOST_TYPES.has(message.type)) return false;
  if (message.type === 'launch') return typeof message.url === 'string' && message.url.length <= 2000;
  if (message.type === 'odds-format') return isOddsFormat(message.format);
  if (message.type === 'navigate') return isFrameRoute(message.path);
  return true;
}
