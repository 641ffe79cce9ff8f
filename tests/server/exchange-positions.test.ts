import { describe, expect, it } from 'vitest';
import {
  customerFills,
  greenUp,
  marketExposure,
  matchedIfWins,
  settleMarket,
  type CustomerFill,
} from '../../server/exchange/positions';
import { winnings } from '../../src/contract/exchange';
import type { Fill } from '../../server/exchange/book';

const back = (runner: number, price: number, stake: number): CustomerFill => ({
  runner,
  side: 'back',
  stake,
  winnings: winnings(stake, price),
});
const lay = (runner: number, price: number, stake: number): CustomerFill => ({
  ...back(runner, price, stake),
  side: 'lay',
});

describe('a customer’s exchange position', () => {
  it('adds up each outcome from matched backs and lays', () => {
    // Back home £10 at 3.0, lay away £10 at 4.0 on Match Odds.
    expect(matchedIfWins(3, [back(0, 300, 1_000), lay(2, 400, 1_000)])).toEqual([3_000, 0, -4_000]);
  });

  it('holds the worst-case loss, or nothing when every outcome wins', () => {
    expect(marketExposure(3, [back(0, 300, 1_000)], []).held).toBe(1_000);
    expect(marketExposure(2, [back(0, 200, 1_000), back(1, 300, 1_000)], [])).toMatchObject({
      ifWins: [0, 1_000],
      held: 0,
    });
  });

  it('counts an unmatched back as lost on the other runners and an unmatched lay as its liability on its own', () => {
    const exposure = marketExposure(
      3,
      [],
      [
        { runner: 0, side: 'back', price: 300, sizeRemaining: 1_000 },
        { runner: 1, side: 'lay', price: 202, sizeRemaining: 333 },
      ],
    );
    expect(exposure.worstIfWins).toEqual([0, -1_000 - 340, -1_000]);
    expect(exposure.held).toBe(1_340);
  });

  it('lets a matched back on one runner and an unmatched back on another net off', () => {
    // Matched: back home £10 at 2.0. Unmatched: back away £5 at 4.0 (if it matches, away winning pays £15).
    const exposure = marketExposure(
      3,
      [back(0, 200, 1_000)],
      [{ runner: 2, side: 'back', price: 400, sizeRemaining: 500 }],
    );
    expect(exposure.worstIfWins).toEqual([500, -1_500, -1_000]);
    expect(exposure.held).toBe(1_500);
  });

  it('sees the book’s fills from each side, both for a self-match', () => {
    const fill: Fill = {
      runner: 1,
      tick: 99,
      price: 200,
      stake: 500,
      winnings: 500,
      backOrderId: 'b',
      backCustomerId: 'alice',
      layOrderId: 'l',
      layCustomerId: 'bob',
      takerOrderId: 'b',
    };
    expect(customerFills('alice', [fill])).toEqual([{ runner: 1, side: 'back', stake: 500, winnings: 500 }]);
    expect(customerFills('bob', [fill])).toEqual([{ runner: 1, side: 'lay', stake: 500, winnings: 500 }]);
    expect(customerFills('carol', [fill])).toEqual([]);
    expect(customerFills('alice', [{ ...fill, layCustomerId: 'alice' }])).toHaveLength(2);
  });
});

describe('settling an exchange market', () => {
  it('pays the hold plus net winnings less commission rounded down', () => {
    // Held £10, won £20.37 net: 2% is 40.74p, 40p taken.
    expect(settleMarket(1_000, [2_037, -1_000], { kind: 'winner', runner: 0, selectionId: 'x' }, 200)).toEqual({
      net: 2_037,
      commission: 40,
      payout: 2_997,
    });
  });

  it('takes no commission on a loss and returns what the hold did not lose', () => {
    expect(settleMarket(1_500, [500, -1_000], { kind: 'winner', runner: 1, selectionId: 'x' }, 200)).toEqual({
      net: -1_000,
      commission: 0,
      payout: 500,
    });
  });

  it('returns the whole hold when the market is void', () => {
    expect(settleMarket(1_500, [500, -1_000], { kind: 'void' }, 200)).toEqual({ net: 0, commission: 0, payout: 1_500 });
  });

  it('refuses to settle a hold that does not cover the result', () => {
    expect(() => settleMarket(0, [-100, 100], { kind: 'winner', runner: 0, selectionId: 'x' }, 200)).toThrow();
  });
});

describe('green up (Cash Out)', () => {
  it('lays off a winning back at the lower lay price, locking in a profit either way', () => {
    // Back £10 at 3.0, now 2.5 to lay: lay £12 at 2.5 leaves £2 whatever happens.
    const hedge = greenUp(
      [2_000, -1_000],
      [
        { back: 240, lay: 250 },
        { back: 160, lay: 170 },
      ],
    )!;
    expect(hedge.orders).toEqual([{ runner: 0, side: 'lay', price: 250, size: 1_200 }]);
    expect(hedge.ifWinsAfter).toEqual([200, 200]);
    expect(hedge.locked).toBe(200);
  });

  it('hedges a three-way market on whichever side locks in more', () => {
    // Backed the draw £10 at 4.0; the draw is still 4.0 to back, 4.2 to lay. Laying it would lock about -£2.86;
    // backing the other two (their back prices add up to under 100%) locks -£2.
    const hedge = greenUp(
      [-1_000, 2_000, -1_000],
      [
        { back: 250, lay: 260 },
        { back: 400, lay: 420 },
        { back: 300, lay: 310 },
      ],
    )!;
    expect(hedge.orders).toEqual([
      { runner: 0, side: 'back', price: 250, size: 1_200 },
      { runner: 2, side: 'back', price: 300, size: 1_000 },
    ]);
    expect(hedge.ifWinsAfter).toEqual([-200, -200, -200]);
    expect(hedge.locked).toBe(-200);
  });

  it('needs no order for a position already level', () => {
    expect(
      greenUp(
        [300, 300],
        [
          { back: null, lay: null },
          { back: null, lay: null },
        ],
      ),
    ).toEqual({
      orders: [],
      ifWinsAfter: [300, 300],
      locked: 300,
    });
  });

  it('offers nothing when the price it needs is not there', () => {
    expect(
      greenUp(
        [2_000, -1_000],
        [
          { back: 240, lay: null },
          { back: null, lay: 170 },
        ],
      ),
    ).toBeNull();
  });
});
