/**
 * Showing and comparing one price: all the sportsbook frame's first paint needs of ./odds.ts, in a file of its own so
 * that the price ladder and the exact arithmetic of returns (the slip's) stay out of that first paint's script.
 */
import type { OddsFormat, Price } from '../sportsbook-rules';

export function samePrice(a: Price, b: Price): boolean {
  return a.num * b.den === b.num * a.den;
}

export function formatFractional(p: Price): string {
  return p.num === p.den ? 'Evens' : `${p.num}/${p.den}`;
}

/** Exact decimal odds numerator / denominator, as an accumulator's combined odds need (products outgrow 2^53). */
export interface ExactOdds {
  numerator: bigint;
  denominator: bigint;
}

/**
 * Decimal odds rounded half up to one decimal place (Betting Rules: "Odds are displayed rounded to one decimal
 * place, but your payout is worked out using the actual odds"), from the exact fraction: 7/4 is '2.8', 17/20 '1.9'.
 */
export function formatDecimal(p: Price | ExactOdds): string {
  const { numerator, denominator } = 'num' in p ? { numerator: BigInt(p.num + p.den), denominator: BigInt(p.den) } : p;
  const tenths = (20n * numerator + denominator) / (2n * denominator);
  return `${tenths / 10n}.${tenths % 10n}`;
}

/** One price in the customer's chosen format. */
export function formatPrice(p: Price, format: OddsFormat): string {
  return format === 'decimal' ? formatDecimal(p) : formatFractional(p);
}
