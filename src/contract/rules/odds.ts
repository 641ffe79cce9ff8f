/**
 * Prices as UK bookmakers quote them, for the sportsbook frame and its server alike (no dependencies).
 * A price is an exact fraction of integers; its decimal odds are (num + den) / den. Anything that pays money
 * works on that exact fraction with BigInt; decimals are only for showing and for comparing.
 */
import type { OddsFormat, Price, PriceChangePolicy } from '../sportsbook-rules';
import { wholePence } from './money';
import { formatDecimal, formatFractional, samePrice, type ExactOdds } from './odds-format';

export { formatDecimal, formatFractional, formatPrice, samePrice, type ExactOdds } from './odds-format';

const price = (num: number, den: number): Price => ({ num, den });

/**
 * The UK fractional ladder, shortest first. Written as the trade writes them (6/4, not 3/2; 85/40; 10/3), so
 * compare prices with samePrice, never by their parts.
 */
export const PRICE_LADDER: readonly Price[] = [
  price(1, 500),
  price(1, 250),
  price(1, 200),
  price(1, 150),
  price(1, 125),
  price(1, 100),
  price(1, 80),
  price(1, 66),
  price(1, 50),
  price(1, 40),
  price(1, 33),
  price(1, 28),
  price(1, 25),
  price(1, 22),
  price(1, 20),
  price(1, 18),
  price(1, 16),
  price(1, 14),
  price(1, 12),
  price(1, 11),
  price(1, 10),
  price(1, 9),
  price(1, 8),
  price(2, 15),
  price(1, 7),
  price(2, 13),
  price(1, 6),
  price(2, 11),
  price(1, 5),
  price(2, 9),
  price(1, 4),
  price(2, 7),
  price(3, 10),
  price(1, 3),
  price(4, 11),
  price(2, 5),
  price(4, 9),
  price(1, 2),
  price(8, 15),
  price(4, 7),
  price(8, 13),
  price(4, 6),
  price(8, 11),
  price(4, 5),
  price(5, 6),
  price(10, 11),
  price(1, 1),
  price(21, 20),
  price(11, 10),
  price(6, 5),
  price(5, 4),
  price(11, 8),
  price(6, 4),
  price(13, 8),
  price(7, 4),
  price(15, 8),
  price(2, 1),
  price(85, 40),
  price(9, 4),
  price(12, 5),
  price(5, 2),
  price(11, 4),
  price(3, 1),
  price(10, 3),
  price(7, 2),
  price(4, 1),
  price(9, 2),
  price(5, 1),
  price(11, 2),
  price(6, 1),
  price(13, 2),
  price(7, 1),
  price(15, 2),
  price(8, 1),
  price(17, 2),
  price(9, 1),
  price(10, 1),
  price(11, 1),
  price(12, 1),
  price(14, 1),
  price(16, 1),
  price(18, 1),
  price(20, 1),
  price(22, 1),
  price(25, 1),
  price(28, 1),
  price(33, 1),
  price(40, 1),
  price(50, 1),
  price(66, 1),
  price(80, 1),
  price(100, 1),
  price(125, 1),
  price(150, 1),
  price(200, 1),
  price(250, 1),
  price(500, 1),
];

/** Decimal odds as a float: for display and comparison only, never for a payout. */
export function decimalValue(p: Price): number {
  return (p.num + p.den) / p.den;
}

/** The probability the price implies (no margin removed). */
export function impliedProbability(p: Price): number {
  return p.den / (p.num + p.den);
}

const LADDER_DECIMALS = PRICE_LADDER.map(decimalValue);

/**
 * The longest ladder price not above the raw decimal odds, so rounding onto the ladder only ever takes from the
 * customer's side of the margin; null when the raw odds are shorter than the ladder's shortest price (1/500).
 */
export function toLadder(decimal: number): Price | null {
  if (!(decimal >= LADDER_DECIMALS[0]!)) return null;
  let low = 0;
  let high = LADDER_DECIMALS.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (LADDER_DECIMALS[middle]! <= decimal) low = middle;
    else high = middle - 1;
  }
  return PRICE_LADDER[low]!;
}

/** Whether `a` pays more than `b` (a longer price), compared exactly. */
export function longerPrice(a: Price, b: Price): boolean {
  return a.num * b.den > b.num * a.den;
}

/** Whether a bet asked at `asked` may take the price `now` under the customer's price-change setting. */
export function priceAcceptable(policy: PriceChangePolicy, asked: Price, now: Price): boolean {
  return samePrice(asked, now) || policy === 'any' || (policy === 'higher' && longerPrice(now, asked));
}

/** The legs' decimal odds multiplied together, exactly. No legs is odds of 1.00. */
export function combinedOdds(prices: readonly Price[]): ExactOdds {
  let numerator = 1n;
  let denominator = 1n;
  for (const p of prices) {
    numerator *= BigInt(p.num + p.den);
    denominator *= BigInt(p.den);
  }
  const divisor = gcd(numerator, denominator);
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

/**
 * What a winning stake returns at these prices (void legs left out, as they count at 1.00): the stake times the
 * exact product of the decimal odds, rounded down to the penny once, at the end (Betting Rules: "Payouts are
 * rounded down to the nearest penny"). Figures beyond 2^53 pence are clamped there; the payout cap keeps any
 * real payment far below.
 */
export function returnsFor(stakePence: number, prices: readonly Price[]): number {
  if (!Number.isSafeInteger(stakePence) || stakePence < 0)
    throw new RangeError(`stake must be whole pence, got ${stakePence}`);
  const odds = combinedOdds(prices);
  const returns = (BigInt(stakePence) * odds.numerator) / odds.denominator;
  return wholePence(returns);
}

/**
 * An accumulator's odds for display, rounded as the Betting Rules allow (returns always use the exact odds): a
 * fraction as a UK slip would print it (the nearest ladder price below 10/1, the nearest whole n/1 above), never
 * a raw product such as 1855/8.
 */
export function formatCombinedOdds(odds: ExactOdds, format: OddsFormat): string {
  if (format === 'decimal') return formatDecimal(odds);
  const profit = odds.numerator - odds.denominator;
  if (profit === odds.denominator) return 'Evens';
  const ratio = Number(profit) / Number(odds.denominator);
  if (ratio >= 10) return `${Math.round(ratio)}/1`;
  const exact = PRICE_LADDER.find((price) => BigInt(price.num) * odds.denominator === profit * BigInt(price.den));
  return formatFractional(exact ?? nearestLadderPrice(ratio + 1));
}

function nearestLadderPrice(decimal: number): Price {
  const below = toLadder(decimal) ?? PRICE_LADDER[0]!;
  const above = PRICE_LADDER[PRICE_LADDER.indexOf(below) + 1];
  if (!above) return below;
  return decimal - decimalValue(below) <= decimalValue(above) - decimal ? below : above;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}
