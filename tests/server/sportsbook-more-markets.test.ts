import { describe, expect, it } from 'vitest';
import type { LegResult, Price, Score } from '../../src/contract/sportsbook-rules';
import { settleBet } from '../../server/sportsbook/bets/settlement';
import {
  MARKET_MARGINS,
  marketCatalogue,
  priceEvent,
  rawDecimalOdds,
  settleSelection,
} from '../../server/sportsbook/markets';
import { scoreDistribution } from '../../server/sportsbook/pricing/score-distribution';
import type { FinalResult, GoalTime, MatchRates, MatchState } from '../../server/sportsbook/pricing/types';

const p = (num: number, den: number): Price => ({ num, den });
const leg = (price: Price, result: LegResult) => ({ price, result });
const catalogue = marketCatalogue('Rovers', 'United');
const specOf = (key: string) => catalogue.find((spec) => spec.key === key)!;
const score = (text: string): Score => {
  const [home, away] = text.split('-').map(Number);
  return { home: home!, away: away! };
};
const settle = (
  marketKey: string,
  selectionKey: string,
  fullTime: string,
  halfTime = '0-0',
  goals?: GoalTime[] | null,
) => settleSelection(specOf(marketKey), selectionKey, { fullTime: score(fullTime), halfTime: score(halfTime), goals });
const goalsOf = (text: string): GoalTime[] =>
  text === ''
    ? []
    : text.split(',').map((goal) => ({ side: goal[0] === 'H' ? 'home' : 'away', minute: Number(goal.slice(1)) }));
const state = (
  phase: MatchState['phase'],
  minute: number,
  now: Score = { home: 0, away: 0 },
  halfTimeScore: Score | null = null,
): MatchState => ({ phase, minute, score: now, halfTimeScore });
const preMatch = state('pre-match', 0);
const rates: MatchRates = { home: 1.6, away: 1.1, rho: -0.12 };
const poissonOnly: MatchRates = { home: 1.6, away: 1.1, rho: 0 };

describe('half-won and half-lost legs in settleBet', () => {
  it.each([
    {
      rule: 'Betting Rules: "£10 on -0.25 is £5 on 0 and £5 on -0.5. If the match is drawn, the £5 on 0 is void and returned and the £5 on -0.5 loses"',
      stake: 1_000,
      legs: [leg(p(9, 10), 'half-lost')],
      expected: { status: 'lost', returns: 500 },
    },
    {
      rule: 'half-won: £10 at 9/10, £5 wins £9.50 with its stake, £5 returned: £14.50',
      stake: 1_000,
      legs: [leg(p(9, 10), 'half-won')],
      expected: { status: 'won', returns: 1_450 },
    },
    {
      rule: 'half-lost rounds down once: 15p half lost is 7p',
      stake: 15,
      legs: [leg(p(1, 1), 'half-lost')],
      expected: { status: 'lost', returns: 7 },
    },
    {
      rule: 'half-won rounds down once: 15p at 2/7 half won is 15 x (2/7 + 2) / 2 = 17.14p',
      stake: 15,
      legs: [leg(p(2, 7), 'half-won')],
      expected: { status: 'won', returns: 17 },
    },
    {
      rule: "an accumulator multiplies its legs' factors exactly, rounding once: £1 on 5/6 half-won x 2/1 won x 4/6 void = 100 x 17/12 x 3 = 425",
      stake: 100,
      legs: [leg(p(5, 6), 'half-won'), leg(p(2, 1), 'won'), leg(p(4, 6), 'void')],
      expected: { status: 'won', returns: 425 },
    },
    {
      rule: 'an accumulator with a half-lost leg: £2 at 3/1 won x half-lost = 200 x 4 x 1/2 = 400',
      stake: 200,
      legs: [leg(p(3, 1), 'won'), leg(p(1, 1), 'half-lost')],
      expected: { status: 'won', returns: 400 },
    },
    {
      rule: 'half-won x half-lost returning less than the stake is lost with that return: 1/1 half-won x half-lost = 3/4',
      stake: 1_000,
      legs: [leg(p(1, 1), 'half-won'), leg(p(1, 1), 'half-lost')],
      expected: { status: 'lost', returns: 750 },
    },
    {
      rule: 'a lost leg still loses everything',
      stake: 1_000,
      legs: [leg(p(1, 1), 'half-won'), leg(p(1, 1), 'lost')],
      expected: { status: 'lost', returns: 0 },
    },
    {
      rule: 'an open leg keeps it open',
      stake: 1_000,
      legs: [leg(p(1, 1), 'half-lost'), leg(p(1, 1), 'open')],
      expected: { status: 'open' },
    },
  ])('$rule', ({ stake, legs, expected }) => {
    expect(settleBet(stake, legs)).toEqual(expected);
  });
});

