import { describe, expect, it } from 'vitest';
import { doubleRoundRobin, leagueTable, winnersOf } from '../../server/sportsbook/outrights/season';
import { simulateOutright, type RemainingMatch, type Standing } from '../../server/sportsbook/pricing/outright';
import { MARKET_MARGINS, rawDecimalOdds } from '../../server/sportsbook/markets';
import { matchRates } from '../../server/sportsbook/pricing';
import { settleBet } from '../../server/sportsbook/bets/settlement';

const POINTS = { win: 3, draw: 1 };
const clubs = (n: number) => Array.from({ length: n }, (_, i) => `club-${String(i).padStart(2, '0')}`);
const league = { homeGoals: 1.5, awayGoals: 1.2, rho: -0.08 };
const even = { attack: 1, defence: 1 };
const remainingOf = (teams: string[]): RemainingMatch[] =>
  doubleRoundRobin(teams).map((fixture) => ({
    home: fixture.home,
    away: fixture.away,
    rates: matchRates(even, even, league),
  }));
const fresh = (teams: string[]): Standing[] =>
  teams.map((teamId) => ({ teamId, points: 0, goalsFor: 0, goalsAgainst: 0 }));

describe('a season', () => {
  it('is a double round-robin: every club home and away to every other once, one match per club per round', () => {
    for (const n of [10, 12, 16, 5]) {
      const teams = clubs(n);
      const fixtures = doubleRoundRobin(teams);
      expect(fixtures).toHaveLength(n * (n - 1));
      expect(new Set(fixtures.map((f) => `${f.home}>${f.away}`)).size).toBe(n * (n - 1));
      for (const f of fixtures) expect(f.home).not.toBe(f.away);
      const rounds = new Map<number, string[]>();
      for (const f of fixtures) rounds.set(f.round, [...(rounds.get(f.round) ?? []), f.home, f.away]);
      for (const playing of rounds.values()) expect(new Set(playing).size).toBe(playing.length);
    }
  });

  it('ranks by points, then goal difference, then goals scored; clubs level on all three share first place', () => {
    const teams = ['a', 'b', 'c', 'd'];
    // a and b: 3 pts, +1, 2 scored each; c: 3 pts, +1, 1 scored; d: 0.
    const table = leagueTable(teams, [
      { home: 'a', away: 'd', homeGoals: 2, awayGoals: 1 },
      { home: 'b', away: 'd', homeGoals: 2, awayGoals: 1 },
      { home: 'c', away: 'd', homeGoals: 1, awayGoals: 0 },
    ]);
    expect(table.map((line) => line.teamId)).toEqual(['a', 'b', 'c', 'd']);
    expect(table[0]).toMatchObject({ played: 1, won: 1, drawn: 0, lost: 0, goalsFor: 2, goalsAgainst: 1, points: 3 });
    expect(table[3]).toMatchObject({ played: 3, lost: 3, goalsFor: 2, goalsAgainst: 5, points: 0 });
    expect(winnersOf(table)).toEqual(['a', 'b']);
    expect(winnersOf(leagueTable(teams, [{ home: 'c', away: 'a', homeGoals: 3, awayGoals: 3 }]))).toEqual(['a', 'c']);
    expect(winnersOf(leagueTable(teams, [{ home: 'c', away: 'a', homeGoals: 0, awayGoals: 1 }]))).toEqual(['a']);
  });
});

