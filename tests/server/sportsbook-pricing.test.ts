import { describe, expect, it } from 'vitest';
import type { Score } from '../../src/contract/sportsbook-rules';
import { decimalValue, impliedProbability } from '../../src/contract/rules/odds';
import {
  MARKET_MARGINS,
  MARKET_RULES,
  marketCatalogue,
  priceEvent,
  rawDecimalOdds,
  settleSelection,
  type MatchMarketType,
} from '../../server/sportsbook/markets';
import { boundedRho, dixonColesTau, poissonColumn } from '../../server/sportsbook/pricing/dixon-coles';
import { goalRates, matchRates } from '../../server/sportsbook/pricing/match-rates';
import { scoreDistribution } from '../../server/sportsbook/pricing/score-distribution';
import type { MatchRates, MatchState, PricedMarket } from '../../server/sportsbook/pricing/types';

const catalogue = marketCatalogue('Rovers', 'United');
const specOf = (key: string) => catalogue.find((spec) => spec.key === key)!;
const league = { homeGoals: 1.55, awayGoals: 1.2, rho: -0.12 };
const rates = matchRates({ attack: 1.15, defence: 0.9 }, { attack: 0.95, defence: 1.05 }, league);

const preMatch: MatchState = { phase: 'pre-match', minute: 0, score: { home: 0, away: 0 }, halfTimeScore: null };
const state = (
  phase: MatchState['phase'],
  minute: number,
  score: Score,
  halfTimeScore: Score | null = null,
): MatchState => ({ phase, minute, score, halfTimeScore });

const STATES: Array<[string, MatchState]> = [
  ['before kick-off', preMatch],
  ['1-0 after 30 minutes', state('first-half', 30, { home: 1, away: 0 })],
  ['1-1 at half time', state('half-time', 45, { home: 1, away: 1 }, { home: 1, away: 1 })],
  ['0-1 at 60 minutes', state('second-half', 60, { home: 0, away: 1 }, { home: 0, away: 0 })],
];
const RATES: Array<[string, MatchRates]> = [
  ['a home favourite', rates],
  ['an away favourite', matchRates({ attack: 0.7, defence: 1.3 }, { attack: 1.5, defence: 0.7 }, league)],
  ['a goal-fest', { home: 2.6, away: 2.2, rho: -0.05 }],
  ['a tight low-scorer', { home: 0.9, away: 0.8, rho: -0.2 }],
];

const probabilities = (market: PricedMarket) =>
  Object.fromEntries(market.selections.map((selection) => [selection.key, selection.probability]));
const byKey = (markets: PricedMarket[]) => Object.fromEntries(markets.map((market) => [market.key, market]));
/** Fair probabilities sum to 1 except in double chance, where each result is covered by two selections. */
const fairSum = (key: string) => (key === 'double-chance' ? 2 : 1);

