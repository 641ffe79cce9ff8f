import {
  MAX_LIABILITY_PENCE,
  MIN_SIZE_PENCE,
  hundredthsOf,
  isValidHundredths,
  orderLiability,
} from './exchange-ladder';

// Without zod, so the exchange's frame can check an order and word a refusal without loading it.

/** Why an order or cancel is refused (422), with 409 OrderIdReused; each has the words users see. */
export const EXCHANGE_REFUSALS = {
  InvalidOdds: 'Odds must be a price on the exchange ladder, from 1.01 to 1000.',
  BelowMinimumStake: 'The minimum stake is £1.',
  LiabilityTooLarge: 'An order can risk at most £10,000.',
  MarketSuspended: 'This market is suspended for the moment. Try again when it reopens.',
  MarketClosed: 'This market is closed.',
  InsufficientFunds: 'You do not have enough funds for this order.',
  PlayerBlocked: 'Your account cannot place exchange orders at the moment.',
  NothingToCancel: 'This order has nothing left unmatched to cancel.',
  OrderIdReused: 'This order id was already used for a different order.',
} as const;
export type ExchangeRefusal = keyof typeof EXCHANGE_REFUSALS;

export const ORDER_SIDES = ['back', 'lay'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];

/** Betfair's persistence: 'lapse' cancels the unmatched part at kick-off, 'keep' takes it in play. */
export const PERSISTENCES = ['lapse', 'keep'] as const;
export type Persistence = (typeof PERSISTENCES)[number];

/** The ladder, minimum and liability rules of an order, in the order a customer would fix them; null if it passes. */
export function orderRefusal(order: {
  side: OrderSide;
  price: number;
  size: number;
}): 'InvalidOdds' | 'BelowMinimumStake' | 'LiabilityTooLarge' | null {
  const hundredths = hundredthsOf(order.price);
  if (hundredths === null || !isValidHundredths(hundredths)) return 'InvalidOdds';
  if (order.size < MIN_SIZE_PENCE) return 'BelowMinimumStake';
  if (orderLiability(order.side, order.size, hundredths) > MAX_LIABILITY_PENCE) return 'LiabilityTooLarge';
  return null;
}

/** EXCHANGE_COMMISSION_BP's default: 2% of a customer's net winnings on a market, taken at settlement. */
const DEFAULT_COMMISSION_BP = 200;
export const COMMISSION_TEXT = `${DEFAULT_COMMISSION_BP / 100}% commission on net market winnings.`;
