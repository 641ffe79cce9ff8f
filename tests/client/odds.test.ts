import { describe, expect, it } from 'vitest';
import type { Price } from '../../src/contract/sportsbook-rules';
import {
  combinedOdds,
  decimalValue,
  formatCombinedOdds,
  formatDecimal,
  formatFractional,
  formatPrice,
  PRICE_LADDER,
  returnsFor,
  samePrice,
  toLadder,
} from '../../src/contract/rules/odds';

const p = (num: number, den: number): Price => ({ num, den });
const parse = (text: string): Price => {
  const [num, den] = text.split('/').map(Number);
  return p(num!, den!);
};

describe('the price ladder', () => {
  it('runs from 1/500 to 500/1, each price longer than the one before', () => {
    expect(PRICE_LADDER[0]).toEqual(p(1, 500));
    expect(PRICE_LADDER.at(-1)).toEqual(p(500, 1));
    for (let at = 1; at < PRICE_LADDER.length; at++) {
      expect(decimalValue(PRICE_LADDER[at]!)).toBeGreaterThan(decimalValue(PRICE_LADDER[at - 1]!));
    }
  });

  it('holds the usual UK prices around evens', () => {
    const around = [
      '4/6',
      '8/11',
      '4/5',
      '5/6',
      '10/11',
      '1/1',
      '21/20',
      '11/10',
      '6/5',
      '5/4',
      '11/8',
      '6/4',
      '13/8',
      '7/4',
      '15/8',
      '2/1',
      '85/40',
      '9/4',
    ];
    const start = PRICE_LADDER.findIndex((price) => samePrice(price, p(4, 6)));
    expect(PRICE_LADDER.slice(start, start + around.length).map(formatFractional)).toEqual(
      around.map((text) => (text === '1/1' ? 'Evens' : text)),
    );
  });

  it('snaps a raw price to the longest ladder price not above it, never above', () => {
    for (let raw = 1.002; raw < 600; raw *= 1.0037) {
      const snapped = toLadder(raw)!;
      expect(decimalValue(snapped)).toBeLessThanOrEqual(raw);
      const next = PRICE_LADDER[PRICE_LADDER.indexOf(snapped) + 1];
      if (next) expect(decimalValue(next)).toBeGreaterThan(raw);
    }
  });

  it('keeps exact ladder prices, and has nothing shorter than 1/500', () => {
    expect(toLadder(2)).toEqual(p(1, 1));
    expect(toLadder(1.8)).toEqual(p(4, 5));
    expect(toLadder(2.75)).toEqual(p(7, 4));
    expect(toLadder(2.7499)).toEqual(p(13, 8));
    expect(toLadder(1.002)).toEqual(p(1, 500));
    expect(toLadder(1.0019)).toBeNull();
    expect(toLadder(1)).toBeNull();
    expect(toLadder(Number.NaN)).toBeNull();
    expect(toLadder(100_000)).toEqual(p(500, 1));
  });
});

describe('showing a price', () => {
  it('writes fractions as the trade does, with Evens for 1/1', () => {
    expect(formatFractional(p(5, 2))).toBe('5/2');
    expect(formatFractional(p(85, 40))).toBe('85/40');
    expect(formatFractional(p(1, 1))).toBe('Evens');
    expect(formatPrice(p(4, 6), 'fractional')).toBe('4/6');
  });

  it('rounds decimal odds half up to one place from the exact fraction ("if the actual odds are 1.85, we display 1.9")', () => {
    expect(formatDecimal(p(17, 20))).toBe('1.9');
    expect(formatDecimal(p(7, 4))).toBe('2.8');
    expect(formatDecimal(p(5, 6))).toBe('1.8');
    expect(formatDecimal(p(1, 1))).toBe('2.0');
    expect(formatDecimal(p(2, 7))).toBe('1.3');
    expect(formatDecimal(p(1, 20))).toBe('1.1');
    expect(formatDecimal(p(1, 500))).toBe('1.0');
    expect(formatDecimal(p(85, 40))).toBe('3.1');
    expect(formatDecimal(p(500, 1))).toBe('501.0');
    expect(formatPrice(p(11, 10), 'decimal')).toBe('2.1');
  });

  it('compares prices by value, not by how they are written', () => {
    expect(samePrice(p(6, 4), p(3, 2))).toBe(true);
    expect(samePrice(p(1, 1), p(2, 2))).toBe(true);
    expect(samePrice(p(4, 5), p(5, 6))).toBe(false);
  });
});