describe('the score model', () => {
  it('builds expected goals from attack, defence and the league average, home advantage included', () => {
    const rates = matchRates({ attack: 1.2, defence: 0.8 }, { attack: 1, defence: 1.1 }, league);
    expect(rates.home).toBeCloseTo(1.2 * 1.1 * 1.55, 12);
    expect(rates.away).toBeCloseTo(1 * 0.8 * 1.2, 12);
    expect(rates.rho).toBe(league.rho);
  });

  it('corrects the low scores as Dixon and Coles (1997) do: negative rho raises 0-0 and 1-1 and lowers 1-0 and 0-1', () => {
    const [lambda, mu] = [1.4, 1.1];
    expect(dixonColesTau(0, 0, lambda, mu, -0.1)).toBeCloseTo(1 + lambda * mu * 0.1, 12);
    expect(dixonColesTau(0, 1, lambda, mu, -0.1)).toBeCloseTo(1 - lambda * 0.1, 12);
    expect(dixonColesTau(1, 0, lambda, mu, -0.1)).toBeCloseTo(1 - mu * 0.1, 12);
    expect(dixonColesTau(1, 1, lambda, mu, -0.1)).toBeCloseTo(1.1, 12);
    expect(dixonColesTau(2, 1, lambda, mu, -0.1)).toBe(1);

    const fullTime = (rho: number) => scoreDistribution({ home: lambda, away: mu, rho }, preMatch).fullTime;
    const independent = fullTime(0);
    const cell = (grid: typeof independent, home: number, away: number) => grid.mass[home * grid.size + away]!;
    for (const [rho, sign] of [
      [-0.15, 1],
      [0.15, -1],
    ] as const) {
      const corrected = fullTime(rho);
      expect(Math.sign(cell(corrected, 0, 0) - cell(independent, 0, 0))).toBe(sign);
      expect(Math.sign(cell(corrected, 1, 1) - cell(independent, 1, 1))).toBe(sign);
      expect(Math.sign(cell(corrected, 1, 0) - cell(independent, 1, 0))).toBe(-sign);
      expect(Math.sign(cell(corrected, 0, 1) - cell(independent, 0, 1))).toBe(-sign);
      expect(cell(corrected, 2, 1)).toBeCloseTo(cell(independent, 2, 1), 12);
    }
  });

  it("gives before kick-off exactly the paper's full-time scores: Poisson(lambda) Poisson(mu) tau", () => {
    const grid = scoreDistribution(rates, preMatch).fullTime;
    const home = poissonColumn(rates.home, 8);
    const away = poissonColumn(rates.away, 8);
    for (let i = 0; i < 8; i++) {
      for (let j = 0; j < 8; j++) {
        expect(grid.mass[i * grid.size + j]).toBeCloseTo(
          home[i]! * away[j]! * dixonColesTau(i, j, rates.home, rates.away, rates.rho),
          12,
        );
      }
    }
  });

  it('keeps every probability non-negative and summing to 1, even for a rho the rates cannot take', () => {
    for (const [home, away, rho] of [
      [3, 2.5, 0.9],
      [0.2, 0.1, -8],
      [1.3, 1, -0.13],
      [0, 0.4, -0.2],
    ] as const) {
      for (const moment of [preMatch, state('first-half', 30, { home: 0, away: 1 })]) {
        const { fullTime, halfTime, halfTimeFullTime } = scoreDistribution({ home, away, rho }, moment);
        for (const masses of [fullTime.mass, halfTime.mass, halfTimeFullTime]) {
          expect(Math.min(...masses)).toBeGreaterThanOrEqual(0);
          expect(masses.reduce((sum, mass) => sum + mass, 0)).toBeCloseTo(1, 12);
        }
      }
    }
    expect(boundedRho(3, 2.5, 0.9)).toBeCloseTo(1 / 7.5, 12);
    expect(boundedRho(2, 1, -0.9)).toBe(-0.5);
  });

  it('gives the feed per-minute rates that add up to the expected goals of each half, and none outside play', () => {
    const plain = { ...rates, rho: 0 };
    const first = goalRates(plain, state('first-half', 10, { home: 0, away: 0 }));
    const second = goalRates(plain, state('second-half', 50, { home: 0, away: 0 }, { home: 0, away: 0 }));
    expect((first.home + second.home) * 45).toBeCloseTo(rates.home, 12);
    expect((first.away + second.away) * 45).toBeCloseTo(rates.away, 12);
    expect(first.home * 45).toBeCloseTo(rates.home * 0.45, 12);
    for (const quiet of [
      preMatch,
      state('half-time', 45, { home: 0, away: 0 }, { home: 0, away: 0 }),
      state('full-time', 90, { home: 0, away: 0 }, { home: 0, away: 0 }),
    ]) {
      expect(goalRates(rates, quiet)).toEqual({ home: 0, away: 0 });
    }
  });

  it("bends the feed's rates by the low-score correction only while a final up to 1-1 is possible", () => {
    const plain = goalRates({ ...rates, rho: 0 }, state('second-half', 80, { home: 0, away: 0 }, { home: 0, away: 0 }));
    const goalless = goalRates(rates, state('second-half', 80, { home: 0, away: 0 }, { home: 0, away: 0 }));
    // Negative rho makes 0-0 likelier than Poisson, so a late goal from 0-0 is less likely.
    expect(goalless.home).toBeLessThan(plain.home);
    expect(goalless.away).toBeLessThan(plain.away);
    expect(goalRates(rates, state('first-half', 0, { home: 0, away: 0 })).home).toBeCloseTo(
      goalRates({ ...rates, rho: 0 }, state('first-half', 0, { home: 0, away: 0 })).home,
      15,
    );
    expect(goalRates(rates, state('second-half', 80, { home: 2, away: 2 }, { home: 1, away: 1 }))).toEqual(plain);
  });

  it('needs the half-time score once the second half has started', () => {
    expect(() => scoreDistribution(rates, state('second-half', 50, { home: 1, away: 0 }))).toThrow(/halfTimeScore/);
  });
});

