import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { E2E_DATA_DIR, E2E_PORT } from '../../playwright.config';
import { sendOperatorCommand } from '../../server/platform/operator/socket';

export interface Customer {
  id: number;
  email: string;
  password: string;
}

const apiUrl = (path: string) => `http://127.0.0.1:${E2E_PORT}${path}`;

/**
 * A fresh verified customer of its own for each test, so tests never share a balance. They have answered the
 * deposit-limit question (declined) unless `limitAnswered` is false.
 */
export async function createCustomer(
  options: { balance?: number; verified?: boolean; limitAnswered?: boolean } = {},
): Promise<Customer> {
  const email = `e2e-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'Secret123';
  const response = await fetch(apiUrl('/test/customers'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, ...options }),
  });
  if (!response.ok) throw new Error(`could not create customer: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: number };
  return { id, email, password };
}

/**
 * What `npm run operator -- <command> ...` does against the running server: through its operator socket (sb-* to
 * the sportsbook's, ex-* to the exchange's).
 */
export async function operator(command: string, ...args: string[]): Promise<unknown> {
  const socket = command.startsWith('sb-') ? 'sportsbook' : command.startsWith('ex-') ? 'exchange' : 'operator';
  const answer = await sendOperatorCommand(E2E_DATA_DIR, command, args, socket);
  if (answer.status !== 200) throw new Error(answer.message);
  return answer.result;
}

/** Signs in over the API, as the app does, for tests that read what the server says rather than what a screen shows. */
export async function apiToken(customer: { email: string; password: string }): Promise<string> {
  const response = await fetch(apiUrl('/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(customer),
  });
  if (!response.ok) throw new Error(`could not sign in ${customer.email}: ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

async function apiGet<T>(path: string, token: string): Promise<T> {
  const response = await fetch(apiUrl(path), { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** The wallet's balance in pence. */
export const balanceOf = async (customer: { email: string; password: string }) =>
  (await apiGet<{ balance: number }>('/balance', await apiToken(customer))).balance;

/** The bets record of the PAM (GET /bets), newest first. */
export const betsOf = async (customer: { email: string; password: string }) =>
  apiGet<Array<{ betId: string; stake: number; returns: number | null; status: 'Open' | 'Settled' | 'Refunded' }>>(
    '/bets',
    await apiToken(customer),
  );

export async function latestMailTo(email: string): Promise<{ subject: string; text: string }> {
  const mails = (await (await fetch(apiUrl('/outbox.json'))).json()) as Array<{
    to: string;
    subject: string;
    text: string;
  }>;
  const mail = mails.find((candidate) => candidate.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** Opens the login drawer and sends the e-mail and password; returns the drawer (it may ask for more: a two-step code). */
export async function submitLogin(page: Page, customer: { email: string; password: string }): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Login' });
  await drawer.getByLabel('Email').fill(customer.email);
  await drawer.getByLabel('Password', { exact: true }).fill(customer.password);
  await drawer.getByRole('button', { name: 'Login', exact: true }).click();
  return drawer;
}

/** Signs in through the login drawer, as a customer would. */
export async function signIn(page: Page, customer: { email: string; password: string }): Promise<void> {
  await submitLogin(page, customer);
  await expect(page.getByTestId('header-balance')).toBeVisible();
}

/**
 * Waits until the app runs: it has replaced the page's first screen, which paints before the app's script is even
 * asked for (scripts/first-screen.ts), and its store is there for the helpers below.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => '__store' in globalThis && !document.querySelector('[data-first-screen]'));
}

/**
 * Signs a fresh customer with this balance in through the app's own store (test hooks build), for tests about what a
 * signed-in screen shows rather than the sign-in journey (signIn covers that through the drawer).
 */
export async function signInQuickly(page: Page, balance: number): Promise<Customer> {
  const customer = await createCustomer({ balance });
  await appStarted(page);
  await page.evaluate(
    (credentials) =>
      (
        globalThis as unknown as { __store: { session: { login(body: unknown): Promise<void> } } }
      ).__store.session.login(credentials),
    { email: customer.email, password: customer.password },
  );
  await expect(page.getByTestId('header-balance')).toBeVisible();
  return customer;
}

/** Opens an overlay (drawer or modal) by its name through the app's store, as a link to it would. */
export async function openOverlay(page: Page, name: string, data?: unknown): Promise<void> {
  await appStarted(page);
  await page.evaluate(
    ([overlay, payload]) =>
      (
        globalThis as unknown as { __store: { overlays: { open(name: string, data?: unknown): void } } }
      ).__store.overlays.open(overlay as string, payload),
    [name, data] as const,
  );
}

export async function closeOverlays(page: Page): Promise<void> {
  await appStarted(page);
  await page.evaluate(() =>
    (globalThis as unknown as { __store: { overlays: { closeAll(): void } } }).__store.overlays.closeAll(),
  );
}

/**
 * Axe's findings on the page (or only inside `include`), as "rule: nodes" lines, and the page left able to take a
 * press. AxeBuilder finishes every scan of a frame in a blank page it opens and closes in the same context; after
 * that, headless Chromium can route a click meant for the sportsbook's frame (another process: its origin is isolated)
 * to the host's iframe element, and the press is lost. A new viewport size makes the host draw and hit-test the frame
 * again, so a spec may scan anywhere, not only last.
 */
export async function axeViolations(page: Page, include?: string | string[]): Promise<string[]> {
  await appStarted(page);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const scan = await builder.analyze();
  const size = page.viewportSize();
  if (size) {
    await page.setViewportSize({ width: size.width, height: size.height - 1 });
    await page.setViewportSize(size);
  }
  return scan.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** A phone's browser that shows the install banner: touch, mobile, Android's user agent. */
export const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

export const test = base;
export { expect };

/**
 * The home screen's rows of matches listed by competition: not in play and not starting soon. A test that bets before
 * kick-off takes one of these, so its match cannot kick off (or be priced again for it) while the test bets.
 */
export const LATER_MATCHES =
  'ul:not([aria-label="Matches in play"]):not([aria-label="Matches starting soon"]) > .event-row';

/**
 * Rows of matches being played with their markets open, at least 20 minutes left and ten or more before half time (a
 * match at half time has its markets suspended and takes no goal, and the feed's clock runs fast): for tests that
 * record a goal in the match they bet on.
 */
export const playedRowsWithTimeLeft = (frame: FrameLocator): Locator =>
  frame
    .locator('ul[aria-label="Matches in play"] .event-row:not(.event-row--suspended)')
    .filter({ has: frame.locator('.event-row__clock', { hasText: /^([12]?\d|4[6-9]|[56]\d)'$/ }) });
