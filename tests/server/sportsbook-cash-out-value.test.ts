import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CASH_OUT_MARGIN_BP, cashOutValue, type CashOutLeg } from '../../server/sportsbook/bets/cash-out-value';
import { marketCatalogue, selectionChances, settleSelection } from '../../server/sportsbook/markets';
import { scoreDistribution } from '../../server/sportsbook/pricing';
import type { MarketSpec, MatchRates, MatchState, SelectionOutcome } from '../../server/sportsbook/pricing/types';
import type { LegResult, Price } from '../../src/contract/sportsbook-rules';

const MARGIN = CASH_OUT_MARGIN_BP / 10_000;
const SPECS = marketCatalogue('Rovers', 'United');
/** The lines that can be void or half settled, and the match result beside them. */
const VOIDABLE = SPECS.filter((spec) =>
  ['asian-handicap', 'draw-no-bet', 'total-goals', 'match-result'].includes(spec.type),
);

const decimal = (price: Price) => (price.num + price.den) / price.den;

/** What a settlement pays per unit staked, and the part of it a push returns whatever the odds (Betting Rules). */
function settlementFactor(outcome: SelectionOutcome, odds: number): { factor: number; returned: number } {
  switch (outcome) {
    case 'won':
      return { factor: odds, returned: 0 };
    case 'void':
      return { factor: 1, returned: 1 };
    case 'half-won':
      return { factor: (odds + 1) / 2, returned: 1 / 2 };
    case 'half-lost':
      return { factor: 1 / 2, returned: 1 / 2 };
    case 'lost':
      return { factor: 0, returned: 0 };
  }
}

/**
 * One open leg's expected settlement factor and its expected pushed part, summed straight over the model's
 * full-time score grid with the markets' own settlement (not through the chances the valuation uses).
 */
function expectedLeg(rates: MatchRates, state: MatchState, spec: MarketSpec, key: string, price: Price) {
  const { fullTime: grid } = scoreDistribution(rates, state);
  let factor = 0;
  let returned = 0;
  for (let i = 0; i < grid.size; i++) {
    for (let j = 0; j < grid.size; j++) {
      const mass = grid.mass[i * grid.size + j]!;
      const fullTime = { home: grid.home + i, away: grid.away + j };
      const settled = settlementFactor(settleSelection(spec, key, { fullTime, halfTime: fullTime }), decimal(price));
      factor += mass * settled.factor;
      returned += mass * settled.returned;
    }
  }
  return { factor, returned };
}

const price = fc.record({ num: fc.integer({ min: 1, max: 40 }), den: fc.constantFrom(1, 2, 4, 5, 10, 11) });
const rates = fc.record({
  home: fc.double({ min: 0.3, max: 3.2, noNaN: true }),
  away: fc.double({ min: 0.3, max: 3.2, noNaN: true }),
  rho: fc.double({ min: -0.15, max: 0.05, noNaN: true }),
});
const score = fc.record({ home: fc.integer({ min: 0, max: 4 }), away: fc.integer({ min: 0, max: 4 }) });
/** Any moment of a match, the half-time score no more than the score now. */
const state: fc.Arbitrary<MatchState> = fc
  .tuple(fc.constantFrom('pre-match', 'first-half', 'half-time', 'second-half'), fc.integer({ min: 0, max: 45 }), score)
  .chain(([phase, minutes, now]) =>
    fc
      .record({ home: fc.integer({ min: 0, max: now.home }), away: fc.integer({ min: 0, max: now.away }) })
      .map((half): MatchState => {
        if (phase === 'pre-match') return { phase, minute: 0, score: { home: 0, away: 0 }, halfTimeScore: null };
        if (phase === 'first-half') return { phase, minute: minutes, score: now, halfTimeScore: null };
        if (phase === 'half-time') return { phase, minute: 45, score: now, halfTimeScore: now };
        return { phase, minute: 45 + minutes, score: now, halfTimeScore: half };
      }),
  );
const settledResult = fc.constantFrom<Exclude<LegResult, 'open' | 'lost' | 'dead-heat'>>(
  'won',
  'void',
  'half-won',
  'half-lost',
);

/** A leg on its own match: open (most of them) or already settled. */
const leg = fc.record({
  spec: fc.constantFrom(...VOIDABLE),
  pick: fc.nat(),
  price,
  rates,
  state,
  settled: fc.option(settledResult, { freq: 4 }),
});