describe('the catalogue', () => {
  it('has every market type with stable keys, and selection names with the team names', () => {
    expect(catalogue).toHaveLength(45);
    expect(new Set(catalogue.map((spec) => spec.key)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((spec) => spec.type))).toEqual(new Set(Object.keys(MARKET_RULES)));
    for (const spec of catalogue) {
      expect(spec.key).toMatch(/^[A-Za-z0-9._:-]+$/);
      expect(new Set(spec.selections.map((selection) => selection.key)).size).toBe(spec.selections.length);
      for (const selection of spec.selections) expect(selection.key).toMatch(/^[A-Za-z0-9._:-]+$/);
    }
    expect(specOf('total-goals:2').name).toBe('Total Goals Over/Under 2.0');
    expect(specOf('asian-handicap:-1.5').name).toBe('Asian Handicap Rovers -1.5');
    expect(specOf('asian-handicap:-1.5').selections.map((selection) => selection.name)).toEqual([
      'Rovers -1.5',
      'United +1.5',
    ]);
    expect(specOf('double-chance').selections.map((selection) => selection.name)).toEqual([
      'Rovers or Draw',
      'Rovers or United',
      'Draw or United',
    ]);
    expect(specOf('half-time-full-time').selections.find((selection) => selection.key === 'draw-home')!.name).toBe(
      'Draw/Rovers',
    );
    expect(specOf('correct-score').selections).toHaveLength(28);
    expect(specOf('asian-handicap:-0.25').selections.map((selection) => selection.name)).toEqual([
      'Rovers -0.25',
      'United +0.25',
    ]);
    expect(specOf('three-way-handicap:-1').selections.map((selection) => selection.name)).toEqual([
      'Rovers -1',
      'Draw (Rovers -1)',
      'United +1',
    ]);
    expect(specOf('first-goal-time').selections.map((selection) => selection.name)).toEqual([
      '1-15 mins',
      '16-30 mins',
      '31-45 mins',
      '46-60 mins',
      '61-75 mins',
      '76-90 mins',
      'No Goal',
    ]);
  });
});

