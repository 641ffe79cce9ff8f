import { describe, expect, it } from 'vitest';
import type { Score } from '../../src/contract/sportsbook-rules';
import { decimalValue } from '../../src/contract/rules/odds';
import { marketCatalogue, priceEvent, settleSelection } from '../../server/sportsbook/markets';
import {
  BET_BUILDER_MARGIN,
  isBuildable,
  priceBetBuilder,
  type BuilderLeg,
} from '../../server/sportsbook/markets/bet-builder';
import { offeredPrice } from '../../server/sportsbook/markets/margins';
import { jointScores } from '../../server/sportsbook/pricing/joint-scores';
import { scoreDistribution } from '../../server/sportsbook/pricing/score-distribution';
import type { MatchRates, MatchState } from '../../server/sportsbook/pricing/types';

const catalogue = marketCatalogue('Rovers', 'United');
const leg = (marketKey: string, selectionKey: string): BuilderLeg => ({
  spec: catalogue.find((spec) => spec.key === marketKey)!,
  selectionKey,
});
const state = (
  phase: MatchState['phase'],
  minute: number,
  score: Score = { home: 0, away: 0 },
  halfTimeScore: Score | null = null,
): MatchState => ({ phase, minute, score, halfTimeScore });
const rates: MatchRates = { home: 1.55, away: 1.15, rho: -0.12 };
const MOMENTS: Array<[string, MatchState]> = [
  ['before kick-off', state('pre-match', 0)],
  ['1-0 after 30 minutes', state('first-half', 30, { home: 1, away: 0 })],
  ['1-1 at half time', state('half-time', 45, { home: 1, away: 1 }, { home: 1, away: 1 })],
  ['0-1 at 60 minutes', state('second-half', 60, { home: 0, away: 1 }, { home: 0, away: 0 })],
];

describe('the joint half-time and full-time score law', () => {
  it.each(MOMENTS)(
    '%s: sums to 1, and each marginal is the score grid every market is priced from',
    (_when, moment) => {
      const cells = jointScores(rates, moment);
      expect(cells.reduce((sum, cell) => sum + cell.mass, 0)).toBeCloseTo(1, 12);
      const { fullTime, halfTime } = scoreDistribution(rates, moment);
      for (const [grid, pick] of [
        [fullTime, 'fullTime'],
        [halfTime, 'halfTime'],
      ] as const) {
        const marginal = new Map<string, number>();
        for (const cell of cells)
          marginal.set(
            `${cell[pick].home}-${cell[pick].away}`,
            (marginal.get(`${cell[pick].home}-${cell[pick].away}`) ?? 0) + cell.mass,
          );
        for (let i = 0; i < grid.size; i++) {
          for (let j = 0; j < grid.size; j++) {
            const key = `${grid.home + i}-${grid.away + j}`;
            expect(marginal.get(key) ?? 0, `${pick} ${key}`).toBeCloseTo(grid.mass[i * grid.size + j]!, 12);
          }
        }
      }
    },
  );

  it.each(MOMENTS)('%s: one buildable leg alone has the probability its market prices it at', (_when, moment) => {
    const priced = priceEvent(rates, moment, catalogue);
    const cells = jointScores(rates, moment);
    for (const spec of catalogue.filter(isBuildable)) {
      const market = priced.find((candidate) => candidate.key === spec.key)!;
      spec.selections.forEach(({ key }, index) => {
        const alone = cells.reduce(
          (sum, cell) => sum + (settleSelection(spec, key, cell) === 'won' ? cell.mass : 0),
          0,
        );
        expect(alone, `${spec.key} ${key}`).toBeCloseTo(market.selections[index]!.probability, 10);
      });
    }
  });
});

