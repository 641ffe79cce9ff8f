import { z } from 'zod';
import { exchangeId, type Market } from './exchange';

/**
 * The exchange's WebSocket (`/ws` on its origin): ladder updates, open to anyone like the markets themselves.
 * The client names the markets it shows; the server sends each one's whole Market now and after every change
 * (an order placed, matched, cancelled or lapsed, a suspension, a settlement).
 */
export const MAX_SUBSCRIBED_MARKETS = 50;

export const exchangeSocketRequest = z.strictObject({
  type: z.literal('subscribe'),
  marketIds: z.array(exchangeId).max(MAX_SUBSCRIBED_MARKETS),
});
export type ExchangeSocketRequest = z.infer<typeof exchangeSocketRequest>;

export type ExchangeSocketMessage = { type: 'market'; market: Market };