describe.each(RATES)('prices for %s', (_label, matchRates) => {
  describe.each(STATES)('%s', (_when, matchState) => {
    const markets = priceEvent(matchRates, matchState, catalogue);
    const open = markets.filter((market) => market.status === 'open');

    it('has fair probabilities summing to 1 in every market', () => {
      for (const market of markets) {
        const total = market.selections.reduce((sum, selection) => sum + selection.probability, 0);
        // The first goal's markets once a goal is in: decided on goal times the score does not tell, never priced.
        if (market.selections.every((selection) => selection.voidProbability === 1)) continue;
        expect(Math.abs(total - fairSum(market.key)), market.key).toBeLessThan(1e-9);
      }
    });

    it('has raw implied probabilities summing to 1 + the margin', () => {
      for (const market of open) {
        const margin = MARKET_MARGINS[specOf(market.key).type];
        const implied = market.selections.reduce(
          (sum, selection) => sum + 1 / rawDecimalOdds(selection.probability, margin),
          0,
        );
        expect(Math.abs(implied - fairSum(market.key) * (1 + margin)), market.key).toBeLessThan(1e-9);
      }
    });

    it('snaps every price at or below its raw price, keeping at least the margin and not much more', () => {
      for (const market of open) {
        const margin = MARKET_MARGINS[specOf(market.key).type];
        const offered = market.selections.filter((selection) => selection.price !== null);
        for (const selection of offered) {
          const raw = rawDecimalOdds(selection.probability, margin);
          expect(decimalValue(selection.price!)).toBeLessThanOrEqual(raw);
          // Snapping adds no more than the ladder's widest step (4/9 to 1/2, 0.0256 of probability) to a selection.
          expect(impliedProbability(selection.price!) - 1 / raw).toBeLessThan(0.0257);
        }
        const fair = offered.reduce((sum, selection) => sum + selection.probability, 0);
        const implied = offered.reduce((sum, selection) => sum + impliedProbability(selection.price!), 0);
        expect(implied, market.key).toBeGreaterThanOrEqual(fair * (1 + margin) - 1e-12);
        if (offered.length === market.selections.length) {
          expect(implied - fairSum(market.key), market.key).toBeGreaterThanOrEqual(
            fairSum(market.key) * margin - 1e-12,
          );
        }
      }
    });

    it('sums the correct scores to the match result', () => {
      const all = byKey(markets);
      const result = probabilities(all['match-result']!);
      const sums = { home: 0, draw: 0, away: 0 };
      for (const selection of all['correct-score']!.selections) {
        const [home, away] = selection.key.startsWith('other-') ? [0, 0] : selection.key.split('-').map(Number);
        const outcome = selection.key.startsWith('other-')
          ? (selection.key.slice(6) as keyof typeof sums)
          : home! > away!
            ? 'home'
            : home === away
              ? 'draw'
              : 'away';
        sums[outcome] += selection.probability;
      }
      for (const key of ['home', 'draw', 'away'] as const)
        expect(Math.abs(sums[key] - result[key]!)).toBeLessThan(1e-9);
    });

    it('agrees with the score matrix on totals, both teams to score and draw no bet', () => {
      const grid = scoreDistribution(matchRates, matchState).fullTime;
      const chance = (test: (home: number, away: number) => boolean) => {
        let sum = 0;
        for (let i = 0; i < grid.size; i++)
          for (let j = 0; j < grid.size; j++)
            if (test(grid.home + i, grid.away + j)) sum += grid.mass[i * grid.size + j]!;
        return sum;
      };
      const all = byKey(markets);
      for (const line of [0.5, 1.5, 2.5, 3.5, 4.5]) {
        expect(
          Math.abs(probabilities(all[`total-goals:${line}`]!).over! - chance((h, a) => h + a > line)),
        ).toBeLessThan(1e-9);
      }
      for (const line of [1, 2, 3, 4]) {
        const push = chance((h, a) => h + a === line);
        const over = all[`total-goals:${line}`]!.selections[0]!;
        expect(Math.abs(over.voidProbability - push)).toBeLessThan(1e-9);
        if (push < 1)
          expect(Math.abs(over.probability - chance((h, a) => h + a > line) / (1 - push))).toBeLessThan(1e-9);
      }
      expect(Math.abs(probabilities(all['both-teams-to-score']!).yes! - chance((h, a) => h > 0 && a > 0))).toBeLessThan(
        1e-9,
      );
      const draw = chance((h, a) => h === a);
      expect(Math.abs(probabilities(all['draw-no-bet']!).home! - chance((h, a) => h > a) / (1 - draw))).toBeLessThan(
        1e-9,
      );
      expect(probabilities(all['draw-no-bet']!)).toEqual(probabilities(all['asian-handicap:0']!));
    });

    it('reproduces the first-half result and the match result from half time/full time', () => {
      const all = byKey(markets);
      const htft = probabilities(all['half-time-full-time']!);
      const full = probabilities(all['match-result']!);
      const half = probabilities(all['first-half-result']!);
      for (const outcome of ['home', 'draw', 'away']) {
        const byHalf = ['home', 'draw', 'away'].reduce((sum, first) => sum + htft[`${first}-${outcome}`]!, 0);
        const byFull = ['home', 'draw', 'away'].reduce((sum, second) => sum + htft[`${outcome}-${second}`]!, 0);
        expect(Math.abs(byHalf - full[outcome]!)).toBeLessThan(1e-9);
        expect(Math.abs(byFull - half[outcome]!)).toBeLessThan(1e-9);
      }
    });
  });
});

