import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createSportsbook } from '../../../src/sportsbook/app/createSportsbook';
import { SportsbookContext } from '../../../src/sportsbook/app/context';
import { BetSlip } from '../../../src/sportsbook/ui/BetSlip';
import { CHECK_LAST_BET, FREE_BET_GONE, WAIT_FOR_LAST_BET } from '../../../src/sportsbook/stores/slip/wording';
import { SLIP_KEY } from '../../../src/sportsbook/stores/slip/model';
import { slipSelectionOf } from '../../../src/sportsbook/stores/slip/SlipSelections';
import type { Placement, PlacementState } from '../../../src/sportsbook/stores/slip/model';
import type { FreeBetToken } from '../../../src/contract/games';
import { fakeFetch } from '../support/fakes';
import { event, frameOn, idleSocket, slipAtOnce, liveSelection, price } from './fixtures';

const LAUNCH = 'abcdefghijklmnopqrstuvwxyz012345';
const BET_ID = '22222222-2222-4222-8222-222222222222';
const rovers = slipSelectionOf(liveSelection(event('ev-1'), 0)); // 5/2
const HOME = rovers.selectionId;

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

/** A placement as the slip keeps it: a single on Rovers. */
function placement(state: PlacementState, request: Partial<Placement['request']> = {}): Placement {
  return {
    request: {
      betId: BET_ID,
      kind: 'single',
      stake: 500,
      priceChanges: 'never',
      selections: [{ selectionId: HOME, price: price(5, 2) }],
      ...request,
    },
    labels: ['Rovers (Match Result), Rovers v United at 5/2'],
    state,
  };
}

/** The slip (not started: nothing is checked or fetched) as a reload finds it in storage. */
function renderStoredSlip(stored: { stakes?: Record<string, string>; placements?: Placement[] }) {
  window.localStorage.setItem(
    SLIP_KEY,
    JSON.stringify({
      selections: [rovers],
      stakes: stored.stakes ?? {},
      priceChanges: 'never',
      placements: stored.placements ?? [],
    }),
  );
  const sportsbook = frameOn(fakeFetch(), '/');
  render(
    <SportsbookContext.Provider value={sportsbook}>
      <BetSlip phone={false} />
    </SportsbookContext.Provider>,
  );
  return sportsbook;
}

const placeButton = () => screen.getByRole('button', { name: /Place Bet|Placing bet/ }) as HTMLButtonElement;

describe('Place while an earlier bet is unresolved', () => {
  it('a bet whose answer was lost: Place is disabled, with the reason beside it and Check again above', () => {
    renderStoredSlip({ stakes: { [HOME]: '5' }, placements: [placement('unknown')] });
    const button = placeButton();
    expect(button.disabled).toBe(true);
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(CHECK_LAST_BET);
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
  });

  it('a pending bet: Place is disabled until its outcome is known', () => {
    renderStoredSlip({ stakes: { [HOME]: '5' }, placements: [placement('pending')] });
    const button = placeButton();
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(WAIT_FOR_LAST_BET);
  });

  it('a bet refused is finished: Place is live again', () => {
    renderStoredSlip({ stakes: { [HOME]: '5' }, placements: [placement('refused')] });
    expect(placeButton().disabled).toBe(false);
  });
});

describe('a free bet on the receipt', () => {
  it('shows potential returns without the free-bet stake before the server answers', () => {
    renderStoredSlip({
      placements: [
        placement('unknown', {
          stake: 1_000,
          freeBetId: 'fb-1',
          selections: [{ selectionId: HOME, price: price(4, 1) }],
        }),
      ],
    });
    const receipt = screen.getByRole('region', { name: 'Your bets' });
    // £10 free at 4/1: £40 of winnings; the £10 was never the customer's.
    expect(within(receipt).getByText('Potential returns').nextElementSibling?.textContent).toBe('£40.00');
  });

  it('a cash bet still shows its stake in the returns', () => {
    renderStoredSlip({
      placements: [placement('unknown', { stake: 1_000, selections: [{ selectionId: HOME, price: price(4, 1) }] })],
    });
    const receipt = screen.getByRole('region', { name: 'Your bets' });
    expect(within(receipt).getByText('Potential returns').nextElementSibling?.textContent).toBe('£50.00');
  });
});

