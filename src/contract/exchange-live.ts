import { z } from 'zod';
import { exchangeId, type Market } from './exchange';

/**
 * The exchange's WebSocket (`/ws` on its origin): ladder updates, open to anyone like the markets themselves.
 * The client names the markets it shows; the server sends each one's whole Market now and after every change
 * (an order placed, matched, cancelled or lapsed, a suspension, a settlement).
 */
const MAX_SUBSCRIBED_MARKETS = 50;

/**
 * The frame also names its session (`auth`, src/contract/exchange-stream.ts) for the order pushes to come; the ladder
 * is public, so the hub takes the message and changes nothing for it.
 */
export const exchangeSocketRequest = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribe'), marketIds: z.array(exchangeId).max(MAX_SUBSCRIBED_MARKETS) }),
  z.strictObject({ type: z.literal('auth'), sessionToken: z.string().max(200) }),
]);

export type ExchangeSocketMessage = { type: 'market'; market: Market };
