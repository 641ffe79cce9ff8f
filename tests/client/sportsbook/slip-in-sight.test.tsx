import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { HostToFrameMessage } from '../../../src/contract/bridge';
import type { FreeBetToken } from '../../../src/contract/games';
import { SportsbookContext } from '../../../src/sportsbook/app/context';
import type { Sportsbook } from '../../../src/sportsbook/app/createSportsbook';
import { BetSlip } from '../../../src/sportsbook/ui/BetSlip';
import { SubNav } from '../../../src/sportsbook/app/App';
import { SkipToSlip } from '../../../src/sportsbook/ui/SkipToSlip';
import { fakeFetch, type Reply } from '../support/fakes';
import { betView, createSlip, event, frameOn, liveSelection } from './fixtures';

/**
 * Issue 28: free bets in sight (the header's count and list, the slip's "Free bet" and cash total, the receipt), the
 * slip right after sign-in, and the keyboard's way to the slip.
 */

const HOST = 'http://host.test';
const LAUNCH = 'abcdefghijklmnopqrstuvwxyz012345';
const TOKEN: FreeBetToken = { freeBetId: 'fb-1', amount: 500, expiresAt: '2026-12-01T18:00:00.000Z' };
const sessionReply: Reply = { status: 201, body: { sessionToken: 'session-1', balance: 5_000, currency: 'GBP' } };
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function fromHost(data: HostToFrameMessage) {
  window.dispatchEvent(new MessageEvent('message', { data, origin: HOST, source: window }));
}

function renderIn(sportsbook: Sportsbook, children: React.ReactNode) {
  return render(<SportsbookContext.Provider value={sportsbook}>{children}</SportsbookContext.Provider>);
}

beforeEach(() => {
  Object.defineProperty(document, 'referrer', { value: `${HOST}/`, configurable: true });
});

