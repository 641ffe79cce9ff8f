import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createSportsbook } from '../../../src/sportsbook/app/createSportsbook';
import { SportsbookContext } from '../../../src/sportsbook/app/context';
import { BetList } from '../../../src/sportsbook/screens/BetCard';
import type { SocketLike } from '../../../src/sportsbook/services/PriceSocket';
import type { BetLeg, LegStanding, OpenBetsLive } from '../../../src/contract/sportsbook-rules';
import { fakeFetch } from '../support/fakes';
import { betView, event, idleSocket, price } from './fixtures';

const BET_ID = '22222222-2222-4222-8222-222222222222';

const leg = (eventId: string, selectionId: string, overrides: Partial<BetLeg> = {}): BetLeg => ({
  selectionId,
  eventId,
  eventName: 'Rovers v United',
  kickoffAt: '2026-11-23T15:00:00.000Z',
  marketName: 'Match Result',
  selectionName: 'Rovers',
  price: price(5, 2),
  result: 'open',
  score: null,
  deadHeatWays: null,
  ...overrides,
});

/** A double placed in play at 0-0: Rovers to win, and Over 0.5 goals in the same match. */
const openDouble = () =>
  betView(BET_ID, {
    kind: 'accumulator',
    stake: 1_000,
    legs: [
      leg('ev-1', 'ev-1~match-result~home', { score: { home: 0, away: 0 } }),
      leg('ev-1', 'ev-1~total-goals:0.5~over', {
        marketName: 'Total Goals Over/Under 0.5',
        selectionName: 'Over 0.5',
        price: price(1, 4),
        score: { home: 0, away: 0 },
      }),
    ],
  });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

function push(socket: SocketLike, seq: number, minute: number, score: { home: number; away: number }) {
  const { mainMarket: _main, markets: _markets, ...summary } = event('ev-1', { seq, minute, score });
  socket.onmessage?.({
    data: JSON.stringify({ type: 'event-updates', updates: [{ eventId: 'ev-1', seq, event: summary }] }),
  });
}