describe('Asian handicap quarter lines', () => {
  it.each([
    // -0.25 is half on 0, half on -0.5.
    ['asian-handicap:-0.25', 'home', '1-0', 'won'],
    ['asian-handicap:-0.25', 'home', '1-1', 'half-lost'],
    ['asian-handicap:-0.25', 'away', '1-1', 'half-won'],
    ['asian-handicap:-0.25', 'away', '0-1', 'won'],
    // -0.75 is half on -0.5, half on -1.
    ['asian-handicap:-0.75', 'home', '2-1', 'half-won'],
    ['asian-handicap:-0.75', 'away', '2-1', 'half-lost'],
    ['asian-handicap:-0.75', 'home', '3-1', 'won'],
    ['asian-handicap:-0.75', 'home', '1-1', 'lost'],
    // +0.25 is half on 0, half on +0.5.
    ['asian-handicap:0.25', 'home', '0-0', 'half-won'],
    ['asian-handicap:0.25', 'away', '0-0', 'half-lost'],
    ['asian-handicap:0.25', 'home', '0-1', 'lost'],
    // +1.75 is half on +1.5, half on +2.
    ['asian-handicap:1.75', 'home', '0-2', 'half-lost'],
    ['asian-handicap:1.75', 'away', '0-2', 'half-won'],
    ['asian-handicap:1.75', 'away', '0-3', 'won'],
    ['asian-handicap:-2.25', 'home', '2-0', 'half-lost'],
    ['asian-handicap:-2.25', 'home', '3-0', 'won'],
    // Half and whole lines as before.
    ['asian-handicap:-0.5', 'home', '1-1', 'lost'],
    ['asian-handicap:-1', 'home', '2-1', 'void'],
  ])('%s %s at %s is %s', (market, selection, fullTime, expected) => {
    expect(settle(market, selection, fullTime)).toBe(expected);
  });

  it('lists every quarter from -2.5 to +2.5 with names as UK books print them', () => {
    const lines = catalogue.filter((spec) => spec.type === 'asian-handicap').map((spec) => spec.line);
    expect(lines).toEqual([
      -2.5, -2.25, -2, -1.75, -1.5, -1.25, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5,
    ]);
    expect(specOf('asian-handicap:0.75').name).toBe('Asian Handicap Rovers +0.75');
    expect(specOf('asian-handicap:-1').selections.map((selection) => selection.name)).toEqual([
      'Rovers -1.0',
      'United +1.0',
    ]);
  });

  it('prices a quarter line fair: at 1/(p(1 + margin)) the expected return, half wins and half losses included, is 1/(1 + margin)', () => {
    expect.hasAssertions();
    for (const moment of [
      preMatch,
      state('first-half', 30, score('1-0')),
      state('second-half', 70, score('1-1'), score('1-0')),
    ]) {
      const distribution = scoreDistribution(rates, moment);
      const priced = priceEvent(rates, moment, catalogue);
      for (const spec of catalogue.filter(
        (candidate) => candidate.type === 'asian-handicap' && !Number.isInteger(candidate.line! * 2),
      )) {
        const market = priced.find((candidate) => candidate.key === spec.key)!;
        spec.selections.forEach(({ key }, index) => {
          const odds = rawDecimalOdds(market.selections[index]!.probability, MARKET_MARGINS['asian-handicap']);
          // Expected return of a unit stake over every goal difference, settled as settlement settles it.
          const { lowest, mass } = distribution.goalDifference;
          let expected = 0;
          for (let k = 0; k < mass.length; k++) {
            const difference = lowest + k;
            const outcome = settleSelection(spec, key, {
              halfTime: { home: 0, away: 0 },
              fullTime: difference >= 0 ? { home: difference, away: 0 } : { home: 0, away: -difference },
            });
            const factor = { won: odds, 'half-won': (odds + 1) / 2, void: 1, 'half-lost': 0.5, lost: 0 }[outcome];
            expected += mass[k]! * factor;
          }
          if (market.selections[index]!.probability > 0)
            expect(expected, `${spec.key} ${key}`).toBeCloseTo(
              1 / (1 + MARKET_MARGINS['asian-handicap']) +
                market.selections[index]!.voidProbability * (1 - 1 / (1 + MARKET_MARGINS['asian-handicap'])),
              9,
            );
        });
      }
    }
  });
});

