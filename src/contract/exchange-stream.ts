import type { Market, Order, Position } from './exchange';

/**
 * The exchange's WebSocket (`/ws` on its origin): ladder and order updates. The client says who it is and which
 * markets it shows; the server pushes each watched market whole when its ladder changes (three levels a side is
 * small, and a whole market cannot be applied out of order), and the customer's own orders, positions and balance.
 * Checked by hand (no zod): the frame reads it at first paint.
 */
export type ExchangeClientMessage = { type: 'auth'; sessionToken: string } | { type: 'subscribe'; marketIds: string[] };

export type ExchangeServerMessage =
  /** A watched market's ladder, status or in-play flag changed. */
  | { type: 'market'; market: Market }
  /** One of the customer's orders changed (placed, matched, cancelled, lapsed, settled). */
  | { type: 'order'; order: Order }
  | { type: 'position'; position: Position }
  | { type: 'balance'; balance: number }
  /** Pushes may have been lost (the server restarted a subscription): fetch what is shown again. */
  | { type: 'resync' };

const SERVER_TYPES = new Set(['market', 'order', 'position', 'balance', 'resync']);

export function isExchangeServerMessage(value: unknown): value is ExchangeServerMessage {
  if (!value || typeof value !== 'object') return false;
  const message = value as Record<string, unknown>;
  if (typeof message.type !== 'string' || !SERVER_TYPES.has(message.type)) return false;
  if (message.type === 'balance') return Number.isSafeInteger(message.balance);
  if (message.type === 'resync') return true;
  return !!message[message.type] && typeof message[message.type] === 'object';
}
