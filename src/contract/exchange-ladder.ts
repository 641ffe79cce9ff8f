/**
 * The exchange's price ladder and money rules. Prices are held as integer hundredths (1.01 is 101, 1000 is
 * 100000) and money as integer pence, so no arithmetic here ever touches a fraction.
 *
 * The ladder is Betfair's: decimal odds 1.01 to 1000 in ten bands, each with its own increment ("tick"), 350
 * prices in all. Table as published for Betfair Exchange customers (Timeform's Betfair Exchange education,
 * "Setting your own odds", https://timeform.com/betting/betfair-exchange-education/setting-your-own-odds, and
 * the same table at http://autobettingbot.com/tag/betfair-facts/ and
 * http://www.chromaweb.com/bets/botbuilder/calculator.php):
 *   1.01-2 by 0.01, 2-3 by 0.02, 3-4 by 0.05, 4-6 by 0.1, 6-10 by 0.2, 10-20 by 0.5, 20-30 by 1, 30-50 by 2,
 *   50-100 by 5, 100-1000 by 10.
 */

/** [upper bound of the band, increment], both in hundredths; each band starts where the one before ends. */
const BANDS: ReadonlyArray<readonly [number, number]> = [
  [200, 1],
  [300, 2],
  [400, 5],
  [600, 10],
  [1_000, 20],
  [2_000, 50],
  [3_000, 100],
  [5_000, 200],
  [10_000, 500],
  [100_000, 1_000],
];

const MIN_PRICE_HUNDREDTHS = 101;
export const MAX_PRICE_HUNDREDTHS = 100_000;

function buildLadder(): Int32Array {
  const prices: number[] = [MIN_PRICE_HUNDREDTHS];
  for (const [upper, step] of BANDS) {
    for (let price = prices[prices.length - 1]! + step; price <= upper; price += step) prices.push(price);
  }
  return Int32Array.from(prices);
}

/** Every valid price in hundredths, lowest first; a price's position here is its tick. */
export const LADDER: Readonly<Int32Array> = buildLadder();
export const TICK_COUNT = LADDER.length;

/** Tick of every price in hundredths (-1 where the price is off the ladder): one array read per lookup. */
const TICK_OF_HUNDREDTHS: Int16Array = (() => {
  const ticks = new Int16Array(MAX_PRICE_HUNDREDTHS + 1).fill(-1);
  LADDER.forEach((price, tick) => (ticks[price] = tick));
  return ticks;
})();

/** The tick of a price in hundredths, or -1 when it is not on the ladder. */
export function tickOf(hundredths: number): number {
  if (!Number.isInteger(hundredths) || hundredths < MIN_PRICE_HUNDREDTHS || hundredths > MAX_PRICE_HUNDREDTHS)
    return -1;
  return TICK_OF_HUNDREDTHS[hundredths]!;
}

/**
 * Decimal odds as sent on the wire (a JSON number such as 2.02) to hundredths, or null when the number has more
 * than two decimals. 2.02 * 100 is 202.00000000000003 in binary, so the product is rounded and must land within
 * a hair of a whole number.
 */
export function hundredthsOf(price: number): number | null {
  if (!Number.isFinite(price)) return null;
  const scaled = price * 100;
  const whole = Math.round(scaled);
  return Math.abs(scaled - whole) < 1e-6 ? whole : null;
}

/** Hundredths back to the decimal odds the API shows (202 -> 2.02). */
export const decimalOf = (hundredths: number): number => hundredths / 100;

export const isValidHundredths = (hundredths: number): boolean => tickOf(hundredths) >= 0;

/** Whether decimal odds from a request are a price on the ladder (2.02 yes, 2.01 and 4.15 no). */
export function isValidPrice(price: number): boolean {
  const hundredths = hundredthsOf(price);
  return hundredths !== null && isValidHundredths(hundredths);
}

/** The next price up the ladder, or null at 1000. */
export function tickUp(hundredths: number): number | null {
  const tick = tickOf(hundredths);
  return tick < 0 || tick === TICK_COUNT - 1 ? null : LADDER[tick + 1]!;
}

/** The next price down the ladder, or null at 1.01. */
export function tickDown(hundredths: number): number | null {
  const tick = tickOf(hundredths);
  return tick <= 0 ? null : LADDER[tick - 1]!;
}

/**
 * The ladder price nearest any price in hundredths (clamped to 1.01..1000). `toward` settles the price between
 * two ticks: 'nearest' (a tie goes down), 'up' or 'down' (never past the given price that way: a layer offering
 * a fair 2.37 rounds down, a backer up).
 */
export function nearestValidPrice(hundredths: number, toward: 'nearest' | 'up' | 'down' = 'nearest'): number {
  if (!(hundredths > MIN_PRICE_HUNDREDTHS)) return MIN_PRICE_HUNDREDTHS;
  if (hundredths >= MAX_PRICE_HUNDREDTHS) return MAX_PRICE_HUNDREDTHS;
  let high = 0;
  while (LADDER[high]! < hundredths) high++;
  const above = LADDER[high]!;
  if (above === hundredths || high === 0) return above;
  const below = LADDER[high - 1]!;
  if (toward === 'up') return above;
  if (toward === 'down') return below;
  return above - hundredths < hundredths - below ? above : below;
}

/** floor(numerator / denominator) for integers, exact (the float quotient is only a first guess). */
export function floorDiv(numerator: number, denominator: number): number {
  let quotient = Math.floor(numerator / denominator);
  let remainder = numerator - quotient * denominator;
  while (remainder < 0) {
    quotient -= 1;
    remainder += denominator;
  }
  while (remainder >= denominator) {
    quotient += 1;
    remainder -= denominator;
  }
  return quotient;
}

export const ceilDiv = (numerator: number, denominator: number): number => -floorDiv(-numerator, denominator);

/** Size is the backer's stake in pence; the smallest order is £1. */
export const MIN_SIZE_PENCE = 100;
/** The most an order may risk: a back's stake or a lay's liability, £10,000. */
export const MAX_LIABILITY_PENCE = 1_000_000;

/**
 * What a matched backer wins and its layer pays, for a fill of `stake` at `hundredths`: floor(stake x (price - 1)).
 * One integer used by both sides, so each fill moves money from one customer to another exactly.
 */
export const winnings = (stake: number, hundredths: number): number => floorDiv(stake * (hundredths - 100), 100);

/**
 * What a lay of `size` at `hundredths` risks: ceil(size x (price - 1)). Holding the ceiling on an unmatched
 * remainder is always enough: floor(part) + ceil(rest) <= ceil(whole), so however the remainder is later filled,
 * the fills' winnings plus the new remainder's liability never exceed what was held.
 */
export const layLiability = (size: number, hundredths: number): number => ceilDiv(size * (hundredths - 100), 100);

/** What an order risks if fully matched at its own price: a back its stake, a lay its liability. */
export const orderLiability = (side: 'back' | 'lay', size: number, hundredths: number): number =>
  side === 'back' ? size : layLiability(size, hundredths);
