import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { runInAction } from 'mobx';
import { QueryClientProvider } from '@tanstack/react-query';
import { StoreProvider } from '../../src/stores/context';
import { toStoredToken } from '../../src/stores/SessionStore';
import { FreeBetsSummary } from '../../src/features/account/FreeBetsSummary';
import { APP_QUERY_DEFAULTS } from '../../src/app/queryDefaults';
import { callsTo, createTestRoot, demoUser, token, type Reply, type Route } from './support/fakes';

/** Free bets in sight in the account menu (issue 28): their count, amount, expiry and terms. */

afterEach(() => cleanup());

function renderAccount(freeBets: Reply | Route) {
  const test = createTestRoot({
    routes: { 'GET /user/details': { status: 200, body: demoUser }, 'GET /free-bets': freeBets },
  });
  test.root.queryClient.setDefaultOptions(APP_QUERY_DEFAULTS);
  runInAction(() => {
    test.root.session.token = toStoredToken(token(), Date.now());
  });
  const open = () =>
    render(
      <StoreProvider store={test.root}>
        <QueryClientProvider client={test.root.queryClient}>
          <FreeBetsSummary />
        </QueryClientProvider>
      </StoreProvider>,
    );
  open();
  return { ...test, open };
}

const freeBet = (freeBetId: string, amount: number) => ({ freeBetId, amount, expiresAt: '2026-12-01T18:00:00.000Z' });

describe('free bets in the account menu', () => {
  it('says "Free bets 1" and lists the free bet with its amount, expiry and terms', async () => {
    renderAccount({
      status: 200,
      body: { freeBets: [{ freeBetId: 'fb-1', amount: 500, expiresAt: '2026-12-01T18:00:00.000Z' }] },
    });
    const section = await screen.findByRole('region', { name: 'Free bets 1' });
    expect(within(section).getByText('£5.00 free bet')).toBeTruthy();
    expect(within(section).getByText(/^Expires 01\/12\/26 \d\d:\d\d$/)).toBeTruthy();
    expect(within(section).getByText(/the free bet stake is not returned/)).toBeTruthy();
  });

  it('asks again each time the menu opens: a free bet spent in the sportsbook is gone from the count', async () => {
    let tokens = [freeBet('fb-1', 500), freeBet('fb-2', 300)];
    const { open } = renderAccount(() => ({ status: 200, body: { freeBets: tokens } }));
    expect(await screen.findByRole('region', { name: 'Free bets 2' })).toBeTruthy();
    cleanup();

    tokens = [freeBet('fb-2', 300)];
    open();
    const section = await screen.findByRole('region', { name: 'Free bets 1' });
    expect(within(section).getByText('£3.00 free bet')).toBeTruthy();
  });

  it('shows nothing when there are none, or the list cannot be had', async () => {
    for (const answer of [
      { status: 200, body: { freeBets: [] } },
      { status: 503, body: { message: 'down' } },
    ]) {
      const { fetch, root } = renderAccount(answer);
      await vi.waitFor(() => expect(callsTo(fetch, 'GET /free-bets')).toHaveLength(1));
      await vi.waitFor(() => expect(root.queryClient.isFetching()).toBe(0));
      expect(screen.queryByRole('region', { name: /Free bets/ })).toBeNull();
      cleanup();
    }
  });
});
