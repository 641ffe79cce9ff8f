import { z } from 'zod';
import { exchangeId } from './exchange';
import type { ExchangeServerMessage } from './exchange-stream';

/**
 * The exchange's WebSocket (`/ws` on its origin): ladder updates, open to anyone like the markets themselves.
 * The client names the markets it shows; the server sends each one's whole Market now and after every change
 * (an order placed, matched, cancelled or lapsed, a suspension, a settlement).
 */
const MAX_SUBSCRIBED_MARKETS = 50;

/**
 * The frame also names its session (`auth`, src/contract/exchange-stream.ts): from then on the socket also carries
 * that customer's order, position and balance pushes. A stale session only goes without them.
 */
export const exchangeSocketRequest = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribe'), marketIds: z.array(exchangeId).max(MAX_SUBSCRIBED_MARKETS) }),
  z.strictObject({ type: z.literal('auth'), sessionToken: z.string().max(200) }),
]);

/** What the socket sends: ladders to anyone, and a named session's own orders, position and balance. */
export type ExchangeSocketMessage = ExchangeServerMessage;