describe('a cash-out offer is valued from the score model', () => {
  it('is never above the bet’s fair value less the margin on what still rides, for random singles and accumulators on void-able lines', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 1_000_000 }),
        fc.array(leg, { minLength: 1, maxLength: 4 }),
        (stake, drawn) => {
          let fair = stake;
          let pushed = stake;
          const legs: CashOutLeg[] = drawn.map(({ spec, pick, price, rates, state, settled }) => {
            const key = spec.selections[pick % spec.selections.length]!.key;
            if (settled) {
              const { factor } = settlementFactor(settled, decimal(price));
              fair *= factor;
              // A settled leg is no longer at risk: all of its factor is as good as returned.
              pushed *= factor;
              return { price, result: settled, chances: null };
            }
            const expected = expectedLeg(rates, state, spec, key, price);
            fair *= expected.factor;
            pushed *= expected.returned;
            return { price, result: 'open', chances: selectionChances(rates, state, spec, key) };
          });
          const value = cashOutValue(stake, legs);
          const bound = pushed + (fair - pushed) * (1 - MARGIN);
          if (value === null) {
            // None only when the value is under a penny, or nothing is open.
            expect(bound < 1 || drawn.every((drawnLeg) => drawnLeg.settled)).toBe(true);
            return;
          }
          expect(value.offer).toBeLessThanOrEqual(bound + 1e-6 * Math.max(1, bound));
          expect(value.offer).toBeGreaterThan(bound - 1 - 1e-6 * Math.max(1, bound));
          expect(value.offer).toBeLessThanOrEqual(fair + 1e-6 * fair);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('offers a bet certain to be void its whole stake, margin-free', () => {
    // At full time each of these can only be void: draw no bet at a draw, a whole total at that total, a whole
    // handicap cancelling the difference exactly.
    const certainVoid = fc
      .tuple(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom('dnb', 'total', 'handicap'),
      )
      .filter(([home, away, kind]) =>
        kind === 'dnb'
          ? home === away
          : kind === 'total'
            ? [1, 2, 3, 4].includes(home + away)
            : Math.abs(home - away) <= 2,
      )
      .map(([home, away, kind]) => {
        const state: MatchState = {
          phase: 'full-time',
          minute: 90,
          score: { home, away },
          halfTimeScore: { home: 0, away: 0 },
        };
        const spec =
          kind === 'dnb'
            ? SPECS.find((candidate) => candidate.key === 'draw-no-bet')!
            : kind === 'total'
              ? SPECS.find((candidate) => candidate.key === `total-goals:${home + away}`)!
              : SPECS.find((candidate) => candidate.key === `asian-handicap:${away - home}`)!;
        return { state, spec };
      });
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 1_000_000 }),
        fc.array(fc.tuple(certainVoid, fc.nat(), price, rates), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (stake, drawn, withSettledVoid) => {
          const legs: CashOutLeg[] = drawn.map(([{ state, spec }, pick, price, rates]) => ({
            price,
            result: 'open',
            chances: selectionChances(rates, state, spec, spec.selections[pick % 2]!.key),
          }));
          if (withSettledVoid) legs.push({ price: { num: 9, den: 1 }, result: 'void', chances: null });
          expect(cashOutValue(stake, legs)?.offer).toBe(stake);
        },
      ),
    );
  });

  it('offers nothing on a lost leg, on a leg not offered now, or when nothing is left open', () => {
    const open: CashOutLeg = { price: { num: 1, den: 1 }, result: 'open', chances: { win: 0.5, void: 0, lose: 0.5 } };
    expect(cashOutValue(1_000, [open])?.offer).toBe(950);
    expect(cashOutValue(1_000, [{ ...open, result: 'lost' }, open])).toBeNull();
    expect(cashOutValue(1_000, [{ ...open, chances: null }])).toBeNull();
    expect(cashOutValue(1_000, [{ ...open, result: 'won' }])).toBeNull();
  });

  it('values an accumulator leg by leg: settled legs at their settlement factor, open legs at win x odds + void', () => {
    const legs: CashOutLeg[] = [
      { price: { num: 1, den: 1 }, result: 'half-won', chances: null },
      { price: { num: 3, den: 1 }, result: 'open', chances: { win: 0.2, void: 0.3, lose: 0.5 } },
    ];
    // 10.00 x 1.5 x (0.2 x 4 + 0.3) = 16.50, of which 10.00 x 1.5 x 0.3 = 4.50 comes back if the open leg is void:
    // 4.50 + 12.00 x 0.95 = 15.90.
    // A settled dead heat at 4/1 between two: 5.0 / 2.
    expect(
      cashOutValue(1_000, [
        { price: { num: 4, den: 1 }, result: 'dead-heat', chances: null, deadHeatWays: 2 },
        legs[1]!,
      ])?.fair,
    ).toBeCloseTo(1_000 * 2.5 * 1.1, 9);
    expect(cashOutValue(1_000, legs)).toEqual({
      fair: expect.closeTo(1_650, 9),
      certain: expect.closeTo(450, 9),
      offer: 1_590,
    });
  });
});
