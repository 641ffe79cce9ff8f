import { randomUUID } from 'node:crypto';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { E2E_EXCHANGE_PORT, E2E_PORT } from '../../playwright.config';
import type { ExchangeEvent, Market, Order, PlaceOrderRequest } from '../../src/contract/exchange';
import { apiToken } from './fixtures';

const exchangeUrl = (path: string) => `http://127.0.0.1:${E2E_EXCHANGE_PORT}${path}`;

/** Makes this page the installed app: `(display-mode: standalone)` matches, as on a home-screen launch. */
export async function asInstalledApp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      if (!/display-mode:\s*standalone/.test(query)) return original(query);
      const list = {
        matches: true,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      };
      return list as MediaQueryList;
    };
  });
}

async function exchangeCall<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(exchangeUrl(path), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Another customer trading through the exchange's API: launched by the PAM as the frame is, then placing orders. */
export async function exchangeTrader(customer: { email: string; password: string }) {
  const accessToken = await apiToken(customer);
  const launch = await fetch(`http://127.0.0.1:${E2E_PORT}/games/p2p`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const { url } = (await launch.json()) as { url: string };
  const launchToken = /launch=([A-Za-z0-9_-]+)/.exec(url)![1]!;
  const { sessionToken } = await exchangeCall<{ sessionToken: string }>('POST', '/api/session', undefined, {
    launchToken,
  });
  return {
    place: async (order: Omit<PlaceOrderRequest, 'orderId'>) =>
      (await exchangeCall<{ order: Order }>('POST', '/api/orders', sessionToken, { orderId: randomUUID(), ...order }))
        .order,
  };
}

/**
 * The upcoming match in this lane that kicks off last, so no kick-off, goal or result reaches it during a test. Spec
 * files run side by side and would trade on each other's books: each takes its own lane, split by the event id (a
 * split by position would shift as the schedule adds matches).
 */
export async function lastUpcomingMatch(lane: 0 | 1 = 0): Promise<{ event: ExchangeEvent; markets: Market[] }> {
  const { events } = await exchangeCall<{ events: ExchangeEvent[] }>('GET', '/api/events?status=upcoming');
  const inLane = (eventId: string) => [...eventId].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 2 === lane;
  const event = events
    .filter((candidate) => inLane(candidate.eventId))
    .toSorted((a, b) => a.startsAt.localeCompare(b.startsAt))
    .at(-1)!;
  const { markets } = await exchangeCall<{ markets: Market[] }>(
    'GET',
    `/api/markets?eventId=${encodeURIComponent(event.eventId)}`,
  );
  return { event, markets };
}

/** The exchange's own page inside the host's /exchange. */
export const exchangeFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Exchange"]');

/** From the host's Social betting (the phone's product switcher, or the desktop header) to the exchange's matches. */
export async function openExchange(page: Page): Promise<FrameLocator> {
  if (await page.getByTestId('header-switcher').isVisible()) {
    await page.getByTestId('header-switcher').click();
    await page
      .getByRole('dialog', { name: 'Switch product' })
      .getByRole('button', { name: /Social betting/ })
      .click();
  } else await page.getByTestId('header-social-betting').click();
  await expect(page).toHaveURL(/\/exchange$/);
  const frame = exchangeFrame(page);
  await expect(frame.getByRole('heading', { name: 'Exchange', level: 1 })).toBeVisible({ timeout: 20_000 });
  return frame;
}
