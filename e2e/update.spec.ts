import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { E2E_CLIENT_DIR } from '../playwright.config';
import { expect, test } from './support/fixtures';
import { acceptCookies, waitForServiceWorker } from './support/pwa';

test('a new version waits for the customer: the prompt appears, nothing reloads until Reload is pressed', async ({
  page,
}) => {
  await page.goto('/');
  await acceptCookies(page);
  await waitForServiceWorker(page);
  // A marker that a reload would wipe out.
  await page.evaluate(() => ((globalThis as unknown as { __beforeUpdate: boolean }).__beforeUpdate = true));
  const firstWorker = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())!.active!.scriptURL,
  );

  const workerFile = resolve(E2E_CLIENT_DIR, 'sw.js');
  const original = readFileSync(workerFile);
  try {
    // A "release": the worker's bytes change, so the browser installs it beside the running one.
    appendFileSync(workerFile, `\n// release ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('New version available');
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state))
      .toBe('installed');

    // Someone may be halfway through a form: the page must stay as it is.
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (globalThis as unknown as { __beforeUpdate?: boolean }).__beforeUpdate)).toBe(
      true,
    );

    const reloaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.waitForLoadState('load');
    expect(
      await page.evaluate(() => (globalThis as unknown as { __beforeUpdate?: boolean }).__beforeUpdate ?? false),
    ).toBe(false);
    await waitForServiceWorker(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
    ).toBeNull();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.active!.scriptURL)).toBe(
      firstWorker,
    );
  } finally {
    writeFileSync(workerFile, original);
  }
});
