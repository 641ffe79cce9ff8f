import { vi } from 'vitest';
import { act, render } from '@testing-library/react';
import type { Market, Order, Runner } from '../../../src/contract/exchange';
import { createExchange, EXCHANGE_SESSION_KEY } from '../../../src/exchange/app/createExchange';
import { ExchangeContext } from '../../../src/exchange/app/context';
import { MarketPage } from '../../../src/exchange/screens/MarketPage';
import type { SocketLike } from '../../../src/ui/frame/LiveSocket';
import { fakeFetch, type Reply, type Route } from '../support/fakes';

export const MARKET_ID = 'ev-1~match-odds';
export const ARSENAL = 'ev-1~match-odds~home';
export const DRAW = 'ev-1~match-odds~draw';
export const CHELSEA = 'ev-1~match-odds~away';

const levels = (prices: number[], sizes: number[]) => prices.map((price, index) => ({ price, size: sizes[index]! }));

export function runner(selectionId: string, name: string, back: number[], lay: number[]): Runner {
  return {
    selectionId,
    name,
    availableToBack: levels(back, [12_000, 5_000, 2_550]),
    availableToLay: levels(lay, [8_000, 4_000, 999]),
    lastTradedPrice: back[0] ?? null,
  };
}

export function market(overrides: Partial<Market> = {}): Market {
  return {
    marketId: MARKET_ID,
    eventId: 'ev-1',
    name: 'Match Odds',
    status: 'open',
    inPlay: false,
    betDelayMs: 0,
    runners: [
      runner(ARSENAL, 'Arsenal', [2.5, 2.48, 2.46], [2.52, 2.54, 2.56]),
      runner(DRAW, 'The Draw', [3.4, 3.35, 3.3], [3.45, 3.5, 3.55]),
      runner(CHELSEA, 'Chelsea', [3, 2.98, 2.96], [3.05, 3.1, 3.15]),
    ],
    ...overrides,
  };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    orderId: '11111111-1111-4111-8111-111111111111',
    marketId: MARKET_ID,
    selectionId: ARSENAL,
    side: 'back',
    price: 2.5,
    size: 1_000,
    sizeMatched: 0,
    sizeRemaining: 1_000,
    sizeCancelled: 0,
    sizeLapsed: 0,
    averagePriceMatched: null,
    status: 'executable',
    persistence: 'lapse',
    placedAt: '2026-11-26T06:00:00.000Z',
    ...overrides,
  };
}

export const idleSocket = (): SocketLike => ({
  readyState: 0,
  send: () => undefined,
  close: () => undefined,
  onopen: null,
  onclose: null,
  onmessage: null,
});

let uuids = 0;
/** Order ids in the order they are made, so a test can say which one a request carried. */
export const nextUuid = () => `00000000-0000-4000-8000-${String(++uuids).padStart(12, '0')}`;

/** The exchange's frame on a market page, signed in unless told otherwise, with the API answering `routes`. */
export async function renderMarket(
  routes: Record<string, Route | Reply> = {},
  {
    signedIn = true,
    marketOverrides = {} as Partial<Market>,
    createSocket = idleSocket as (url: string) => SocketLike,
  } = {},
) {
  if (signedIn) window.sessionStorage.setItem(EXCHANGE_SESSION_KEY, 'session-1');
  const fetch = fakeFetch({
    [`GET /api/markets/${MARKET_ID}`]: { status: 200, body: market(marketOverrides) },
    'GET /api/positions': { status: 200, body: { positions: [] } },
    'GET /api/orders': { status: 200, body: { orders: [] } },
    ...routes,
  });
  window.history.replaceState(null, '', `/market/${MARKET_ID}`);
  const randomUUID = vi
    .spyOn(window.crypto, 'randomUUID')
    .mockImplementation(nextUuid as () => `${string}-${string}-${string}-${string}-${string}`);
  const exchange = createExchange({
    window,
    fetch: fetch as unknown as typeof globalThis.fetch,
    createSocket,
  });
  const posted = vi.spyOn(exchange.bridge, 'post');
  const view = render(
    <ExchangeContext.Provider value={exchange}>
      <MarketPage marketId={MARKET_ID} />
    </ExchangeContext.Provider>,
  );
  await act(async () => {
    await exchange.markets.loadMarket(MARKET_ID);
  });
  return { exchange, fetch, posted, view, randomUUID };
}

/** The bodies sent to `'METHOD /path'`. */
export const bodiesOf = (fetch: ReturnType<typeof fakeFetch>, key: string) =>
  fetch.mock.calls
    .filter(
      ([input, init]) =>
        `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(input)).pathname}` === key,
    )
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