describe('the stake of a single staked with a free bet', () => {
  const TOKEN: FreeBetToken = { freeBetId: 'fb-1', amount: 500, expiresAt: '2026-12-01T00:00:00.000Z' };

  async function renderSignedIn() {
    let tokens = [TOKEN];
    const fetch = fakeFetch({
      'POST /api/session': { status: 201, body: { sessionToken: 'session-1', balance: 100_000, currency: 'GBP' } },
      'GET /api/free-bets': () => ({ status: 200, body: { freeBets: tokens } }),
    });
    window.localStorage.setItem(
      SLIP_KEY,
      JSON.stringify({ selections: [rovers], stakes: {}, priceChanges: 'never', placements: [] }),
    );
    window.history.replaceState(null, '', `/#launch=${LAUNCH}`);
    const sportsbook = createSportsbook({
      window,
      fetch: fetch as unknown as typeof globalThis.fetch,
      createSocket: idleSocket,
      slipCode: slipAtOnce,
    });
    await act(() => sportsbook.start());
    render(
      <SportsbookContext.Provider value={sportsbook}>
        <BetSlip phone={false} />
      </SportsbookContext.Provider>,
    );
    const picker = (await screen.findByLabelText('Free bet')) as HTMLSelectElement;
    const stake = screen.getByLabelText(/^Stake on Rovers/) as HTMLInputElement;
    return { sportsbook, picker, stake, useUp: () => (tokens = []) };
  }

  it("shows the token's amount, read only and said to screen readers, and typing cannot change it", async () => {
    const { sportsbook, picker, stake } = await renderSignedIn();
    fireEvent.change(stake, { target: { value: '50' } });
    expect(stake.value).toBe('50');
    fireEvent.change(picker, { target: { value: 'fb-1' } });
    expect(stake.value).toBe('5');
    expect(stake.readOnly).toBe(true);
    expect(document.getElementById(stake.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Your £5.00 free bet is the stake. To stake your own money, choose ‘Use my balance’.',
    );
    fireEvent.change(stake, { target: { value: '50' } });
    expect(stake.value).toBe('5');
    expect(sportsbook.slip.bets.map((bet) => [bet.stake, bet.freeBetId])).toEqual([[500, 'fb-1']]);
    // Back to the balance: the field is the customer's again, and empty.
    fireEvent.change(picker, { target: { value: '' } });
    expect(stake.readOnly).toBe(false);
    expect(stake.value).toBe('');
  });

  it('clears the stake with a note when the token drops off the list, rather than staking its amount as cash', async () => {
    const { sportsbook, picker, stake, useUp } = await renderSignedIn();
    fireEvent.change(picker, { target: { value: 'fb-1' } });
    useUp();
    await act(() => sportsbook.freeBets.load());
    expect(stake.value).toBe('');
    expect(stake.readOnly).toBe(false);
    expect(screen.getByText(FREE_BET_GONE)).toBeTruthy();
    expect(document.getElementById(stake.getAttribute('aria-describedby') ?? '')?.textContent).toBe(FREE_BET_GONE);
    expect(sportsbook.slip.bets).toEqual([]);
    expect(placeButton().textContent).toBe('Place Bet');
  });

  it('a new launch that forgets the choice chooses the token again when it is still on the list', async () => {
    const { sportsbook, picker, stake } = await renderSignedIn();
    fireEvent.change(picker, { target: { value: 'fb-1' } });
    await act(async () => {
      window.location.hash = `#launch=${LAUNCH}`;
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await act(async () => undefined);
    await screen.findByRole('option', { name: /^£5\.00 free bet/ });
    await act(async () => undefined);
    expect(sportsbook.slip.bets.map((bet) => [bet.stake, bet.freeBetId])).toEqual([[500, 'fb-1']]);
    expect(stake.readOnly).toBe(true);
    expect(stake.value).toBe('5');
  });
});