describe('3-way handicap', () => {
  it.each([
    // Betting Rules: "with Team A -1: if Team A wins by 2 or more, 'Team A -1' wins; if Team A wins by exactly 1, 'Draw (handicap)' wins; otherwise 'Team B +1' wins."
    ['three-way-handicap:-1', '2-0', 'home'],
    ['three-way-handicap:-1', '2-1', 'draw'],
    ['three-way-handicap:-1', '1-1', 'away'],
    ['three-way-handicap:-1', '0-2', 'away'],
    ['three-way-handicap:1', '0-1', 'draw'],
    ['three-way-handicap:1', '1-1', 'home'],
    ['three-way-handicap:1', '0-2', 'away'],
    ['three-way-handicap:-3', '4-1', 'draw'],
    ['three-way-handicap:2', '1-3', 'draw'],
  ])('%s at %s: only %s wins', (market, fullTime, winner) => {
    for (const key of ['home', 'draw', 'away'])
      expect(settle(market, key, fullTime)).toBe(key === winner ? 'won' : 'lost');
  });

  it('prices each line from the goal difference: Rovers -1 is P(win by 2+), its draw P(win by exactly 1)', () => {
    const { lowest, mass } = scoreDistribution(rates, preMatch).goalDifference;
    const at = (difference: number) => mass[difference - lowest] ?? 0;
    let byTwoOrMore = 0;
    for (let k = 0; k < mass.length; k++) if (lowest + k >= 2) byTwoOrMore += mass[k]!;
    const [home, draw, away] = priceEvent(rates, preMatch, catalogue).find(
      (market) => market.key === 'three-way-handicap:-1',
    )!.selections;
    expect(home!.probability).toBeCloseTo(byTwoOrMore, 12);
    expect(draw!.probability).toBeCloseTo(at(1), 12);
    expect(home!.probability + draw!.probability + away!.probability).toBeCloseTo(1, 12);
  });
});

