import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import { betting, createBetsWorld, frame, punter, type BetsWorld } from './support/sportsbook-bets';
import type { OpenBetsLive } from '../../src/contract/sportsbook-rules';
import { legStanding } from '../../server/sportsbook/bets/open-bets-live';
import { marketCatalogue } from '../../server/sportsbook/markets';
import type { MatchState } from '../../server/sportsbook/pricing/types';
import { FAKE_MATCH_RATES } from './support/sportsbook-bets';

const playing = (minute: number, home: number, away: number, halfTime = { home: 0, away: 0 }): MatchState =>
  minute <= 45
    ? { phase: 'first-half', minute, score: { home, away }, halfTimeScore: null }
    : { phase: 'second-half', minute, score: { home, away }, halfTimeScore: halfTime };

const specOf = (key: string) => marketCatalogue('Rovers', 'United').find((spec) => spec.key === key)!;

describe('a leg’s standing on the match so far (the Betting Rules of its market)', () => {
  const at = (state: MatchState, goals?: Array<{ side: 'home' | 'away'; minute: number }>) => ({
    rates: FAKE_MATCH_RATES,
    state,
    goals,
  });

  it('has none before kick-off', () => {
    expect(legStanding(specOf('match-result'), 'home', at({ ...playing(0, 0, 0), phase: 'pre-match' }))).toBeNull();
  });

  it('is winning or losing while the score can still change it, and won or lost once it cannot', () => {
    const state = playing(63, 1, 0);
    expect(legStanding(specOf('match-result'), 'home', at(state))).toBe('winning');
    expect(legStanding(specOf('match-result'), 'draw', at(state))).toBe('losing');
    expect(legStanding(specOf('total-goals:0.5'), 'over', at(state))).toBe('won');
    expect(legStanding(specOf('total-goals:0.5'), 'under', at(state))).toBe('lost');
    expect(legStanding(specOf('both-teams-to-score'), 'yes', at(state))).toBe('losing');
  });

  it('is void as it stands on a whole line landing or Draw No Bet level, and winning on a quarter line half won', () => {
    expect(legStanding(specOf('draw-no-bet'), 'home', at(playing(70, 1, 1)))).toBe('void-as-it-stands');
    expect(legStanding(specOf('total-goals:1'), 'over', at(playing(70, 1, 0)))).toBe('void-as-it-stands');
    // Rovers -0.25 at 0-0: half the stake on 0 (void), half on -0.5 (lost): half lost, so losing.
    expect(legStanding(specOf('asian-handicap:-0.25'), 'home', at(playing(30, 0, 0)))).toBe('losing');
    // United +0.25 at 0-0: half void, half won.
    expect(legStanding(specOf('asian-handicap:-0.25'), 'away', at(playing(30, 0, 0)))).toBe('winning');
  });

  it('settles the first half at half time, and the first goal’s markets on the goals', () => {
    const halfTime: MatchState = { phase: 'half-time', minute: 45, score: { home: 0, away: 1 }, halfTimeScore: null };
    expect(legStanding(specOf('first-half-result'), 'away', at(halfTime))).toBe('won');
    expect(legStanding(specOf('first-half-result'), 'home', at(halfTime))).toBe('lost');
    const afterGoal = at(playing(30, 0, 1), [{ side: 'away', minute: 12 }]);
    expect(legStanding(specOf('first-team-to-score'), 'away', afterGoal)).toBe('won');
    expect(legStanding(specOf('first-team-to-score'), 'home', afterGoal)).toBe('lost');
    expect(legStanding(specOf('first-team-to-score'), 'no-goal', at(playing(30, 0, 0), []))).toBe('winning');
  });
});

for (const kind of databaseKinds()) {
  describe(`GET /api/open-bets/live [${kind}]`, () => {
    let world: BetsWorld;
    beforeAll(async () => {
      world = await createBetsWorld(kind);
    }, 60_000);
    afterAll(async () => world?.close());
    const { pick, place } = betting(() => world);

    it('gives the open bets’ matches as they are now and how each open leg stands, for this customer only', async () => {
      const p = await punter(world, 10_000);
      const other = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const later = world.catalogue.addEvent();
      const home = pick(eventId, 'match-result', 'home');
      const over = pick(eventId, 'total-goals:0.5', 'over');
      const laterHome = pick(later, 'match-result', 'home');
      const single = await place(p, [home], 500);
      const acca = await place(p, [over, laterHome], 500);
      await place(other, [pick(eventId, 'match-result', 'away')], 500);

      const before = (await frame(world, p.token, 'GET', '/api/open-bets/live')).json() as OpenBetsLive;
      expect(before.legs).toEqual([]);
      expect(before.matches.find((match) => match.eventId === eventId)).toMatchObject({
        status: 'scheduled',
        phase: 'pre-match',
        score: { home: 0, away: 0 },
      });

      // Rovers score; 63 minutes played.
      world.catalogue.setInPlay(eventId, { home: 1, away: 0 });
      world.catalogue.setMatch(eventId, playing(63.4, 1, 0));
      const answer = await frame(world, p.token, 'GET', '/api/open-bets/live');
      expect(answer.statusCode).toBe(200);
      const live = answer.json() as OpenBetsLive;
      expect(live.matches.find((match) => match.eventId === eventId)).toEqual({
        eventId,
        status: 'live',
        phase: 'second-half',
        minute: 63,
        score: { home: 1, away: 0 },
        seq: world.catalogue.quote(home)!.seq,
      });
      expect(live.legs).toHaveLength(2);
      expect(live.legs).toEqual(
        expect.arrayContaining([
          { betId: single, selectionId: home, standing: 'winning' },
          { betId: acca, selectionId: over, standing: 'won' },
        ]),
      );
    });

    it('answers 401 without a session', async () => {
      const answer = await world.app.inject({ method: 'GET', url: '/api/open-bets/live' });
      expect(answer.statusCode).toBe(401);
    });
  });
}
