import { expect, test } from './support/fixtures';
import { E2E_PORT } from '../playwright.config';

/**
 * Issue 26: the address a newcomer reads in the log (127.0.0.1) and the public one (localhost) both reach a page with
 * prices in its sportsbook frame, never a header over a blank area.
 */
for (const host of ['127.0.0.1', 'localhost']) {
  test(`/ opened at ${host} shows the sportsbook's prices`, async ({ page }) => {
    await page.goto(`http://${host}:${E2E_PORT}/`);
    const price = page.frameLocator('iframe[title="Sportsbook"]').locator('.event-row .odds:not([disabled])').first();
    await expect(price).toBeVisible({ timeout: 20_000 });
    // One public name (docs/decisions.md, "One host name"): the frame is same-site with the page whatever was typed.
    await expect(page).toHaveURL(`http://localhost:${E2E_PORT}/`);
  });
}