describe('first team to score and time of the first goal', () => {
  it.each([
    ['first-team-to-score', '2-1', '1-0', 'H12,A67,H80', 'home', 'won'],
    ['first-team-to-score', '2-1', '0-0', 'A50,H67,H80', 'away', 'won'],
    ['first-team-to-score', '2-1', '0-0', 'A50,H67,H80', 'home', 'lost'],
    ['first-team-to-score', '0-0', '0-0', '', 'no-goal', 'won'],
    ['first-team-to-score', '0-0', '0-0', '', 'home', 'lost'],
    ['first-goal-time', '1-0', '1-0', 'H15', '1-15', 'won'],
    ['first-goal-time', '1-0', '1-0', 'H16', '16-30', 'won'],
    // "Goals scored in first-half stoppage time count as scored in the 45th minute."
    ['first-goal-time', '1-0', '1-0', 'H45', '31-45', 'won'],
    ['first-goal-time', '1-0', '0-0', 'H46', '46-60', 'won'],
    ['first-goal-time', '2-0', '0-0', 'H90,H90', '76-90', 'won'],
    ['first-goal-time', '2-0', '0-0', 'H90,H90', 'no-goal', 'lost'],
    // "If no goal is scored, bets on 'no goal' win and bets on minute bands lose."
    ['first-goal-time', '0-0', '0-0', '', 'no-goal', 'won'],
    ['first-goal-time', '0-0', '0-0', '', '1-15', 'lost'],
  ])('%s at %s (HT %s, goals %s): %s %s', (market, fullTime, halfTime, goals, selection, expected) => {
    expect(settle(market, selection, fullTime, halfTime, goalsOf(goals))).toBe(expected);
  });

  it('is void when the result came without goal times, or with times that do not add up to the scores', () => {
    for (const market of ['first-team-to-score', 'first-goal-time']) {
      const key = specOf(market).selections[0]!.key;
      expect(settle(market, key, '1-0', '1-0')).toBe('void');
      expect(settle(market, key, '1-0', '1-0', null)).toBe('void');
      expect(settle(market, key, '2-0', '1-0', goalsOf('H10'))).toBe('void');
      expect(settle(market, key, '1-0', '1-0', goalsOf('H50'))).toBe('void');
      expect(settle(market, key, '1-1', '0-0', goalsOf('H70,A50'))).toBe('void');
      expect(settle(market, 'no-goal', '0-0', '0-0', null)).toBe('void');
    }
  });

  const firstGoal = (matchRates: MatchRates, moment: MatchState) => {
    const priced = priceEvent(matchRates, moment, catalogue);
    return {
      team: priced.find((market) => market.key === 'first-team-to-score')!,
      time: priced.find((market) => market.key === 'first-goal-time')!,
    };
  };

  it('prices as the Poisson process it is without the low-score correction: home first (lambda/(lambda + mu))(1 - e^-(lambda + mu)), bands by the 45/55 split', () => {
    const total = poissonOnly.home + poissonOnly.away;
    const { team, time } = firstGoal(poissonOnly, preMatch);
    expect(team.selections[0]!.probability).toBeCloseTo((poissonOnly.home / total) * (1 - Math.exp(-total)), 10);
    expect(team.selections[2]!.probability).toBeCloseTo(Math.exp(-total), 10);
    // Before kick-off: 1-15 takes a third of the first half's 45%; 46-60 a third of the second half's 55%.
    const noneBy = (share: number) => Math.exp(-total * share);
    expect(time.selections[0]!.probability).toBeCloseTo(1 - noneBy(0.15), 10);
    expect(time.selections[3]!.probability).toBeCloseTo(noneBy(0.45) - noneBy(0.45 + 0.55 / 3), 10);
    // In play at 20 minutes, 0-0: 16-30 is the next 10 minutes of the first half.
    const inPlay = firstGoal(poissonOnly, state('first-half', 20)).time;
    expect(inPlay.selections[0]!.price).toBeNull();
    expect(inPlay.selections[0]!.status).toBe('closed');
    expect(inPlay.selections[1]!.probability).toBeCloseTo(1 - noneBy(0.1), 10);
    expect(inPlay.selections[6]!.probability).toBeCloseTo(noneBy(0.45 * (25 / 45) + 0.55), 10);
  });

  it('with the Dixon-Coles correction, sums to 1 and gives "No Goal" exactly P(0-0) in both markets', () => {
    for (const moment of [
      preMatch,
      state('first-half', 30),
      state('half-time', 45, score('0-0'), score('0-0')),
      state('second-half', 80, score('0-0'), score('0-0')),
    ]) {
      const { fullTime } = scoreDistribution(rates, moment);
      const { team, time } = firstGoal(rates, moment);
      for (const market of [team, time]) {
        expect(market.selections.reduce((sum, selection) => sum + selection.probability, 0)).toBeCloseTo(1, 12);
        expect(market.selections.at(-1)!.probability).toBeCloseTo(fullTime.mass[0]!, 12);
        expect(market.status).toBe('open');
      }
    }
  });

  it('closes both markets once a goal is in', () => {
    const { team, time } = firstGoal(rates, state('first-half', 30, score('0-1')));
    expect(team.status).toBe('closed');
    expect(time.status).toBe('closed');
    expect([...team.selections, ...time.selections].every((selection) => selection.price === null)).toBe(true);
  });
});

describe('the new markets settle every final result', () => {
  it('gives exactly one winner in every 3-way handicap and first-goal market, for every result with goal times', () => {
    const results: FinalResult[] = [
      { halfTime: score('0-0'), fullTime: score('0-0'), goals: [] },
      { halfTime: score('1-0'), fullTime: score('1-2'), goals: goalsOf('H3,A55,A90') },
      { halfTime: score('2-2'), fullTime: score('4-2'), goals: goalsOf('A30,H31,H40,A45,H46,H77') },
    ];
    for (const result of results) {
      for (const spec of catalogue.filter((candidate) =>
        ['three-way-handicap', 'first-team-to-score', 'first-goal-time'].includes(candidate.type),
      )) {
        const winners = spec.selections.filter(({ key }) => settleSelection(spec, key, result) === 'won');
        expect(winners, spec.key).toHaveLength(1);
      }
    }
  });
});
