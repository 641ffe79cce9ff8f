import { describe, expect, it, vi } from 'vitest';
import { BetsStore } from '../../../src/sportsbook/stores/BetsStore';
import { betView } from './fixtures';

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
