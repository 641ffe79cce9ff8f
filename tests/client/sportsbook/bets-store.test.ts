import { describe, expect, it, vi } from 'vitest';
import { BetsStore } from '../../../src/sportsbook/stores/BetsStore';
import { betView, event } from './fixtures';
import type { OpenBetsLive } from '../../../src/contract/sportsbook-rules';

describe('My Bets after a resync push', () => {
  it('fetches again the tabs already shown, and only those', async () => {
    let settledNow = [betView('bet-1', { status: 'won', returns: 1_750 })];
    const fetchBets = vi.fn(async (tab: 'open' | 'settled') => (tab === 'settled' ? settledNow : []));
    const bets = new BetsStore(fetchBets);
    await bets.load('settled');
    settledNow = [betView('bet-2', { status: 'won', returns: 900 }), ...settledNow];

    await bets.reloadShown();

    expect(fetchBets.mock.calls.map(([tab]) => tab)).toEqual(['settled', 'settled']);
    expect(bets.lists.settled!.map((bet) => bet.betId)).toEqual(['bet-2', 'bet-1']);
    expect(bets.lists.open).toBeNull();
  });
});

describe('My Bets’ live matches', () => {
  const leg = {
    selectionId: 'ev-1~match-result~home',
    eventId: 'ev-1',
    eventName: 'Rovers v United',
    kickoffAt: '2026-11-23T15:00:00.000Z',
    marketName: 'Match Result',
    selectionName: 'Rovers',
    price: { num: 1, den: 1 },
    result: 'open' as const,
    score: null,
    deadHeatWays: null,
  };
  const summary = (seq: number, minute: number, home: number) => ({
    ...event('ev-1', { seq, minute, score: { home, away: 0 } }),
    markets: undefined,
  });

  it('keeps a pushed state over an older one fetched meanwhile, and asks for standings only when the score moves', async () => {
    let answer: OpenBetsLive = {
      matches: [
        { eventId: 'ev-1', status: 'live', phase: 'first-half', minute: 20, score: { home: 0, away: 0 }, seq: 5 },
      ],
      legs: [{ betId: 'bet-1', selectionId: leg.selectionId, standing: 'losing' }],
    };
    const fetchLive = vi.fn(async () => answer);
    const bets = new BetsStore(
      async () => [betView('bet-1', { legs: [leg] })],
      async () => [],
      { fetchLive },
    );
    await bets.load('open');
    expect(bets.matchNow('ev-1')).toMatchObject({ minute: 20, seq: 5 });
    expect(bets.standingOf('bet-1', leg.selectionId)).toBe('losing');

    // The clock moves: shown, nothing asked.
    bets.onEventChanges([{ eventId: 'ev-1', seq: 6, event: summary(6, 21, 0) }]);
    expect(bets.matchNow('ev-1')).toMatchObject({ minute: 21, seq: 6 });
    expect(fetchLive).toHaveBeenCalledTimes(1);

    // A goal: asked again; the answer was made before the next push, which stays.
    answer = {
      matches: [
        { eventId: 'ev-1', status: 'live', phase: 'first-half', minute: 22, score: { home: 1, away: 0 }, seq: 7 },
      ],
      legs: [{ betId: 'bet-1', selectionId: leg.selectionId, standing: 'winning' }],
    };
    bets.onEventChanges([{ eventId: 'ev-1', seq: 7, event: summary(7, 22, 1) }]);
    bets.onEventChanges([{ eventId: 'ev-1', seq: 8, event: summary(8, 23, 1) }]);
    await vi.waitFor(() => expect(bets.standingOf('bet-1', leg.selectionId)).toBe('winning'));
    expect(fetchLive).toHaveBeenCalledTimes(2);
    expect(bets.matchNow('ev-1')).toMatchObject({ minute: 23, seq: 8, score: { home: 1, away: 0 } });

    // A match no open leg is on is not followed.
    bets.onEventChanges([{ eventId: 'ev-9', seq: 2, event: { ...summary(2, 5, 3), id: 'ev-9' } }]);
    expect(bets.matchNow('ev-9')).toBeUndefined();
    expect(fetchLive).toHaveBeenCalledTimes(2);
  });
});
