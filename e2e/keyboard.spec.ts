import { appStarted, expect, test } from './support/fixtures';
import { acceptCookies } from './support/pwa';

test('the cookie bar is the first thing the keyboard reaches while it covers the page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('cookie-bar')).toBeVisible();
  await appStarted(page);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('cookie-bar').getByRole('link', { name: 'Learn more' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('cookie-bar').getByRole('button', { name: 'Decline' })).toBeFocused();
});

test("the keyboard's place in the page's own bar is kept when the app replaces that bar with its own", async ({
  page,
}) => {
  // The app's script held back until the keyboard is in the page's bar.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/');
  const bar = page.getByTestId('cookie-bar');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(bar.getByRole('button', { name: 'Decline' })).toBeFocused();
  await expect(page.locator('[data-first-screen]')).toHaveCount(1);
  release();
  await appStarted(page);
  await expect(bar.getByRole('button', { name: 'Decline' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(bar.getByRole('button', { name: 'Accept' })).toBeFocused();
});

test('Tab and Shift+Tab go round inside an open drawer and never leave it', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  const drawer = page.locator('dialog[data-overlay="login"]');
  await expect(drawer.getByLabel('Email')).toBeVisible();
  const stops = await drawer.evaluate(
    (dialog) => dialog.querySelectorAll('a[href], button:not([disabled]), input:not([disabled])').length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let step = 0; step < stops + 2; step++) {
      await page.keyboard.press(key);
      expect(
        await page.evaluate(() => document.activeElement?.closest('dialog[data-overlay="login"]') !== null),
        `${key} #${step + 1}`,
      ).toBe(true);
    }
  }
});
