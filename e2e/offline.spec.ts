import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import config from '../playwright.config';
import { CONTENT_SLUGS } from '../src/contract/content';
import { createCustomer, expect, operator, test } from './support/fixtures';
import {
  acceptCookies,
  cachedApiAnswers,
  cachedEntries,
  indexedDbContents,
  setOffline,
  waitForSavedDocuments,
  waitForServiceWorker,
} from './support/pwa';

const SAVED_NOTE = /^Saved copy from \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} — you are offline$/;

async function firstVisit(page: Page) {
  await page.goto('/');
  await acceptCookies(page);
  await waitForServiceWorker(page);
  await waitForSavedDocuments(page);
}

async function expectDocument(page: Page, title: string, text: string | RegExp, { offline }: { offline: boolean }) {
  const drawer = page.getByRole('dialog', { name: title });
  await expect(drawer).toBeVisible();
  try {
    // Longer than the default: opened offline by a fresh page load, the document's code and text come from the worker
    // and the browser database while the other test worker may be running axe on every drawer.
    await expect(drawer.getByTestId('legal-document')).toContainText(text, { timeout: 20_000 });
  } catch (error) {
    // Name what the reader saw instead (a spinner, an error, another document), so a failure explains itself.
    const shown = await drawer
      .evaluate((element) => element.innerHTML.slice(0, 600))
      .catch(() => '(the drawer was gone)');
    throw new Error(`${(error as Error).message}\nThe drawer showed: ${shown}`);
  }
  if (offline) await expect(drawer.getByTestId('saved-copy-note')).toHaveText(SAVED_NOTE);
  else await expect(drawer.getByTestId('saved-copy-note')).toHaveCount(0);
  await expect(drawer.getByRole('navigation', { name: 'Contents' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
}

test('passes Chromium’s installability checks once the worker controls the page', async ({ baseURL }) => {
  // Chromium never offers installation in an incognito profile, which is what a test context is: use a real one.
  const profile = mkdtempSync(join(tmpdir(), 'bx-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...config.use?.launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await firstVisit(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
    // Named once, by the PWA plugin, which follows its file name.
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('reads Terms, Betting Rules, Exchange Rules and Privacy offline from the footer and the mobile menu, and opens /terms directly', async ({
  page,
  context,
}) => {
  await firstVisit(page);
  await setOffline(context, page, true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  const footer = page.getByTestId('footer');
  await footer.getByRole('button', { name: 'Show links' }).click();
  await footer.getByRole('button', { name: 'Terms & Conditions' }).click();
  await expectDocument(page, 'Terms & Conditions', '27. Third-party rights and entire agreement', { offline: true });
  await footer.getByRole('button', { name: 'Betting Rules' }).click();
  await expectDocument(page, 'Betting Rules', 'Goliath', { offline: true });
  await footer.getByRole('button', { name: 'Exchange Rules' }).click();
  await expectDocument(page, 'Exchange Rules', 'No cross-matching', { offline: true });
  await footer.getByRole('button', { name: 'Privacy Policy' }).click();
  await expectDocument(page, 'Privacy Policy', '28 February 2022', { offline: true });

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(footer).toHaveCount(0);
  for (const [entry, title, text] of [
    ['Terms & Conditions', 'Terms & Conditions', '1. About us and these terms'],
    ['Betting Rules', 'Betting Rules', 'Section B: Markets and settlement'],
    ['Privacy Policy', 'Privacy Policy', 'location'],
  ] as const) {
    await page.getByTestId('header-menu').click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: entry }).click();
    await expectDocument(page, title, text, { offline: true });
  }

  await page.goto('/terms');
  await expectDocument(page, 'Terms & Conditions', '23. Governing law', { offline: true });

  await page.goto('/privacy');
  await expectDocument(page, 'Privacy Policy', 'Marketing and communications data', { offline: true });

  await page.reload();
  await expect(page.getByRole('link', { name: 'ExSport home' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  expect(await cachedApiAnswers(page)).toEqual([]);
});

test('shows a document the operator replaced once the browser is online again', async ({ page, context }) => {
  await firstVisit(page);
  await setOffline(context, page, true);
  const dir = mkdtempSync(join(tmpdir(), 'bx-e2e-content-'));
  const file = join(dir, 'safer-gambling.md');
  const marker = `Updated guidance ${Date.now()}`;
  writeFileSync(
    file,
    `# Safer Gambling\n\n## What is new\n\n${marker}: our tools are in Account > Responsible Gambling.\n\n## Help\n\nCall the National Gambling Helpline.\n\n## More\n\nGAMSTOP.\n`,
  );
  const replaced = (await operator('content', 'replace', 'safer-gambling', file)) as { version: number };
  rmSync(dir, { recursive: true, force: true });

  await page.getByTestId('footer').getByRole('button', { name: 'Show links' }).click();
  await page.getByTestId('footer').getByRole('button', { name: 'Safer Gambling' }).click();
  await expect(page.getByTestId('saved-copy-note')).toBeVisible();
  await expect(page.getByTestId('legal-document')).not.toContainText(marker);
  await page.getByRole('dialog', { name: 'Safer Gambling' }).getByRole('button', { name: 'Close' }).click();

  await setOffline(context, page, false);
  await page.getByTestId('footer').getByRole('button', { name: 'Safer Gambling' }).click();
  const document = page.getByTestId('legal-document');
  await expect(document).toContainText(marker);
  await expect(document).toHaveAttribute('data-version', String(replaced.version));
  await expect(page.getByTestId('saved-copy-note')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() =>
        (
          globalThis as unknown as {
            __store: { db: { documents: { get(slug: string): Promise<{ version: number } | undefined> } } };
          }
        ).__store.db.documents
          .get('safer-gambling')
          .then((saved) => saved?.version),
      ),
    )
    .toBe(replaced.version);

  // And the new text is what the device now reads offline.
  await page.getByRole('dialog', { name: 'Safer Gambling' }).getByRole('button', { name: 'Close' }).click();
  await setOffline(context, page, true);
  await page.getByTestId('footer').getByRole('button', { name: 'Safer Gambling' }).click();
  await expect(page.getByTestId('saved-copy-note')).toBeVisible();
  await expect(page.getByTestId('legal-document')).toContainText(marker);
  expect(await cachedApiAnswers(page)).toEqual([]);
});

const PUBLIC_STORES = ['betting-exchange/documents', 'workbox-expiration/cache-entries'];

test('leaves no customer data in IndexedDB, Cache Storage or web storage after logout; the documents stay', async ({
  page,
}) => {
  const customer = await createCustomer({ balance: 4321 });
  await firstVisit(page);
  await page.evaluate(
    (credentials) =>
      (
        globalThis as unknown as { __store: { session: { login(body: unknown): Promise<void> } } }
      ).__store.session.login(credentials),
    { email: customer.email, password: customer.password },
  );
  await expect(page.getByTestId('header-balance')).toHaveText('£43.21');
  expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).not.toBeNull();
  expect(await cachedApiAnswers(page)).toEqual([]);
  // What a signed-in customer's device holds besides: pages of history, the last balance, a persisted query cache.
  await page.evaluate(async (userId) => {
    const { db } = (
      globalThis as unknown as {
        __store: {
          db: {
            transactionPages: { put(row: unknown): Promise<unknown> };
            lastBalance: { put(row: unknown): Promise<unknown> };
          };
        };
      }
    ).__store;
    await db.transactionPages.put({
      key: `${userId}:all:0`,
      userId,
      items: [{ id: 1, amount: 4321 }],
      savedAt: Date.now(),
    });
    await db.lastBalance.put({ userId, balance: 4321, currency: 'GBP', savedAt: Date.now() });
    localStorage.setItem('REACT_QUERY_OFFLINE_CACHE', JSON.stringify({ balance: 4321 }));
  }, customer.id);

  await page.evaluate(() =>
    (globalThis as unknown as { __store: { overlays: { open(name: string): void } } }).__store.overlays.open('logout'),
  );
  const modal = page.getByRole('dialog', { name: 'Logout' });
  await expect(modal).toContainText('Are you sure you want to logout?');
  await modal.getByRole('button', { name: 'Yes, logout' }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();

  await expect
    .poll(async () =>
      Object.entries(await indexedDbContents(page)).filter(
        // The documents, and the worker's dates for its cache of them (the `content` cache kept below): public texts.
        ([store, count]) => count > 0 && !PUBLIC_STORES.includes(store),
      ),
    )
    .toEqual([]);
  expect((await indexedDbContents(page))['betting-exchange/documents']).toBe(CONTENT_SLUGS.length);
  // The device's own settings stay, and the public answers saved for an offline start (the client configuration only).
  expect(
    await page.evaluate(() => ({
      session: Object.keys(sessionStorage),
      local: Object.keys(localStorage).filter((key) => key !== 'appBannerDismissed' && key !== 'bx-public-queries'),
      publicQueries: (
        JSON.parse(localStorage.getItem('bx-public-queries') ?? '{"clientState":{"queries":[]}}') as {
          clientState: { queries: { queryHash: string }[] };
        }
      ).clientState.queries
        .map((query) => query.queryHash)
        .filter((hash) => hash !== '["client-config"]'),
    })),
  ).toEqual({ session: [], local: [], publicQueries: [] });
  const entries = await cachedEntries(page);
  expect(entries.filter((entry) => !entry.cache.startsWith('workbox-precache') && entry.cache !== 'content')).toEqual(
    [],
  );
  expect(await cachedApiAnswers(page)).toEqual([]);
});