describe('My Bets on an in-play bet', () => {
  it('shows the live score and clock, labels the score when placed, and each leg’s standing as play goes on', async () => {
    let live: OpenBetsLive = {
      matches: [
        { eventId: 'ev-1', status: 'live', phase: 'first-half', minute: 23, score: { home: 0, away: 0 }, seq: 1 },
      ],
      legs: [
        { betId: BET_ID, selectionId: 'ev-1~match-result~home', standing: 'losing' },
        { betId: BET_ID, selectionId: 'ev-1~total-goals:0.5~over', standing: 'losing' },
      ],
    };
    const standings = (home: LegStanding, over: LegStanding) => [
      { betId: BET_ID, selectionId: 'ev-1~match-result~home', standing: home },
      { betId: BET_ID, selectionId: 'ev-1~total-goals:0.5~over', standing: over },
    ];
    const socket = { ...idleSocket() };
    const fetch = fakeFetch({
      'GET /api/bets': { status: 200, body: { bets: [openDouble()] } },
      'GET /api/cash-out-offers': { status: 200, body: { offers: [{ betId: BET_ID, offer: 700 }] } },
      'GET /api/open-bets/live': () => ({ status: 200, body: live }),
    });
    const sportsbook = createSportsbook({
      window,
      fetch: fetch as unknown as typeof globalThis.fetch,
      createSocket: () => socket,
    });
    sportsbook.socket.start();
    await act(async () => {
      await sportsbook.bets.load('open');
    });
    render(
      <SportsbookContext.Provider value={sportsbook}>
        <BetList tab="open" onCashedOut={() => undefined} />
      </SportsbookContext.Provider>,
    );
    const legs = () => screen.getAllByRole('listitem').filter((item) => item.classList.contains('leg'));
    expect(legs()).toHaveLength(2);
    expect(within(legs()[0]!).getByText("Live 23' 0-0")).toBeTruthy();
    expect(within(legs()[0]!).getByText('Live, 23 minutes played, score 0-0')).toBeTruthy();
    expect(within(legs()[0]!).getByText('Score when placed 0-0')).toBeTruthy();
    expect(within(legs()[0]!).getByText('Losing')).toBeTruthy();

    // Rovers score at 30': the pushed score and clock show at once, and the server says how the legs stand now.
    live = {
      matches: [
        { eventId: 'ev-1', status: 'live', phase: 'first-half', minute: 30, score: { home: 1, away: 0 }, seq: 2 },
      ],
      legs: standings('winning', 'won'),
    };
    const liveAsked = () => fetch.mock.calls.filter(([url]) => String(url).includes('/api/open-bets/live')).length;
    const askedBefore = liveAsked();
    await act(async () => push(socket, 2, 30, { home: 1, away: 0 }));
    expect(await within(legs()[0]!).findByText('Winning')).toBeTruthy();
    expect(within(legs()[0]!).getByText("Live 30' 1-0")).toBeTruthy();
    expect(within(legs()[1]!).getByText('Won')).toBeTruthy();
    expect(within(legs()[0]!).getByText('Score when placed 0-0')).toBeTruthy();
    expect(liveAsked()).toBe(askedBefore + 1);

    // The clock moves on with no goal: shown from the push, and nothing new to ask the server.
    await act(async () => push(socket, 3, 31, { home: 1, away: 0 }));
    expect(within(legs()[0]!).getByText("Live 31' 1-0")).toBeTruthy();
    expect(liveAsked()).toBe(askedBefore + 1);

    // United equalise: Rovers to win is no longer winning.
    live = { ...live, legs: standings('losing', 'won') };
    await act(async () => push(socket, 4, 40, { home: 1, away: 1 }));
    expect(await within(legs()[0]!).findByText('Losing')).toBeTruthy();
    expect(within(legs()[0]!).getByText("Live 40' 1-1")).toBeTruthy();
  });

  it('shows no live line before kick-off, and the result’s score on a settled leg', async () => {
    const bet = betView(BET_ID, {
      legs: [
        leg('ev-2', 'ev-2~match-result~home', { result: 'won', score: { home: 2, away: 1 } }),
        leg('ev-3', 'ev-3~match-result~home', { eventName: 'City v Town' }),
      ],
      kind: 'accumulator',
    });
    const fetch = fakeFetch({
      'GET /api/bets': { status: 200, body: { bets: [bet] } },
      'GET /api/cash-out-offers': { status: 200, body: { offers: [] } },
      'GET /api/open-bets/live': {
        status: 200,
        body: {
          matches: [
            {
              eventId: 'ev-3',
              status: 'scheduled',
              phase: 'pre-match',
              minute: 0,
              score: { home: 0, away: 0 },
              seq: 1,
            },
          ],
          legs: [],
        },
      },
    });
    const sportsbook = createSportsbook({
      window,
      fetch: fetch as unknown as typeof globalThis.fetch,
      createSocket: idleSocket,
    });
    await act(async () => {
      await sportsbook.bets.load('open');
    });
    render(
      <SportsbookContext.Provider value={sportsbook}>
        <BetList tab="open" onCashedOut={() => undefined} />
      </SportsbookContext.Provider>,
    );
    expect(screen.getByText('Rovers v United · 2-1')).toBeTruthy();
    expect(screen.getByText('City v Town')).toBeTruthy();
    expect(screen.queryByText(/^Live /)).toBeNull();
    expect(screen.queryByText(/Score when placed/)).toBeNull();
  });
});

describe('A bet card', () => {
  it('gives the short bet reference the receipt gave, the full id kept on it, not the 36-character id', async () => {
    const fetch = fakeFetch({
      'GET /api/bets': { status: 200, body: { bets: [openDouble()] } },
      'GET /api/cash-out-offers': { status: 200, body: { offers: [] } },
      'GET /api/open-bets/live': { status: 200, body: { matches: [], legs: [] } },
    });
    const sportsbook = createSportsbook({
      window,
      fetch: fetch as unknown as typeof globalThis.fetch,
      createSocket: () => ({ ...idleSocket() }),
    });
    await act(async () => {
      await sportsbook.bets.load('open');
    });
    const { container } = render(
      <SportsbookContext.Provider value={sportsbook}>
        <BetList tab="open" onCashedOut={() => undefined} />
      </SportsbookContext.Provider>,
    );
    const reference = screen.getByText('22222222');
    expect(reference.parentElement!.textContent).toContain('Bet reference 22222222');
    expect(reference.getAttribute('data-bet-id')).toBe(BET_ID);
    expect(container.textContent).not.toContain(BET_ID);
  });
});