describe('returns', () => {
  it('pays the stake times the actual odds ("a winning £20 bet pays out £37.00 (20 × 1.85), not £38.00")', () => {
    expect(returnsFor(2000, [p(17, 20)])).toBe(3700);
  });

  it('multiplies an accumulator\'s odds ("a £5 double at 2.0 × 1.5 = 3.0, paying £15")', () => {
    expect(returnsFor(500, [p(1, 1), p(1, 2)])).toBe(1500);
    expect(formatCombinedOdds(combinedOdds([p(1, 1), p(1, 2)]), 'decimal')).toBe('3.0');
    expect(formatCombinedOdds(combinedOdds([p(1, 1), p(1, 2)]), 'fractional')).toBe('2/1');
    expect(formatCombinedOdds(combinedOdds([p(1, 3), p(1, 2)]), 'fractional')).toBe('Evens');
    // 43/12 exactly (3.58 to 1): shown as the nearest ladder price, 7/2; the returns use 43/12.
    expect(formatCombinedOdds(combinedOdds([p(6, 4), p(5, 6)]), 'fractional')).toBe('7/2');
    // A treble of 7/2, 5/4 and 22/1 is 1855/8 (231.875 to 1): a slip prints 232/1.
    expect(formatCombinedOdds(combinedOdds([p(7, 2), p(5, 4), p(22, 1)]), 'fractional')).toBe('232/1');
    expect(formatCombinedOdds(combinedOdds([p(7, 2), p(5, 4), p(22, 1)]), 'decimal')).toBe('232.9');
  });

  it('rounds down to the penny once ("Payouts are rounded down to the nearest penny")', () => {
    expect(returnsFor(10, [p(2, 7)])).toBe(12);
    expect(returnsFor(10, [p(1, 500)])).toBe(10);
    expect(returnsFor(199, [p(1, 2)])).toBe(298);
    expect(returnsFor(0, [p(5, 1)])).toBe(0);
    expect(returnsFor(1234, [])).toBe(1234);
  });

  it('is exact on a 12-fold where floating point is a penny short', () => {
    const legs = '9/2 14/1 3/10 10/11 9/4 7/1 1/7 1/2 5/4 10/3 10/1 2/9'.split(' ').map(parse);
    let numerator = 10n;
    let denominator = 1n;
    for (const leg of legs) {
      numerator *= BigInt(leg.num + leg.den);
      denominator *= BigInt(leg.den);
    }
    expect(numerator % denominator).toBe(0n);
    expect(returnsFor(10, legs)).toBe(Number(numerator / denominator));
    expect(returnsFor(10, legs)).toBe(11_962_665);
    expect(Math.floor(legs.reduce((value, leg) => value * decimalValue(leg), 10))).toBe(11_962_664);
  });

  it('is exact on every 12-fold of long prices, whose denominators overflow 2^53', () => {
    const legs = Array.from({ length: 12 }, (_, at) => p(85 + at, 40));
    let numerator = 1_000_000n;
    let denominator = 1n;
    for (const leg of legs) {
      numerator *= BigInt(leg.num + leg.den);
      denominator *= BigInt(leg.den);
    }
    expect(denominator > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(returnsFor(1_000_000, legs)).toBe(Number(numerator / denominator));
  });

  it('refuses a stake that is not whole pence', () => {
    expect(() => returnsFor(10.5, [p(1, 1)])).toThrow(RangeError);
    expect(() => returnsFor(-10, [p(1, 1)])).toThrow(RangeError);
  });
});
