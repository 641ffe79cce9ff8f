import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { P2pMarkets } from '../../../src/features/history/P2pMarkets';
import type { P2pMarketItem } from '../../../src/contract/transactions';

afterEach(cleanup);

const market = (marketId: string, eventName: string | null): P2pMarketItem => ({
  marketId,
  eventName,
  status: 'settled',
  staked: 1_000,
  paid: 2_960,
  profit: 1_960,
  openedAt: '2026-11-26T10:00:00.000Z',
  settledAt: '2026-11-26T12:00:00.000Z',
});

describe('P2P Bets by market', () => {
  it("names each market with its match, as the exchange named it, and only the market's type when it did not", async () => {
    const items = [market('e1~match-odds', 'Arsenal v Chelsea'), market('e2~over-under-2.5', null)];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <P2pMarkets api={{ p2pMarkets: async () => items }} userId={1} />
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByTestId('p2p-market');
    expect(rows.map((row) => row.querySelector('strong')!.textContent)).toEqual([
      'Arsenal v Chelsea · Match Odds',
      'Over/Under 2.5 Goals',
    ]);
    expect(rows[0]!.textContent).toContain('Profit £19.60');
  });
});
