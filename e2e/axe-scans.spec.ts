import { expect, type Page } from '@playwright/test';
import { axeViolations, test } from './support/fixtures';

/**
 * Axe scans of the sportsbook frame: its loading placeholders pass (they are on screen for a moment only, so a scan of
 * the home page failed now and then with aria-prohibited-attr), and a press right after a scan still reaches the
 * frame, so a spec need not scan last.
 */

const sportsbook = (page: Page) => page.frameLocator('iframe[title="Sportsbook"]');

test('the sportsbook home page passes axe while its matches load', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The frame's page for `/` carries its first lists: served here without them, as to any other route of the frame,
  // the home screen fetches them, and the competitions are held until the scan is done, so it stays on its placeholder.
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      if (route.request().frame() === page.mainFrame()) return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<script type="application\/json" id="sb-first-lists">.*?<\/script>/s,
        '',
      );
      await route.fulfill({ response, body });
    },
  );
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/competitions', async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await page.goto('/');
  const frame = sportsbook(page);
  await expect(frame.locator('.home[aria-busy="true"]')).toBeVisible({ timeout: 20_000 });
  expect(await axeViolations(page, 'iframe[title="Sportsbook"]')).toEqual([]);
  release();
  await expect(frame.locator('.event-row').first()).toBeVisible({ timeout: 20_000 });
});

test('a price pressed right after an axe scan of the frame goes to the slip', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);
  const rows = frame.locator('section.panel[aria-label] .event-row:not(.event-row--suspended)');
  await expect(rows.nth(6)).toBeVisible({ timeout: 20_000 });
  const slip = frame.getByRole('complementary', { name: /Bet Slip/ });
  // Down the list, so the frame scrolls to each price: the third press after a scan was lost before. Each scan is of
  // the sub-navigation only, as quick as a scan gets: the blank page it finishes in is what lost the press.
  for (let round = 0; round < 3; round++) {
    expect(await axeViolations(page, ['iframe[title="Sportsbook"]', '.subnav'])).toEqual([]);
    await rows
      .nth(round * 2)
      .locator('.odds')
      .first()
      .click();
    await expect(slip.locator('.slip__list > li')).toHaveCount(round + 1, { timeout: 5_000 });
  }
});