describe('Bet Builder prices', () => {
  it('equal the margin-adjusted sum over the score matrix: Rovers to win and over 2.5 goals', () => {
    const { fullTime: grid } = scoreDistribution(rates, state('pre-match', 0));
    let both = 0;
    for (let i = 0; i < grid.size; i++)
      for (let j = 0; j < grid.size; j++) if (i > j && i + j > 2.5) both += grid.mass[i * grid.size + j]!;
    const priced = priceBetBuilder(rates, state('pre-match', 0), [
      leg('match-result', 'home'),
      leg('total-goals:2.5', 'over'),
    ]);
    expect(priced.kind).toBe('priced');
    if (priced.kind !== 'priced') return;
    expect(priced.probability).toBeCloseTo(both, 12);
    expect(priced.price).toEqual(offeredPrice(both, BET_BUILDER_MARGIN));
    expect(decimalValue(priced.price)).toBeLessThanOrEqual(1 / (both * (1 + BET_BUILDER_MARGIN)));
  });

  it('prices a half-time leg with full-time legs from the one joint law: Draw at half time, Rovers to win, both teams to score', () => {
    const legs = [leg('first-half-result', 'draw'), leg('match-result', 'home'), leg('both-teams-to-score', 'yes')];
    const priced = priceBetBuilder(rates, state('pre-match', 0), legs);
    const direct = jointScores(rates, state('pre-match', 0)).reduce(
      (sum, cell) =>
        sum +
        (cell.halfTime.home === cell.halfTime.away && cell.fullTime.home > cell.fullTime.away && cell.fullTime.away > 0
          ? cell.mass
          : 0),
      0,
    );
    expect(priced).toMatchObject({ kind: 'priced', probability: expect.closeTo(direct, 12) });
  });

  it.each([
    [
      'Rovers to win and over 2.5 goals',
      [leg('match-result', 'home'), leg('total-goals:2.5', 'over')],
      MOMENTS.slice(0, 2),
    ],
    [
      'both teams to score and over 2.5 goals',
      [leg('both-teams-to-score', 'yes'), leg('total-goals:2.5', 'over')],
      MOMENTS.slice(0, 2),
    ],
    [
      'Rovers -1.5 and over 1.5 goals',
      [leg('asian-handicap:-1.5', 'home'), leg('total-goals:1.5', 'over')],
      MOMENTS.slice(0, 2),
    ],
    // Before kick-off only: at 1-0 United need goals, which under 2.5 does not want.
    [
      'United +0.5 and under 2.5 goals',
      [leg('asian-handicap:-0.5', 'away'), leg('total-goals:2.5', 'under')],
      MOMENTS.slice(0, 1),
    ],
  ])(
    "is never more generous than the product of the legs' fair prices when they go together: %s",
    (_name, legs, moments) => {
      for (const [, moment] of moments) {
        const priced = priceEvent(rates, moment, catalogue);
        const fair = legs.map(
          ({ spec, selectionKey }) =>
            priced
              .find((market) => market.key === spec.key)!
              .selections.find((selection) => selection.key === selectionKey)!.probability,
        );
        const builder = priceBetBuilder(rates, moment, legs);
        expect(builder.kind).toBe('priced');
        if (builder.kind !== 'priced') continue;
        // Positively related: together likelier than apart.
        expect(builder.probability).toBeGreaterThan(fair.reduce((product, p) => product * p, 1));
        expect(decimalValue(builder.price)).toBeLessThan(fair.reduce((product, p) => product / p, 1));
      }
    },
  );

  it("legs that work against each other (Rovers to win, under 1.5 goals, before kick-off) can be longer than the product of their fair prices, never than the combination's own", () => {
    const legs = [leg('match-result', 'home'), leg('total-goals:1.5', 'under')];
    const moment = MOMENTS[0]![1];
    const priced = priceEvent(rates, moment, catalogue);
    const fair = legs.map(
      ({ spec, selectionKey }) =>
        priced
          .find((market) => market.key === spec.key)!
          .selections.find((selection) => selection.key === selectionKey)!.probability,
    );
    const builder = priceBetBuilder(rates, moment, legs);
    expect(builder.kind).toBe('priced');
    if (builder.kind !== 'priced') return;
    // Negatively related: together less likely than apart, so longer than the product and still short of fair.
    expect(builder.probability).toBeLessThan(fair.reduce((product, p) => product * p, 1));
    expect(decimalValue(builder.price)).toBeGreaterThan(fair.reduce((product, p) => product / p, 1));
    expect(decimalValue(builder.price)).toBeLessThanOrEqual(1 / builder.probability);
  });

  it('refuses a combination no score can win: 0-0 with both teams to score, a 2-1 half time with Rovers to win the first half by 2', () => {
    expect(
      priceBetBuilder(rates, state('pre-match', 0), [leg('correct-score', '0-0'), leg('both-teams-to-score', 'yes')]),
    ).toEqual({ kind: 'impossible', probability: 0 });
    expect(
      priceBetBuilder(rates, state('pre-match', 0), [leg('match-result', 'draw'), leg('asian-handicap:-0.5', 'home')])
        .kind,
    ).toBe('impossible');
    expect(
      priceBetBuilder(rates, state('pre-match', 0), [
        leg('half-time-full-time', 'away-home'),
        leg('total-goals:1.5', 'under'),
      ]).kind,
    ).toBe('impossible');
    // Possible only through goals still to come: likelier once in play at 1-0.
    expect(
      priceBetBuilder(rates, state('first-half', 30, { home: 1, away: 0 }), [
        leg('correct-score', '0-0'),
        leg('match-result', 'draw'),
      ]).kind,
    ).toBe('impossible');
  });

  it('refuses one too unlikely to price (under 0.2%)', () => {
    const legs = [leg('correct-score', '4-4'), leg('half-time-full-time', 'away-draw'), leg('total-goals:4.5', 'over')];
    expect(priceBetBuilder(rates, state('pre-match', 0), legs).kind).toBe('unlikely');
  });

  it('takes only markets settled on the scores that cannot be void or half settled', () => {
    const buildable = (key: string) => isBuildable(catalogue.find((spec) => spec.key === key)!);
    for (const key of [
      'match-result',
      'double-chance',
      'total-goals:2.5',
      'both-teams-to-score',
      'correct-score',
      'first-half-result',
      'half-time-full-time',
      'asian-handicap:-1.5',
      'three-way-handicap:-1',
    ]) {
      expect(buildable(key), key).toBe(true);
    }
    for (const key of [
      'draw-no-bet',
      'total-goals:2',
      'asian-handicap:0',
      'asian-handicap:-0.25',
      'first-team-to-score',
      'first-goal-time',
    ])
      expect(buildable(key), key).toBe(false);
  });
});