afterEach(() => {
  cleanup();
  Object.defineProperty(document, 'referrer', { value: '', configurable: true });
  window.sessionStorage.clear();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

async function signedInFrame(tokens: FreeBetToken[]) {
  const fetch = fakeFetch({
    'POST /api/session': sessionReply,
    'GET /api/free-bets': { status: 200, body: { freeBets: tokens } },
    'POST /api/bets': (body) => ({
      status: 201,
      body: {
        bet: betView((body as { betId: string }).betId, { stake: 500, freeBet: true, potentialReturns: 1_250 }),
      },
    }),
  });
  const sportsbook = frameOn(fetch, `/#launch=${LAUNCH}`);
  await act(() => sportsbook.start());
  return sportsbook;
}

describe('free bets in sight', () => {
  it('the header says "Free bets 1" and lists each with its amount, expiry and terms', async () => {
    const sportsbook = await signedInFrame([TOKEN]);
    renderIn(sportsbook, <SubNav />);
    const button = await screen.findByRole('button', { name: 'Free bets 1' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(within(list).getByText('£5.00 free bet')).toBeTruthy();
    expect(within(list).getByText(/^Expires /).textContent).toMatch(/1 Dec/);
    expect(within(list).getByText(/the free bet stake is not returned/)).toBeTruthy();
  });

  it('no free bets, or signed out: nothing in the header', async () => {
    const sportsbook = await signedInFrame([]);
    renderIn(sportsbook, <SubNav />);
    await flush();
    expect(screen.queryByRole('button', { name: /Free bets/ })).toBeNull();
  });

  it('a single staked with a free bet: the slip says "Free bet £5.00" and "Total stake £0.00"; the receipt "Free bet stake"', async () => {
    const sportsbook = await signedInFrame([TOKEN]);
    sportsbook.slip.toggle(liveSelection(event('ev-1'), 0));
    renderIn(sportsbook, <BetSlip phone={false} />);
    fireEvent.change(await screen.findByLabelText('Free bet'), { target: { value: 'fb-1' } });
    const totals = document.querySelector('.slip__totals')!;
    expect(within(totals as HTMLElement).getByText('Free bet').nextElementSibling?.textContent).toBe('£5.00');
    expect(within(totals as HTMLElement).getByText('Total stake').nextElementSibling?.textContent).toBe('£0.00');
    // 5/2 on £5 free: £12.50 of winnings, the stake not returned.
    expect(within(totals as HTMLElement).getByText('Potential returns').nextElementSibling?.textContent).toBe('£12.50');
    const place = screen.getByRole('button', { name: 'Place Bet' });
    await act(async () => fireEvent.click(place));
    await flush();
    const receipt = screen.getByRole('region', { name: 'Your bets' });
    expect(within(receipt).getByText('Free bet stake').nextElementSibling?.textContent).toBe('£5.00');
  });

  it('a free bet beside a cash single: the total stake is the cash alone, the free bet shown apart', () => {
    const { slip } = createSlip({ freeBetFor: (id) => (id.startsWith('ev-1') ? TOKEN : undefined) });
    slip.toggle(liveSelection(event('ev-1'), 0));
    slip.toggle(liveSelection(event('ev-2'), 0));
    slip.useFreeBet(slip.selections[0]!.selectionId, TOKEN);
    slip.setStake(slip.selections[1]!.selectionId, '3');
    expect([slip.totalStake, slip.freeBetStake]).toEqual([300, 500]);
  });
});

describe('the slip right after sign-in', () => {
  it('never says "Log in" once the host has signed the customer in: the stake form and Place are there at once', async () => {
    const fetch = fakeFetch({
      'POST /api/session': sessionReply,
      'GET /api/free-bets': { status: 200, body: { freeBets: [] } },
    });
    const sportsbook = frameOn(fetch, '/');
    await act(() => sportsbook.start());
    sportsbook.slip.toggle(liveSelection(event('ev-1'), 0));
    renderIn(sportsbook, <BetSlip phone={false} />);
    expect(screen.getByText(/Log in or register to place your bet/)).toBeTruthy();

    await act(async () => fromHost({ type: 'signing-in' }));
    expect(screen.queryByText(/Log in/)).toBeNull();
    await act(async () => fromHost({ type: 'launch', url: `${window.location.origin}/#launch=${LAUNCH}` }));
    await flush();
    expect(sportsbook.session.signedIn).toBe(true);
    expect(screen.queryByText(/Log in/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Stake on Rovers/), { target: { value: '2' } });
    expect((screen.getByRole('button', { name: 'Place Bet £2.00' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the keyboard on the way to the slip', () => {
  it('adding a price says where it went (focus stays on the price, so more can be added); removing it too', () => {
    const { slip } = createSlip();
    slip.toggle(liveSelection(event('ev-1'), 0));
    expect(slip.announcement).toBe('Rovers added to your bet slip: 1 selection.');
    slip.toggle(liveSelection(event('ev-2'), 2));
    expect(slip.announcement).toBe('United added to your bet slip: 2 selections.');
    slip.remove(slip.selections[0]!.selectionId);
    expect(slip.announcement).toBe('Rovers removed from your bet slip: 1 selection.');
  });

  it('"Skip to bet slip" takes the focus to the first stake box, or to the slip when it has none', () => {
    const sportsbook = frameOn(fakeFetch({}), '/');
    const slip = sportsbook.slip.store!;
    const { rerender } = renderIn(
      sportsbook,
      <>
        <SkipToSlip slipId="the-slip" />
        <aside id="the-slip" tabIndex={0} aria-label="Bet Slip" />
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Skip to bet slip' }));
    expect(document.activeElement).toBe(screen.getByRole('complementary', { name: 'Bet Slip' }));

    slip.toggle(liveSelection(event('ev-1'), 0));
    rerender(
      <SportsbookContext.Provider value={sportsbook}>
        <SkipToSlip slipId="the-slip" />
        <aside id="the-slip" tabIndex={0} aria-label="Bet Slip">
          <BetSlip phone={false} />
        </aside>
      </SportsbookContext.Provider>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Skip to bet slip' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Stake on Rovers/));
  });
});