describe('in play', () => {
  const twoNilAt80 = byKey(
    priceEvent(rates, state('second-half', 80, { home: 2, away: 0 }, { home: 1, away: 0 }), catalogue),
  );

  it('makes the home win very likely at 2-0 after 80 minutes and closes what is decided', () => {
    expect(twoNilAt80['match-result']!.selections[0]!.probability).toBeGreaterThan(0.97);
    for (const key of ['total-goals:0.5', 'total-goals:1', 'total-goals:1.5', 'total-goals:2', 'first-half-result']) {
      expect(twoNilAt80[key]!.status, key).toBe('closed');
      expect(
        twoNilAt80[key]!.selections.every((selection) => selection.price === null && selection.status === 'closed'),
        key,
      ).toBe(true);
    }
    expect(twoNilAt80['total-goals:2.5']!.status).toBe('open');
    expect(twoNilAt80['total-goals:2.5']!.selections.every((selection) => selection.price !== null)).toBe(true);
  });

  it('closes the correct scores and half time/full time selections that can no longer happen', () => {
    const scores = Object.fromEntries(
      twoNilAt80['correct-score']!.selections.map((selection) => [selection.key, selection]),
    );
    for (const gone of ['0-0', '1-0', '1-1', '0-2', '1-4']) {
      expect(scores[gone]).toMatchObject({ probability: 0, price: null, status: 'closed' });
    }
    expect(scores['2-0']!.status).toBe('open');
    expect(scores['2-0']!.probability).toBeGreaterThan(0.6);
    const htft = twoNilAt80['half-time-full-time']!;
    expect(htft.status).toBe('open');
    for (const selection of htft.selections.filter((selection) => !selection.key.startsWith('home-'))) {
      expect(selection).toMatchObject({ probability: 0, price: null, status: 'closed' });
    }
  });

  it('moves towards the current score as time runs out', () => {
    const homeWin = (minute: number) =>
      priceEvent(rates, state('second-half', minute, { home: 1, away: 0 }, { home: 1, away: 0 }), catalogue)[0]!
        .selections[0]!.probability;
    expect(homeWin(50)).toBeLessThan(homeWin(70));
    expect(homeWin(70)).toBeLessThan(homeWin(89));
    expect(homeWin(90)).toBe(1);
  });

  it('prices a match at minute 0 as before kick-off, and half time as the second half at 45', () => {
    expect(priceEvent(rates, state('first-half', 0, { home: 0, away: 0 }), catalogue)).toEqual(
      priceEvent(rates, preMatch, catalogue),
    );
    const halfTime = priceEvent(rates, state('half-time', 45, { home: 1, away: 0 }, { home: 1, away: 0 }), catalogue);
    const restart = priceEvent(rates, state('second-half', 45, { home: 1, away: 0 }, { home: 1, away: 0 }), catalogue);
    expect(restart).toEqual(halfTime);
  });

  it('closes every market at full time', () => {
    const ended = priceEvent(rates, state('full-time', 90, { home: 2, away: 1 }, { home: 1, away: 1 }), catalogue);
    expect(
      ended.every(
        (market) => market.status === 'closed' && market.selections.every((selection) => selection.price === null),
      ),
    ).toBe(true);
  });
});

