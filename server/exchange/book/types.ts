import type { OrderSide, OrderStatus, Persistence } from '../../../src/contract/exchange';

/** An order to place on one market's book; the runner is its position in the market, the price a ladder tick. */
export interface NewOrder {
  orderId: string;
  customerId: string;
  runner: number;
  side: OrderSide;
  tick: number;
  /** The backer's stake in pence. */
  size: number;
  persistence: Persistence;
}

/** An order's sizes after an operation: matched + remaining + cancelled + lapsed = size. */
export interface OrderState {
  orderId: string;
  customerId: string;
  runner: number;
  side: OrderSide;
  tick: number;
  size: number;
  sizeMatched: number;
  sizeRemaining: number;
  sizeCancelled: number;
  sizeLapsed: number;
  persistence: Persistence;
  status: OrderStatus;
}

/**
 * One match between a back and a lay, at the resting order's price. `stake` is the backer's; `winnings` =
 * floor(stake x (price - 1)) is what the backer wins and the layer pays if the runner wins.
 */
export interface Fill {
  runner: number;
  tick: number;
  /** The price in hundredths (tick 0 is 101). */
  price: number;
  stake: number;
  winnings: number;
  backOrderId: string;
  backCustomerId: string;
  layOrderId: string;
  layCustomerId: string;
  /** The order that arrived and took the resting one's price. */
  takerOrderId: string;
}

/** What an operation did, for the service to persist: its fills in order and the final state of each order touched. */
export interface BookEvents {
  fills: Fill[];
  orders: OrderState[];
}

type BookRefusal =
  /** The runner, tick or size is not one this book takes (the service checks the customer-facing rules first). */
  | 'InvalidOrder'
  /** An order with this id is already resting on the book. */
  | 'DuplicateOrder'
  /** The book holds as many orders as it may (BookLimits.maxOrders). */
  | 'BookFull'
  /** This customer already has BookLimits.maxOrdersPerCustomer resting on the market. */
  | 'TooManyOrders'
  | 'NothingToCancel';

export type BookResult = ({ ok: true } & BookEvents) | { ok: false; reason: BookRefusal };

export interface BookLimits {
  /** Resting orders on the whole market. */
  maxOrders: number;
  /** Resting orders of one customer on the market, so no one account can fill the book. */
  maxOrdersPerCustomer: number;
}

export const DEFAULT_BOOK_LIMITS: BookLimits = { maxOrders: 100_000, maxOrdersPerCustomer: 1_000 };
/** Correct Score has 19 runners; nothing on a football exchange needs more than this. */
export const MAX_RUNNERS = 64;
