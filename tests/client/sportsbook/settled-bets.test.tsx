import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { SportsbookContext } from '../../../src/sportsbook/app/context';
import { BetList } from '../../../src/sportsbook/screens/BetCard';
import type { BetLeg, BetView, LegResult, Price } from '../../../src/contract/sportsbook-rules';
import { fakeFetch } from '../support/fakes';
import { betView, frameOn, price } from './fixtures';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

const leg = (result: LegResult, struck: Price, deadHeatWays: number | null = null): BetLeg => ({
  selectionId: `ev-1~match-result~${result}`,
  eventId: 'ev-1',
  eventName: 'Rovers v United',
  kickoffAt: '2026-11-23T15:00:00.000Z',
  marketName: 'Asian Handicap -0.25',
  selectionName: 'Rovers',
  price: struck,
  result,
  score: { home: 1, away: 1 },
  deadHeatWays,
});

/** A settled £10 single: its leg's result, the price it was struck at, and what it returned. */
const settled = (id: number, status: 'won' | 'lost', returns: number, legResult: BetLeg): BetView =>
  betView(`00000000-0000-4000-8000-00000000000${id}`, {
    stake: 1_000,
    status,
    returns,
    settledAt: '2026-11-23T17:00:00.000Z',
    legs: [legResult],
  });

async function renderSettled(bets: BetView[]) {
  const sportsbook = frameOn(fakeFetch({ 'GET /api/bets': { status: 200, body: { bets } } }), '/bets');
  await act(async () => {
    await sportsbook.bets.load('settled');
  });
  const { container } = render(
    <SportsbookContext.Provider value={sportsbook}>
      <BetList tab="settled" onCashedOut={() => undefined} />
    </SportsbookContext.Provider>,
  );
  return [...container.querySelectorAll('.bet-card')].map((card) => ({
    badge: card.querySelector('.status')!.textContent,
    returns: [...card.querySelectorAll('.bet-card__figures div')]
      .find((figure) => figure.querySelector('dt')!.textContent === 'Returns')
      ?.querySelector('dd')!.textContent,
  }));
}

describe('settled bets in My Bets', () => {
  it('a bet that lost money but paid part back says what came back, with its returns, instead of "Lost"', async () => {
    const cards = await renderSettled([
      // A quarter line half lost: £5 of the £10 back.
      settled(1, 'lost', 500, leg('half-lost', price(4, 5))),
      // A two-way dead heat at 4/5: £5 at full odds returns £9.
      settled(2, 'lost', 900, leg('dead-heat', price(4, 5), 2)),
      settled(3, 'lost', 0, leg('lost', price(2, 1))),
      settled(4, 'won', 3_000, leg('won', price(2, 1))),
    ]);
    expect(cards).toEqual([
      { badge: 'Half lost', returns: '£5.00' },
      { badge: 'Dead heat', returns: '£9.00' },
      { badge: 'Lost', returns: '£0.00' },
      { badge: 'Won', returns: '£30.00' },
    ]);
  });
});
