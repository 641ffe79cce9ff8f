import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EXCHANGE_REFUSALS,
  LADDER,
  TICK_COUNT,
  ceilDiv,
  floorDiv,
  hundredthsOf,
  isValidPrice,
  layLiability,
  nearestValidPrice,
  orderRefusal,
  placeOrderRequest,
  tickDown,
  tickOf,
  tickUp,
  winnings,
} from '../../src/contract/exchange';

describe('the Betfair price ladder', () => {
  it('has 350 prices from 1.01 to 1000, rising', () => {
    expect(TICK_COUNT).toBe(350);
    expect(LADDER[0]).toBe(101);
    expect(LADDER[TICK_COUNT - 1]).toBe(100_000);
    for (let tick = 1; tick < TICK_COUNT; tick++) expect(LADDER[tick]!).toBeGreaterThan(LADDER[tick - 1]!);
  });

  it('steps by each band’s increment, changing increment at the band’s upper price', () => {
    const around = (price: number) => [tickDown(price), price, tickUp(price)];
    expect(around(200)).toEqual([199, 200, 202]);
    expect(around(300)).toEqual([298, 300, 305]);
    expect(around(400)).toEqual([395, 400, 410]);
    expect(around(600)).toEqual([590, 600, 620]);
    expect(around(1_000)).toEqual([980, 1_000, 1_050]);
    expect(around(2_000)).toEqual([1_950, 2_000, 2_100]);
    expect(around(3_000)).toEqual([2_900, 3_000, 3_200]);
    expect(around(5_000)).toEqual([4_800, 5_000, 5_500]);
    expect(around(10_000)).toEqual([9_500, 10_000, 11_000]);
    expect(around(99_000)).toEqual([98_000, 99_000, 100_000]);
  });

  it('takes ladder prices and refuses every other number', () => {
    for (const price of [1.01, 1.5, 2, 2.02, 3.05, 4.1, 6.2, 10.5, 21, 32, 55, 110, 1000])
      expect(isValidPrice(price)).toBe(true);
    for (const price of [1, 1.001, 2.01, 2.21, 4.15, 6.7, 22.5, 57, 995, 1010, 0, -2, Number.NaN, Infinity])
      expect(isValidPrice(price)).toBe(false);
  });

  it('reads decimal odds as exact hundredths despite binary fractions', () => {
    expect(hundredthsOf(2.02)).toBe(202);
    expect(hundredthsOf(1.13)).toBe(113);
    expect(hundredthsOf(1.005)).toBeNull();
    for (const price of LADDER) expect(hundredthsOf(price / 100)).toBe(price);
  });

  it('has nothing above 1000 or below 1.01', () => {
    expect(tickUp(100_000)).toBeNull();
    expect(tickDown(101)).toBeNull();
    expect(tickUp(201)).toBeNull();
    expect(tickOf(201)).toBe(-1);
  });

  it('finds the nearest ladder price, or the one above or below when asked', () => {
    expect(nearestValidPrice(237)).toBe(236);
    expect(nearestValidPrice(237, 'up')).toBe(238);
    expect(nearestValidPrice(237, 'down')).toBe(236);
    expect(nearestValidPrice(414)).toBe(410);
    expect(nearestValidPrice(416)).toBe(420);
    expect(nearestValidPrice(50)).toBe(101);
    expect(nearestValidPrice(250_000)).toBe(100_000);
    expect(nearestValidPrice(202)).toBe(202);
  });
});

describe('the exchange’s money rules', () => {
  it('pays a fill’s winnings rounded down and holds a lay’s liability rounded up', () => {
    // 333p at 2.02: 339.66p.
    expect(winnings(333, 202)).toBe(339);
    expect(layLiability(333, 202)).toBe(340);
    expect(winnings(1_000, 300)).toBe(2_000);
    expect(layLiability(1_000, 300)).toBe(2_000);
  });

  it('divides integers exactly, rounding down or up', () => {
    expect(floorDiv(7, 2)).toBe(3);
    expect(floorDiv(-7, 2)).toBe(-4);
    expect(ceilDiv(7, 2)).toBe(4);
    expect(ceilDiv(-7, 2)).toBe(-3);
    expect(floorDiv(9_007_199_254_740_991, 100)).toBe(90_071_992_547_409);
  });

  it('never needs more for a part-matched lay than its whole liability held', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.nat(), fc.constantFrom(...LADDER), (size, cut, price) => {
        const part = cut % (size + 1);
        expect(winnings(part, price) + layLiability(size - part, price)).toBeLessThanOrEqual(layLiability(size, price));
      }),
    );
  });

  it('refuses off-ladder odds, stakes under £1 and liability over £10,000', () => {
    expect(orderRefusal({ side: 'back', price: 2.01, size: 500 })).toBe('InvalidOdds');
    expect(orderRefusal({ side: 'back', price: 2.02, size: 99 })).toBe('BelowMinimumStake');
    expect(orderRefusal({ side: 'back', price: 2.02, size: 100 })).toBeNull();
    expect(orderRefusal({ side: 'back', price: 1000, size: 1_000_000 })).toBeNull();
    expect(orderRefusal({ side: 'back', price: 2, size: 1_000_001 })).toBe('LiabilityTooLarge');
    // A lay of £1,000 at 11 risks £10,000 exactly; a penny more stake tips it over.
    expect(orderRefusal({ side: 'lay', price: 11, size: 100_000 })).toBeNull();
    expect(orderRefusal({ side: 'lay', price: 11, size: 100_001 })).toBe('LiabilityTooLarge');
    expect(EXCHANGE_REFUSALS.BelowMinimumStake).toBe('The minimum stake is £1.');
  });
});

describe('the place-order request', () => {
  const body = {
    orderId: '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
    marketId: 'ev-202611231145-3fa9c1~match-odds',
    selectionId: 'ev-202611231145-3fa9c1~match-odds~home',
    side: 'back',
    price: 2.02,
    size: 500,
  };

  it('lower-cases the order id and defaults persistence to lapse', () => {
    const parsed = placeOrderRequest.parse(body);
    expect(parsed.orderId).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    expect(parsed.persistence).toBe('lapse');
  });

  it('refuses a malformed body with a clear message', () => {
    expect(placeOrderRequest.safeParse({ ...body, orderId: 'not-a-uuid' }).error?.issues[0]?.message).toBe(
      'Invalid order id',
    );
    expect(placeOrderRequest.safeParse({ ...body, size: 1.5 }).error?.issues[0]?.message).toBe(
      'Stake must be whole pence',
    );
    expect(placeOrderRequest.safeParse({ ...body, side: 'buy' }).success).toBe(false);
    expect(placeOrderRequest.safeParse({ ...body, price: '2.02' }).success).toBe(false);
    expect(placeOrderRequest.safeParse({ ...body, extra: 1 }).success).toBe(false);
  });
});