describe('symmetry and home advantage', () => {
  it('prices equal teams with no home advantage the same both ways', () => {
    const even = matchRates(
      { attack: 1, defence: 1 },
      { attack: 1, defence: 1 },
      { homeGoals: 1.35, awayGoals: 1.35, rho: -0.1 },
    );
    const all = byKey(priceEvent(even, preMatch, catalogue));
    for (const key of ['match-result', 'draw-no-bet', 'first-half-result', 'asian-handicap:0']) {
      const selections = all[key]!.selections;
      expect(selections[0]!.price, key).toEqual(selections.at(-1)!.price);
    }
    expect(all['asian-handicap:-0.5']!.selections[0]!.price).toEqual(all['asian-handicap:0.5']!.selections[1]!.price);
    const scores = Object.fromEntries(
      all['correct-score']!.selections.map((selection) => [selection.key, selection.price]),
    );
    expect(scores['2-1']).toEqual(scores['1-2']);
    expect(scores['other-home']).toEqual(scores['other-away']);
    const htft = Object.fromEntries(
      all['half-time-full-time']!.selections.map((selection) => [selection.key, selection.price]),
    );
    expect(htft['home-draw']).toEqual(htft['away-draw']);
  });

  it('makes the home side favourite between equal teams in a league where home sides score more', () => {
    const homeAdvantage = matchRates({ attack: 1, defence: 1 }, { attack: 1, defence: 1 }, league);
    const [home, , away] = priceEvent(homeAdvantage, preMatch, catalogue)[0]!.selections;
    expect(home!.probability).toBeGreaterThan(away!.probability);
    expect(decimalValue(home!.price!)).toBeLessThan(decimalValue(away!.price!));
  });
});

describe('pricing and settlement use the same rule', () => {
  it("gives every selection, at the final whistle's score, the outcome settlement gives it", () => {
    const halves: Array<[Score, Score]> = [];
    for (let h = 0; h <= 3; h++)
      for (let a = 0; a <= 3; a++)
        for (let h2 = 0; h2 <= 3; h2++)
          for (let a2 = 0; a2 <= 3; a2++)
            halves.push([
              { home: h, away: a },
              { home: h + h2, away: a + a2 },
            ]);
    halves.push(
      [
        { home: 5, away: 0 },
        { home: 6, away: 0 },
      ],
      [
        { home: 2, away: 3 },
        { home: 5, away: 5 },
      ],
      [
        { home: 0, away: 4 },
        { home: 0, away: 7 },
      ],
    );
    for (const [halfTime, fullTime] of halves) {
      const distribution = scoreDistribution(rates, state('second-half', 90, fullTime, halfTime));
      const finalState = state('second-half', 90, fullTime, halfTime);
      for (const spec of catalogue) {
        // The first goal's markets settle on goal times, which a score alone does not tell once there are goals.
        const onFirstGoal = spec.type === 'first-team-to-score' || spec.type === 'first-goal-time';
        if (onFirstGoal && fullTime.home + fullTime.away > 0) continue;
        const chances = MARKET_RULES[spec.type as MatchMarketType].chances(spec, distribution, finalState);
        spec.selections.forEach(({ key }, index) => {
          const expected = settleSelection(spec, key, { halfTime, fullTime, goals: [] });
          const { win, void: voidChance, lose } = chances[index]!;
          expect(
            { win, void: voidChance, lose },
            `${spec.key} ${key} at ${halfTime.home}-${halfTime.away}, ${fullTime.home}-${fullTime.away}`,
          ).toEqual({
            win: expected === 'won' ? 1 : expected === 'half-won' ? 0.5 : 0,
            void: expected === 'void' ? 1 : expected === 'half-won' || expected === 'half-lost' ? 0.5 : 0,
            lose: expected === 'lost' ? 1 : expected === 'half-lost' ? 0.5 : 0,
          });
        });
      }
    }
  });

  it('lets exactly one correct score selection win on any score', () => {
    const spec = specOf('correct-score');
    for (let home = 0; home <= 9; home++) {
      for (let away = 0; away <= 9; away++) {
        const winners = spec.selections.filter(
          ({ key }) =>
            settleSelection(spec, key, { halfTime: { home: 0, away: 0 }, fullTime: { home, away } }) === 'won',
        );
        expect(winners.map((selection) => selection.name)).toEqual([
          home <= 4 && away <= 4
            ? `${home}-${away}`
            : home > away
              ? 'Any other home win'
              : home === away
                ? 'Any other draw'
                : 'Any other away win',
        ]);
      }
    }
  });

  it('refuses a selection the market does not have', () => {
    expect(() =>
      settleSelection(specOf('match-result'), 'over', {
        halfTime: { home: 0, away: 0 },
        fullTime: { home: 1, away: 0 },
      }),
    ).toThrow(/no selection/);
  });
});

