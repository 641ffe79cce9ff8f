import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { SportsbookContext } from '../../../src/sportsbook/app/context';
import MatchPage from '../../../src/sportsbook/screens/MatchPage';
import type { EventDetail } from '../../../src/contract/sportsbook-rules';
import { fakeFetch } from '../support/fakes';
import { event, frameOn, matchResult } from './fixtures';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

/** The match page of ev-1 as the server answers it: `detail` with its only market in `marketStatus`. */
async function renderMatch(detail: Partial<EventDetail>, marketStatus: 'settled' | 'suspended') {
  const main = matchResult('ev-1', undefined, marketStatus);
  const body = event('ev-1', { mainMarket: main, markets: [main], ...detail });
  const sportsbook = frameOn(fakeFetch({ 'GET /api/events/ev-1': { status: 200, body } }), '/event/ev-1');
  render(
    <SportsbookContext.Provider value={sportsbook}>
      <MatchPage eventId="ev-1" />
    </SportsbookContext.Provider>,
  );
  await screen.findByRole('heading', { level: 1 });
}

describe('a match page with nothing left to bet on', () => {
  it('a settled match says its bets are settled and nothing else: no empty list and no Show toggle', async () => {
    await renderMatch({ status: 'settled', phase: 'full-time', minute: 90 }, 'settled');
    expect(await screen.findByText(/Bets on this match are settled/)).toBeTruthy();
    expect(screen.queryByText('No markets are open on this match.')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Show' })).toBeNull();
  });

  it('a match still in play whose markets are all closed says none are open', async () => {
    await renderMatch({ status: 'live' }, 'settled');
    expect(await screen.findByText('No markets are open on this match.')).toBeTruthy();
  });
});
