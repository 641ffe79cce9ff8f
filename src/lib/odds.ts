/**
 * Placeholder for the model branch's src/lib/odds.ts (same names and meaning); replaced when that branch is merged.
 */
import type { Price } from '../contract/sportsbook-rules';

export function formatFractional(price: Price): string {
  if (price.num === price.den) return 'Evens';
  return `${price.num}/${price.den}`;
}

/** Decimal odds (num + den) / den, shown to one decimal place as the Betting Rules say. */
export function formatDecimal(price: Price): string {
  return ((price.num + price.den) / price.den).toFixed(1);
}

/** Pence returned by a winning bet at these prices: stake x product of decimal odds, exact, rounded down. */
export function returnsFor(stake: number, prices: readonly Price[]): number {
  let numerator = BigInt(stake);
  let denominator = 1n;
  for (const price of prices) {
    numerator *= BigInt(price.num + price.den);
    denominator *= BigInt(price.den);
  }
  return Number(numerator / denominator);
}
