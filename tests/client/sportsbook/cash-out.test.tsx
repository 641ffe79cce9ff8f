import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createSportsbook } from '../../../src/sportsbook/app/createSportsbook';
import { SportsbookContext } from '../../../src/sportsbook/app/context';
import { BetList } from '../../../src/sportsbook/screens/BetCard';
import type { SocketLike } from '../../../src/sportsbook/services/PriceSocket';
import type { BetView, CashOutRequest } from '../../../src/contract/sportsbook-rules';
import { fakeFetch, type Reply } from '../support/fakes';
import { betView, event, manualTimers, price } from './fixtures';

const BET_ID = '11111111-1111-4111-8111-111111111111';
const HOME = 'ev-1~match-result~home';
const REMAINDER_TEXT = 'That would leave less than £0.10 staked. Cash out the whole bet instead.';

const idleSocket = (): SocketLike => ({
  readyState: 0,
  send: () => undefined,
  close: () => undefined,
  onopen: null,
  onclose: null,
  onmessage: null,
});

/** A £10 single on Rovers at 5/2: the server offers £9.50 on it. */
const openBet = (overrides: Partial<BetView> = {}): BetView =>
  betView(BET_ID, {
    stake: 1_000,
    potentialReturns: 3_500,
    legs: [
      {
        selectionId: HOME,
        eventId: 'ev-1',
        eventName: 'Rovers v United',
        kickoffAt: '2026-11-23T15:00:00.000Z',
        marketName: 'Match Result',
        selectionName: 'Rovers',
        price: price(5, 2),
        result: 'open',
        score: null,
        deadHeatWays: null,
      },
    ],
    ...overrides,
  });

/** The same bet after £5.00 of it was cashed out: 527p of the stake taken (rounded up), 473p left. */
const reducedBet = () => openBet({ stake: 473, potentialReturns: 1_655, cashedOutStake: 527, cashedOut: 500 });

