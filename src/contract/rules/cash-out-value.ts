import type { LegResult, Price, SelectionStatus } from '../sportsbook-rules';
import { wholePence } from './money';

/**
 * A cash-out offer, shared by the frame (shown live in My Bets) and the server (re-valued after the delay), so the
 * figure a customer sees is the figure the server would pay.
 *
 *   value = stake x product(struck decimal odds of won and open legs) / product(current decimal odds of open legs)
 *   offer = floor(value x (10000 - marginBp) / 10000)
 *
 * Void legs count at 1.00 both ways; a won leg keeps its struck odds (its current price is 1.00), a half-won or
 * half-lost quarter line its settlement factor. The value is what
 * the bet is worth at today's prices: backing the open legs at their current odds with this stake's winnings would
 * return exactly the bet's potential returns. The margin is the bookmaker's charge for settling early.
 * No offer (null) when a leg is lost, when nothing is left open (the bet awaits settlement), or when any open leg is
 * not priced and open right now (suspended, closed, unpriced), or when the offer would be under a penny.
 */
export const CASH_OUT_MARGIN_BP = 500;

export interface CashOutLeg {
  /** The price the bet was struck at. */
  price: Price;
  result: LegResult;
  /** For an open leg: its selection's price and status now. */
  current: { price: Price | null; status: SelectionStatus } | null;
}

export function cashOutOffer(
  stakePence: number,
  legs: readonly CashOutLeg[],
  marginBp: number = CASH_OUT_MARGIN_BP,
): number | null {
  if (!Number.isSafeInteger(stakePence) || stakePence <= 0 || legs.length === 0) return null;
  let numerator = BigInt(stakePence) * BigInt(10_000 - marginBp);
  let denominator = 10_000n;
  let open = 0;
  for (const leg of legs) {
    if (leg.result === 'lost') return null;
    if (leg.result === 'void') continue;
    const num = BigInt(leg.price.num);
    const den = BigInt(leg.price.den);
    // A quarter line's halves: half won is (odds + 1) / 2, half lost is 1 / 2 (as settlement counts them).
    if (leg.result === 'half-won') {
      numerator *= num + 2n * den;
      denominator *= 2n * den;
      continue;
    }
    if (leg.result === 'half-lost') {
      denominator *= 2n;
      continue;
    }
    numerator *= num + den;
    denominator *= den;
    if (leg.result === 'won') continue;
    const current = leg.current;
    if (!current || current.status !== 'open' || !current.price) return null;
    open++;
    numerator *= BigInt(current.price.den);
    denominator *= BigInt(current.price.num + current.price.den);
  }
  if (open === 0) return null;
  const offer = numerator / denominator;
  if (offer < 1n) return null;
  return wholePence(offer);
}

/**
 * The part of the stake a partial cash out of `amount` (of an offer worth `offer`) takes, rounded up to the penny so
 * the stake left never carries more value than the part paid leaves it. What is left keeps the same legs and prices.
 */
export function stakeCashedFor(stakePence: number, amount: number, offer: number): number {
  return Number((BigInt(stakePence) * BigInt(amount) + BigInt(offer) - 1n) / BigInt(offer));
}