describe('across a whole match', () => {
  it('stays a distribution at every moment, score and strength: finite, within [0, 1], summing to 1, priced only when open', () => {
    const strengths: MatchRates[] = [
      rates,
      { home: 0.2, away: 3.8, rho: -0.3 },
      { home: 4, away: 0, rho: 0.2 },
      { home: 1.3, away: 1.1, rho: 0 },
    ];
    const moments: MatchState[] = [preMatch];
    for (const minute of [0, 12.5, 44.9, 45]) moments.push(state('first-half', minute, { home: 2, away: 1 }));
    moments.push(state('half-time', 45, { home: 0, away: 3 }, { home: 0, away: 3 }));
    for (const minute of [45, 67.25, 89.99, 90])
      moments.push(state('second-half', minute, { home: 5, away: 4 }, { home: 4, away: 4 }));
    for (const matchRates of strengths) {
      for (const moment of moments) {
        for (const market of priceEvent(matchRates, moment, catalogue)) {
          let sum = 0;
          for (const selection of market.selections) {
            expect(selection.probability).toBeGreaterThanOrEqual(0);
            expect(selection.probability).toBeLessThanOrEqual(1 + 1e-12);
            expect(selection.voidProbability).toBeGreaterThanOrEqual(0);
            expect(selection.status === 'open').toBe(selection.price !== null);
            if (market.status === 'closed') expect(selection.price).toBeNull();
            sum += selection.probability;
          }
          const allVoid = market.selections.every((selection) => selection.voidProbability > 1 - 1e-12);
          if (!allVoid)
            expect(
              Math.abs(sum - fairSum(market.key)),
              `${market.key} at ${moment.phase} ${moment.minute}`,
            ).toBeLessThan(1e-9);
        }
      }
    }
  });

  it('draws goals for the feed from the same model: a seeded simulation of goalRates lands on the priced chances', () => {
    // mulberry32: a small seeded generator, so the test is the same on every run.
    let seed = 20_260_601;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const simulated = rates;
    const matches = 20_000;
    const tally = { home: 0, draw: 0, away: 0, overTwoAndHalf: 0, halfTimeDraw: 0, nilNil: 0, oneAll: 0 };
    for (let match = 0; match < matches; match++) {
      const score = { home: 0, away: 0 };
      let halfTime = { home: 0, away: 0 };
      for (let minute = 0; minute < 90; minute++) {
        const moment = minute < 45 ? state('first-half', minute, score) : state('second-half', minute, score, halfTime);
        const perMinute = goalRates(simulated, moment);
        if (random() < perMinute.home) score.home++;
        if (random() < perMinute.away) score.away++;
        if (minute === 44) halfTime = { ...score };
      }
      tally[score.home > score.away ? 'home' : score.home === score.away ? 'draw' : 'away']++;
      if (score.home + score.away > 2.5) tally.overTwoAndHalf++;
      if (halfTime.home === halfTime.away) tally.halfTimeDraw++;
      if (score.home + score.away === 0) tally.nilNil++;
      if (score.home === 1 && score.away === 1) tally.oneAll++;
    }
    const all = byKey(priceEvent(simulated, preMatch, catalogue));
    const result = probabilities(all['match-result']!);
    // One standard error is at most 0.0035 with 20,000 matches: allow about three and a half.
    const close = (simulated: number, priced: number) =>
      expect(Math.abs(simulated / matches - priced)).toBeLessThan(0.012);
    close(tally.home, result.home!);
    close(tally.draw, result.draw!);
    close(tally.away, result.away!);
    close(tally.overTwoAndHalf, probabilities(all['total-goals:2.5']!).over!);
    close(tally.halfTimeDraw, probabilities(all['first-half-result']!).draw!);
    const scores = probabilities(all['correct-score']!);
    close(tally.nilNil, scores['0-0']!);
    close(tally.oneAll, scores['1-1']!);
  });
});