/** The server's offers on these bets: 95% of the stake, as if each were worth its stake (£4.73 left: £4.49). */
const offersOn = (bets: BetView[]): Reply => ({
  status: 200,
  body: { offers: bets.map((bet) => ({ betId: bet.betId, offer: Math.floor(bet.stake * 0.95) })) },
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

/** The open-bets list on a frame whose cash-out presses answer with `answers`, in turn; the list answers `openBets()`. */
async function renderOpenBets(answers: Reply[], openBets: () => BetView[] = () => [openBet()]) {
  const presses: CashOutRequest[] = [];
  const pending = [...answers];
  const fetch = fakeFetch({
    'GET /api/events/ev-1': { status: 200, body: event('ev-1') },
    'GET /api/bets': () => ({ status: 200, body: { bets: openBets() } }),
    'GET /api/cash-out-offers': () => offersOn(openBets()),
    [`POST /api/bets/${BET_ID}/cash-out`]: (body) => {
      presses.push(body as CashOutRequest);
      const answer = pending.shift();
      if (!answer) throw new Error('no answer left for this press');
      return answer;
    },
  });
  window.history.replaceState(null, '', '/bets');
  const sportsbook = createSportsbook({
    window,
    fetch: fetch as unknown as typeof globalThis.fetch,
    createSocket: idleSocket,
  });
  await act(async () => {
    await sportsbook.catalog.loadEvent('ev-1');
    await sportsbook.bets.load('open');
  });
  const onCashedOut = vi.fn();
  render(
    <SportsbookContext.Provider value={sportsbook}>
      <BetList tab="open" onCashedOut={onCashedOut} />
    </SportsbookContext.Provider>,
  );
  const betsAsked = () =>
    fetch.mock.calls.filter(
      ([url, init]) => String(url).includes('/api/bets?state=open') && (init?.method ?? 'GET') === 'GET',
    ).length;
  return { presses, onCashedOut, betsAsked, fetch };
}

async function askPartial(pounds: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Partial' }));
  fireEvent.change(screen.getByLabelText(/Amount to cash out/), { target: { value: pounds } });
}

async function press(name: RegExp | string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

/** Cash out as the customer does it: a press, then Confirm within the window. */
async function cashOutConfirmed(figure: string) {
  await press(`Cash out ${figure}`);
  await press(`Confirm cash out ${figure}`);
}

const paid = (bet: BetView, pence: number): Reply => ({ status: 200, body: { bet, paid: pence } });

describe('a cash out whose answer was lost', () => {
  it('says it could not confirm, reloads the bets, and checks again with the same request (never a second cash out)', async () => {
    let paidYet = false;
    const { presses, onCashedOut, betsAsked } = await renderOpenBets(
      [{ status: 503, body: {} }, paid(reducedBet(), 500)],
      () => [paidYet ? reducedBet() : openBet()],
    );
    await askPartial('5');
    // The server pays £5.00 and reduces the bet, but its answer never arrives.
    paidYet = true;
    const askedBefore = betsAsked();
    await cashOutConfirmed('£5.00');

    expect(await screen.findByText('We could not confirm your cash out. Check again.')).toBeTruthy();
    expect(screen.queryByText(/could not reach the sportsbook/)).toBeNull();
    expect(betsAsked()).toBe(askedBefore + 1);
    // No new press can be made until the first one has its answer.
    expect(screen.queryByRole('button', { name: /^Cash out £/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Partial' })).toBeNull();

    await press('Check again');

    expect(presses).toHaveLength(2);
    expect(presses[1]).toEqual(presses[0]);
    expect(presses[0]).toMatchObject({ offer: 950, amount: 500 });
    expect(onCashedOut).toHaveBeenCalledWith('Cashed out £5.00.');
    expect(screen.queryByText(/could not confirm/)).toBeNull();
  });

  it('treats a connection that failed as a lost answer too, and keeps the request through a second lost answer', async () => {
    const { presses, onCashedOut } = await renderOpenBets([
      new TypeError('Failed to fetch'),
      { status: 502, body: {} },
      paid(openBet({ status: 'cashed-out', returns: 950 }), 950),
    ]);
    await cashOutConfirmed('£9.50');
    expect(await screen.findByText('We could not confirm your cash out. Check again.')).toBeTruthy();
    await press('Check again');
    expect(await screen.findByText('We could not confirm your cash out. Check again.')).toBeTruthy();
    await press('Check again');

    expect(presses).toHaveLength(3);
    expect(new Set(presses.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(presses[0]).toEqual({ requestId: expect.any(String), offer: 950 });
    expect(onCashedOut).toHaveBeenCalledWith('Cashed out £9.50.');
  });

  it('makes a new request id for the next press once the check is answered with a refusal', async () => {
    const refusal =
      'The cash out value changed while we checked it, so your bet stands as it was. Check the new offer and try again.';
    const { presses } = await renderOpenBets([
      { status: 504, body: {} },
      { status: 422, body: { message: refusal, code: 'CashOutValueChanged' } },
      paid(openBet({ status: 'cashed-out', returns: 950 }), 950),
    ]);
    await cashOutConfirmed('£9.50');
    await press('Check again');
    expect(screen.getByRole('alert').textContent).toBe(refusal);

    await cashOutConfirmed('£9.50');

    expect(presses).toHaveLength(3);
    expect(presses[1]!.requestId).toBe(presses[0]!.requestId);
    expect(presses[2]!.requestId).not.toBe(presses[0]!.requestId);
  });

  it('makes a new request id for the next press once the check is answered with the cash out paid', async () => {
    let paidYet = false;
    const { presses } = await renderOpenBets(
      [{ status: 500, body: {} }, paid(reducedBet(), 500), paid(reducedBet(), 100)],
      () => [paidYet ? reducedBet() : openBet()],
    );
    await askPartial('5');
    paidYet = true;
    await cashOutConfirmed('£5.00');
    await press('Check again');

    await askPartial('1');
    await cashOutConfirmed('£1.00');

    expect(presses).toHaveLength(3);
    expect(presses[1]!.requestId).toBe(presses[0]!.requestId);
    expect(presses[2]!.requestId).not.toBe(presses[0]!.requestId);
    // The new press is against the bet as it is now (£4.73 staked: an offer of £4.49).
    expect(presses[2]).toMatchObject({ offer: 449, amount: 100 });
  });
});

describe('a cash out press', () => {
  it('uses a new request id for each press after an answer', async () => {
    const refusal = 'Cash out is not available on this bet right now.';
    const { presses } = await renderOpenBets([
      { status: 422, body: { message: refusal, code: 'CashOutUnavailable' } },
      { status: 422, body: { message: refusal, code: 'CashOutUnavailable' } },
    ]);
    await cashOutConfirmed('£9.50');
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    await cashOutConfirmed('£9.50');
    expect(presses).toHaveLength(2);
    expect(presses[1]!.requestId).not.toBe(presses[0]!.requestId);
  });

  it('sends once while the first press is waiting for its answer', async () => {
    let answer!: (reply: Reply) => void;
    const presses: unknown[] = [];
    const fetch = fakeFetch({
      'GET /api/events/ev-1': { status: 200, body: event('ev-1') },
      'GET /api/bets': { status: 200, body: { bets: [openBet()] } },
      'GET /api/cash-out-offers': offersOn([openBet()]),
      [`POST /api/bets/${BET_ID}/cash-out`]: (body) => {
        presses.push(body);
        return new Promise<Reply>((resolve) => (answer = resolve));
      },
    });
    const sportsbook = createSportsbook({
      window,
      fetch: fetch as unknown as typeof globalThis.fetch,
      createSocket: idleSocket,
    });
    await act(async () => {
      await sportsbook.catalog.loadEvent('ev-1');
      await sportsbook.bets.load('open');
    });
    render(
      <SportsbookContext.Provider value={sportsbook}>
        <BetList tab="open" onCashedOut={() => undefined} />
      </SportsbookContext.Provider>,
    );
    const button = screen.getByRole('button', { name: 'Cash out £9.50' });
    await act(async () => {
      // The first press asks for confirmation, the second sends, a third meanwhile sends nothing.
      fireEvent.click(button);
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.textContent).toContain('Cashing out £9.50');
    expect((screen.getByRole('button', { name: 'Partial' }) as HTMLButtonElement).disabled).toBe(true);
    expect(presses).toHaveLength(1);
    await act(async () => answer(paid(openBet({ status: 'cashed-out', returns: 950 }), 950)));
  });
});

describe('a partial cash out amount', () => {
  it('is refused before sending, in the server’s words, when it would leave less than £0.10 staked', async () => {
    const { presses } = await renderOpenBets([]);
    // £9.45 of a £9.50 offer takes 995p of the £10.00 stake, leaving 5p.
    await askPartial('9.45');
    expect(screen.getByText(REMAINDER_TEXT)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Cash out £9.45' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await press('Cash out £9.45');
    expect(presses).toHaveLength(0);

    // £9.40 takes 990p, leaving exactly £0.10: allowed.
    fireEvent.change(screen.getByLabelText(/Amount to cash out/), { target: { value: '9.40' } });
    expect(screen.queryByText(REMAINDER_TEXT)).toBeNull();
    expect((screen.getByRole('button', { name: 'Cash out £9.40' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the offer shown', () => {
  it('is the server’s figure, fetched again when a match of the bet moves (not worked out from the prices)', async () => {
    let offer: number | null = 950;
    const socket = idleSocket();
    const fetch = fakeFetch({
      'GET /api/bets': { status: 200, body: { bets: [openBet()] } },
      'GET /api/cash-out-offers': () => ({ status: 200, body: { offers: [{ betId: BET_ID, offer }] } }),
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
    expect(screen.getByRole('button', { name: 'Cash out £9.50' })).toBeTruthy();

    // Rovers score: the server values the bet higher, and the match's push is the frame's cue to ask again.
    offer = 1_730;
    const { mainMarket: _main, markets: _markets, ...summary } = event('ev-1', { seq: 2, score: { home: 1, away: 0 } });
    await act(async () => {
      socket.onmessage?.({
        data: JSON.stringify({ type: 'event-updates', updates: [{ eventId: 'ev-1', seq: 2, event: summary }] }),
      });
    });
    expect(await screen.findByRole('button', { name: 'Cash out £17.30' })).toBeTruthy();

    // A push of a match no open bet is on asks nothing.
    const asked = fetch.mock.calls.filter(([url]) => String(url).includes('/api/cash-out-offers')).length;
    await act(async () => {
      socket.onmessage?.({
        data: JSON.stringify({ type: 'event-updates', updates: [{ eventId: 'ev-9', seq: 2, event: summary }] }),
      });
    });
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/api/cash-out-offers')).length).toBe(asked);

    // None offered now (the market suspended): unavailable, never a figure worked out in the browser.
    offer = null;
    await act(async () => {
      socket.onmessage?.({
        data: JSON.stringify({ type: 'event-updates', updates: [{ eventId: 'ev-1', seq: 3, event: summary }] }),
      });
    });
    expect(await screen.findByRole('button', { name: 'Cash out unavailable' })).toBeTruthy();
  });
});

describe('cash out’s two presses', () => {
  it('asks to confirm on the first press, follows a moved value instead of cashing out, and lapses after 4 s', async () => {
    const timers = manualTimers();
    let offer = 950;
    const presses: unknown[] = [];
    const socket = idleSocket();
    const fetch = fakeFetch({
      'GET /api/bets': { status: 200, body: { bets: [openBet()] } },
      'GET /api/cash-out-offers': () => ({ status: 200, body: { offers: [{ betId: BET_ID, offer }] } }),
      [`POST /api/bets/${BET_ID}/cash-out`]: (body) => {
        presses.push(body);
        return paid(openBet({ status: 'cashed-out', returns: offer }), offer);
      },
    });
    const sportsbook = createSportsbook({
      window,
      fetch: fetch as unknown as typeof globalThis.fetch,
      createSocket: () => socket,
      timers,
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

    await press('Cash out £9.50');
    expect(presses).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Confirm cash out £9.50' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Press Confirm cash out £9.50 to cash out.');

    // Rovers score before the second press: the button shows the new value, and nothing is cashed out.
    offer = 1_730;
    const { mainMarket: _main, markets: _markets, ...summary } = event('ev-1', { seq: 2, score: { home: 1, away: 0 } });
    await act(async () => {
      socket.onmessage?.({
        data: JSON.stringify({ type: 'event-updates', updates: [{ eventId: 'ev-1', seq: 2, event: summary }] }),
      });
    });
    expect(await screen.findByRole('button', { name: 'Confirm cash out £17.30' })).toBeTruthy();
    expect(presses).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe(
      'The cash out value changed to £17.30. Press Confirm cash out £17.30 to cash out.',
    );

    // The window starts again with the change, and then lapses.
    await act(async () => timers.advance(3_999));
    expect(screen.getByRole('button', { name: 'Confirm cash out £17.30' })).toBeTruthy();
    await act(async () => timers.advance(1));
    expect(screen.getByRole('button', { name: 'Cash out £17.30' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(presses).toHaveLength(0);

    await press('Cash out £17.30');
    await press('Confirm cash out £17.30');
    expect(presses).toEqual([{ requestId: expect.any(String), offer: 1_730 }]);
  });

  it('asks again for a partial cash out whose amount changed after the first press', async () => {
    const { presses } = await renderOpenBets([paid(reducedBet(), 500)]);
    await askPartial('4');
    await press('Cash out £4.00');
    fireEvent.change(screen.getByLabelText(/Amount to cash out/), { target: { value: '5' } });
    await press('Cash out £5.00');
    expect(presses).toHaveLength(0);
    await press('Confirm cash out £5.00');
    expect(presses).toEqual([{ requestId: expect.any(String), offer: 950, amount: 500 }]);
  });
});
