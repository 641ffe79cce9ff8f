import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createSportsbook } from '../../../src/sportsbook/app/createSportsbook';
import { SportsbookContext } from '../../../src/sportsbook/app/context';
import { FreeBetPicker } from '../../../src/sportsbook/ui/FreeBetPicker';
import { FreeBetsStore } from '../../../src/sportsbook/stores/FreeBetsStore';
import type { FreeBetToken } from '../../../src/contract/games';
import { fakeFetch } from '../support/fakes';
import { idleSocket, slipAtOnce } from './fixtures';

const LAUNCH = 'abcdefghijklmnopqrstuvwxyz012345';
const TOKEN: FreeBetToken = { freeBetId: 'fb-1', amount: 300, expiresAt: '2026-12-01T00:00:00.000Z' };

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('the free-bet choice under a single', () => {
  it('still offers the token after the host launches the same signed-in session again', async () => {
    const fetch = fakeFetch({
      'POST /api/session': { status: 201, body: { sessionToken: 'session-1', balance: 5000, currency: 'GBP' } },
      'GET /api/free-bets': { status: 200, body: { freeBets: [TOKEN] } },
    });
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
        <FreeBetPicker selectionId="ev-1~mo~home" />
      </SportsbookContext.Provider>,
    );
    expect(await screen.findByRole('option', { name: /^£3\.00 free bet/ })).toBeTruthy();

    // The host launches again (its sign-in and the frame's ready can both do so): the list is forgotten and asked again.
    const asked = fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/free-bets')).length;
    await act(async () => {
      window.location.hash = `#launch=${LAUNCH}`;
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await act(async () => undefined);
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/free-bets')).length).toBe(asked + 1);
    expect(await screen.findByRole('option', { name: /^£3\.00 free bet/ })).toBeTruthy();
  });
});

describe('the free-bet list', () => {
  it('drops a list asked for before a reset, so an ended session never fills the next one', async () => {
    let answer!: (tokens: FreeBetToken[]) => void;
    const store = new FreeBetsStore(() => new Promise((resolve) => (answer = resolve)));
    const loading = store.load();
    store.reset();
    answer([TOKEN]);
    await loading;
    expect(store.tokens).toEqual([]);
  });
});