describe('outright pricing', () => {
  it("the clubs' chances sum to 1, and their implied chances to 1 + the margin", () => {
    const teams = clubs(10);
    const chances = simulateOutright({
      standings: fresh(teams),
      remaining: remainingOf(teams),
      runs: 4_000,
      seed: 7,
      points: POINTS,
    });
    const sum = [...chances.values()].reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 12);
    const implied = [...chances.values()].reduce(
      (total, p) => total + 1 / rawDecimalOdds(p, MARKET_MARGINS.outright),
      0,
    );
    expect(implied).toBeCloseTo(1 + MARKET_MARGINS.outright, 12);
    // Ten equal clubs: nobody far from a tenth.
    for (const p of chances.values()) expect(Math.abs(p - 0.1)).toBeLessThan(0.04);
  });

  it('a club far ahead with few games left is the favourite, and the same seed gives the same prices', () => {
    const teams = clubs(10);
    const all = remainingOf(teams);
    const lastRounds = all.slice(-10);
    const standings = fresh(teams).map((standing, at) => ({
      ...standing,
      points: at === 3 ? 50 : 40,
      goalsFor: 30,
      goalsAgainst: 30,
    }));
    const run = () => simulateOutright({ standings, remaining: lastRounds, runs: 3_000, seed: 11, points: POINTS });
    const chances = run();
    const favourite = [...chances.entries()].sort((a, b) => b[1] - a[1])[0]!;
    expect(favourite[0]).toBe('club-03');
    expect(favourite[1]).toBeGreaterThan(0.9);
    expect(run()).toEqual(chances);
  });

  it('a stronger club is a shorter price than an even one from the start', () => {
    expect.hasAssertions();
    const teams = clubs(6);
    const strong = { attack: 1.5, defence: 0.7 };
    const remaining = doubleRoundRobin(teams).map((f) => ({
      home: f.home,
      away: f.away,
      rates: matchRates(f.home === 'club-00' ? strong : even, f.away === 'club-00' ? strong : even, league),
    }));
    const chances = simulateOutright({ standings: fresh(teams), remaining, runs: 3_000, seed: 3, points: POINTS });
    for (const [teamId, p] of chances) if (teamId !== 'club-00') expect(chances.get('club-00')!).toBeGreaterThan(p);
  });

  it('a finished season gives certainty: the winner 1, the rest 0; a tie at the top splits it', () => {
    const standings = [
      { teamId: 'a', points: 10, goalsFor: 8, goalsAgainst: 4 },
      { teamId: 'b', points: 10, goalsFor: 7, goalsAgainst: 3 },
      { teamId: 'c', points: 4, goalsFor: 3, goalsAgainst: 11 },
    ];
    expect(simulateOutright({ standings, remaining: [], runs: 1, seed: 1, points: POINTS })).toEqual(
      new Map([
        ['a', 1],
        ['b', 0],
        ['c', 0],
      ]),
    );
    const level = standings.map((s) => (s.teamId === 'b' ? { ...s, goalsFor: 8, goalsAgainst: 4 } : s));
    expect(simulateOutright({ standings: level, remaining: [], runs: 1, seed: 1, points: POINTS })).toEqual(
      new Map([
        ['a', 0.5],
        ['b', 0.5],
        ['c', 0],
      ]),
    );
  });
});

describe('dead-heat settlement', () => {
  // Stake, price, clubs tied: the stake divided by the clubs tied, paid at full odds on that part, rounded down once.
  const cases: Array<[stake: number, num: number, den: number, ways: number, returns: number, status: 'won' | 'lost']> =
    [
      [1_000, 4, 1, 2, 2_500, 'won'], // £5 at 5.0
      [1_000, 4, 1, 3, 1_666, 'won'], // £3.333 at 5.0 = £16.666...
      [1_000, 1, 1, 2, 1_000, 'won'], // £5 at evens: the stake back
      [1_000, 1, 2, 2, 750, 'lost'], // £5 at 1.5: less than the stake
      [333, 7, 2, 3, 499, 'won'], // 111p at 4.5 = 499.5p
      [10, 500, 1, 3, 1_670, 'won'], // 3.33p at 501 = 1670p
    ];
  it.each(cases)('stake %ip at %i/%i in a dead heat of %i returns %ip', (stake, num, den, ways, returns, status) => {
    expect(settleBet(stake, [{ price: { num, den }, result: 'dead-heat', deadHeatWays: ways }])).toEqual({
      status,
      returns,
    });
  });

  it('a dead heat needs two clubs or more', () => {
    expect(() => settleBet(100, [{ price: { num: 2, den: 1 }, result: 'dead-heat', deadHeatWays: 1 }])).toThrow();
    expect(() => settleBet(100, [{ price: { num: 2, den: 1 }, result: 'dead-heat' }])).toThrow();
  });
});
