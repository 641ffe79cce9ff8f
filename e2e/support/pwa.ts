import { expect, type BrowserContext, type Page } from '@playwright/test';
import { CONTENT_SLUGS } from '../../src/contract/content';

/** Waits until the service worker is activated and controls this page (ready alone is not enough). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  // page.waitForFunction would take the async function's promise itself as truthy: poll its result instead.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return !!navigator.serviceWorker.controller && registration?.active?.state === 'activated';
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Waits until the idle prefetch has saved every document in the browser database (read from IndexedDB itself). */
export async function waitForSavedDocuments(page: Page, count = CONTENT_SLUGS.length): Promise<void> {
  await expect
    .poll(async () => (await indexedDbContents(page))['betting-exchange/documents'] ?? 0, { timeout: 20_000 })
    .toBe(count);
}

export async function acceptCookies(page: Page): Promise<void> {
  const bar = page.getByTestId('cookie-bar');
  if (await bar.isVisible()) await bar.getByRole('button', { name: 'Accept' }).click();
  await expect(bar).toBeHidden();
  // The bar leaves the mouse over the sportsbook iframe (another origin, another process): move it back onto the
  // page, or Chromium may route the next click through the iframe's stale hit-test region after a scroll.
  await page.mouse.move(1, 1);
}

export interface CachedEntry {
  cache: string;
  path: string;
}

/** Every request kept in Cache Storage. */
export function cachedEntries(page: Page): Promise<CachedEntry[]> {
  return page.evaluate(async () => {
    const entries: Array<{ cache: string; path: string }> = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys())
        entries.push({ cache: name, path: new URL(request.url).pathname });
    }
    return entries;
  });
}

/** Cached answers that are neither the app's own files nor a legal document: there must never be any. */
export async function cachedApiAnswers(page: Page): Promise<CachedEntry[]> {
  const appFile = /\.(js|css|html|png|svg|webmanifest|woff2|ico)$/;
  return (await cachedEntries(page)).filter(
    (entry) =>
      !(entry.path.startsWith('/content/') || (entry.cache.startsWith('workbox-precache') && appFile.test(entry.path))),
  );
}

/** What remains in IndexedDB, store by store, with the number of records. */
export function indexedDbContents(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const result: Record<string, number> = {};
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name!);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        result[`${info.name}/${store}`] = await new Promise<number>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      }
      db.close();
    }
    return result;
  });
}

export async function setOffline(context: BrowserContext, page: Page, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(!offline);
}
