import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_CLIENT_DIR, E2E_PORT } from '../playwright.config';
import { expect, test } from './support/fixtures';
import { acceptCookies, waitForServiceWorker } from './support/pwa';

// A server of this test's own, so that it can be stopped under a signed-in page without touching the shared one.
const PORT = E2E_PORT + 50;
const PROVIDERS_PORT = E2E_PORT + 51;
// Its exchange too: the default port (8200) may be the shared server's sportsbook.
const EXCHANGE_PORT = E2E_PORT + 52;
const DATA_DIR = join(tmpdir(), `bx-e2e-connection-${PORT}`);
const origin = `http://localhost:${PORT}`;

let server: ChildProcess | undefined;

async function startServer(): Promise<void> {
  server = spawn(join('node_modules', '.bin', 'tsx'), ['e2e/support/start-server.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      PROVIDERS_PORT: String(PROVIDERS_PORT),
      DATA_DIR,
      PUBLIC_URL: origin,
      PROVIDERS_URL: `http://127.0.0.1:${PROVIDERS_PORT}`,
      EXCHANGE_PORT: String(EXCHANGE_PORT),
      EXCHANGE_URL: `http://localhost:${EXCHANGE_PORT}`,
      CLIENT_DIR: E2E_CLIENT_DIR,
      SEED_DEMO: 'false',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${origin}/`).catch(() => undefined))?.ok ?? false, { timeout: 60_000 })
    .toBe(true);
}

async function stopServer(): Promise<void> {
  const running = server;
  server = undefined;
  if (!running || running.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    running.once('exit', () => resolve());
    running.kill('SIGTERM');
  });
}

test.afterEach(async () => {
  await stopServer();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test('with the server stopped under a signed-in page, a reload shows the last known balance with its time, never £0.00', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await startServer();
  const email = `e2e-connection-${Date.now()}@example.com`;
  const created = await fetch(`${origin}/test/customers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Secret123', balance: 4_321 }),
  });
  expect(created.ok).toBe(true);

  await page.goto(`${origin}/`);
  await acceptCookies(page);
  await waitForServiceWorker(page);
  await page.evaluate(
    (credentials) =>
      (
        globalThis as unknown as { __store: { session: { login(body: unknown): Promise<void> } } }
      ).__store.session.login(credentials),
    { email, password: 'Secret123' },
  );
  const header = page.getByTestId('header-balance');
  await expect(header).toHaveText('£43.21');

  await stopServer();
  await page.reload();
  await expect(header).toContainText('£43.21');
  await expect(header).toContainText(/last known \d\d:\d\d/);
  await expect(page.locator('body')).not.toContainText('£0.00');

  await header.click();
  const drawer = page.getByRole('dialog', { name: 'Account' });
  await expect(drawer.getByTestId('account-balance')).toHaveText('£43.21');
  const notice = drawer.getByTestId('account-unavailable');
  await expect(notice).toContainText('Your account details cannot be shown');
  await expect(notice).toContainText(
    /Our service is unavailable right now\. Please try again\. The balance above is the last known one, from \d\d:\d\d\./,
  );
  await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Try again' }).click();
  await expect(drawer.getByTestId('account-balance')).toHaveText('£43.21');
  await expect(page.locator('body')).not.toContainText('£0.00');
});
