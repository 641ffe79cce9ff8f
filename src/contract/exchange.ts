import { z } from 'zod';
import { text } from './common';
import { MAX_PRICE_HUNDREDTHS } from './exchange-ladder';
import { EXCHANGE_REFUSALS, ORDER_SIDES, PERSISTENCES, type OrderSide, type Persistence } from './exchange-rules';

export * from './exchange-ladder';
export * from './exchange-rules';

/**
 * The exchange's HTTP API, on its own origin (EXCHANGE_PORT), in Betfair API-NG's vocabulary (placeOrders,
 * cancelOrders, listMarketBook, persistence, sizeMatched). Errors are `{message, code}`: 401 SessionExpired,
 * 404 unknown, 409 OrderIdReused, 422 a refusal with a code from EXCHANGE_REFUSALS.
 *
 *   POST   /api/session { launchToken }     -> { sessionToken, balance, currency }
 *   GET    /api/events?status=live|upcoming -> { events: ExchangeEvent[] }
 *   GET    /api/markets?eventId=            -> { markets: Market[] }
 *   GET    /api/markets/:marketId           -> Market
 *   POST   /api/orders PlaceOrderRequest    -> 201 { order } | 202 { order } (held by the in-play delay) | 409 | 422
 *   DELETE /api/orders/:orderId[?size=]     -> { order }   (cancels the unmatched remainder, or that much of it)
 *   GET    /api/orders?status=open|settled  -> { orders: Order[] }   (newest first)
 *   GET    /api/positions?marketId=         -> { positions: Position[] }
 *   WS     /ws                              ladder and order updates
 */

/** An id made in the browser (crypto.randomUUID); upper and lower case are one id, stored lower-cased. */
const exchangeUuid = (message: string) => z.uuid(message).transform((id) => id.toLowerCase());

/** Market and selection ids: the event id and the market's and selection's keys, joined by '~'. */
export const exchangeId = text({ error: 'Invalid id' })
  .min(1, 'Invalid id')
  .max(160, 'Invalid id')
  .regex(/^[A-Za-z0-9._:~-]+$/, 'Invalid id');

const MAX_SAFE_SIZE = Math.floor(Number.MAX_SAFE_INTEGER / MAX_PRICE_HUNDREDTHS);

/**
 * The shape of POST /api/orders. Ladder, minimum and liability are the service's refusals (422 with a code, see
 * orderRefusal), not shape errors, so this lets through any odds and whole pence.
 */
export const placeOrderRequest = z.strictObject({
  orderId: exchangeUuid('Invalid order id'),
  marketId: exchangeId,
  selectionId: exchangeId,
  side: z.enum(ORDER_SIDES, { error: 'Side must be back or lay' }),
  price: z.number({ error: 'Odds must be a number' }),
  /** Bounded so that size x price stays an exact integer; the £10,000 liability rule is far below. */
  size: z
    .number({ error: 'Stake must be a number' })
    .int('Stake must be whole pence')
    .max(MAX_SAFE_SIZE, EXCHANGE_REFUSALS.LiabilityTooLarge),
  persistence: z.enum(PERSISTENCES).default('lapse'),
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequest>;
export type PlaceOrder = z.output<typeof placeOrderRequest>;

/** DELETE /api/orders/:orderId?size=: without size, the whole unmatched remainder. */
export const cancelOrderParams = z.strictObject({ orderId: exchangeUuid('Invalid order id') });
export const cancelOrderQuery = z.strictObject({
  size: z.coerce
    .number({ error: 'Size must be a number' })
    .int('Size must be whole pence')
    .positive('Size must be at least 1p')
    .max(Number.MAX_SAFE_INTEGER, 'Invalid size')
    .optional(),
});

export const ordersQuery = z.strictObject({ status: z.enum(['open', 'settled']).optional() });
export const marketsQuery = z.strictObject({ eventId: exchangeId });
export const positionsQuery = z.strictObject({ marketId: exchangeId.optional() });
export const exchangeEventsQuery = z.strictObject({ status: z.enum(['live', 'upcoming']).optional() });

const ORDER_STATUSES = ['executable', 'execution_complete'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order as the API shows it; sizes in pence add up: matched + remaining + cancelled + lapsed = size. */
export interface Order {
  orderId: string;
  marketId: string;
  selectionId: string;
  side: OrderSide;
  /** Decimal odds on the ladder. */
  price: number;
  size: number;
  sizeMatched: number;
  sizeRemaining: number;
  sizeCancelled: number;
  sizeLapsed: number;
  /** Stake-weighted over the fills, null before any. */
  averagePriceMatched: number | null;
  status: OrderStatus;
  persistence: Persistence;
  placedAt: string;
  result?: 'won' | 'lost' | 'void';
  /** Pence, once settled: what the order won (positive) or lost (negative), before commission. */
  profit?: number;
}

/** One price on a runner's ladder and the backer's stake available there, in pence. */
export interface PriceSize {
  price: number;
  size: number;
}

export interface Runner {
  selectionId: string;
  name: string;
  /** Best (highest) first, at most three: the prices a customer can back at, made of resting lays. */
  availableToBack: PriceSize[];
  /** Best (lowest) first, at most three: the prices a customer can lay at, made of resting backs. */
  availableToLay: PriceSize[];
  lastTradedPrice: number | null;
}

const MARKET_STATUSES = ['open', 'suspended', 'closed', 'settled'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

export interface Market {
  marketId: string;
  eventId: string;
  name: string;
  status: MarketStatus;
  inPlay: boolean;
  betDelayMs: number;
  runners: Runner[];
}

export interface ExchangeEvent {
  eventId: string;
  name: string;
  startsAt: string;
  inPlay: boolean;
  score: { home: number; away: number } | null;
}

/** A customer's standing on one market: the amount held and each runner's profit or loss (pence) if it wins. */
export interface Position {
  marketId: string;
  held: number;
  ifWins: Record<string, number>;
}

export interface OrdersResponse {
  orders: Order[];
}
export interface MarketsResponse {
  markets: Market[];
}
export interface PositionsResponse {
  positions: Position[];
}
export interface ExchangeEventsResponse {
  events: ExchangeEvent[];
}
