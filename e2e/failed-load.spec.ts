import type { Page } from '@playwright/test';
import { expect, LATER_MATCHES, test } from './support/fixtures';
import { acceptCookies } from './support/pwa';
import { SCREEN_FAILED } from '../src/app/OverlayScreen';
import { PART_FAILED } from '../src/sportsbook/ui/LoadBoundary';
import { UNAVAILABLE_TEXT } from '../src/features/sportsbook/wording';

// The worker would answer from its cache, out of the route's reach: this is the page without it (a first visit, or a
// release that replaced the file), where the browser must fetch the screen's code itself.
test.use({ serviceWorkers: 'block' });

/** Requests for the matching code fail as with no signal until `restore`; then they reach the server again. */
async function codeUnreachable(page: Page, code: RegExp): Promise<{ restore(): void }> {
  let reachable = false;
  await page.route(code, (route) => (reachable ? route.continue() : route.abort('internetdisconnected')));
  return {
    restore: () => {
      reachable = true;
    },
  };
}

test('a drawer whose code does not arrive shows Error with Retry in its place, and Retry opens it once the code can be fetched', async ({
  page,
}) => {
  await page.goto('/');
  await acceptCookies(page);
  const connection = await codeUnreachable(page, /\/assets\/LegalDocumentDrawer-[^/]*\.js$/);

  await page.getByTestId('footer').getByRole('button', { name: 'Show links' }).click();
  await page.getByTestId('footer').getByRole('button', { name: 'Terms & Conditions' }).click();
  const drawer = page.getByRole('dialog', { name: 'Terms & Conditions' });
  await expect(drawer.getByRole('alert')).toHaveText(SCREEN_FAILED);
  // Only the drawer failed: the page around it is still there and working.
  await expect(page.getByRole('link', { name: 'ExSport home' })).toBeVisible();

  connection.restore();
  await drawer.getByRole('button', { name: 'Retry' }).click();
  await expect(drawer.getByTestId('legal-document')).toContainText('1. About us and these terms');
});

test("the Outrights tab whose store's code does not arrive says so with Try again, and Try again shows the league once it can be fetched", async ({
  page,
}) => {
  // The frame's store for outrights, on the sportsbook's origin (a push may also ask for it: it fails the same way).
  const connection = await codeUnreachable(page, /\/assets\/OutrightsStore-[^/]*\.js$/);
  await page.goto('/');
  await acceptCookies(page);
  const frame = page.frameLocator('iframe[title="Sportsbook"]');
  await frame
    .getByRole('navigation', { name: 'Competitions' })
    .getByRole('button', { name: 'Albion Premier Division' })
    .click({ timeout: 20_000 });
  await frame.getByRole('tab', { name: 'Outrights' }).click();
  const panel = frame.getByRole('tabpanel');
  await expect(panel.getByRole('alert')).toContainText(PART_FAILED);
  // Only the tab failed: the competitions above it still work.
  await expect(frame.getByRole('tab', { name: 'Matches' })).toBeEnabled();

  connection.restore();
  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect(panel.getByRole('heading', { name: 'To win the Albion Premier Division' })).toBeVisible();
});

test("on a phone, a price pressed while the slip's code does not arrive is kept: the bar counts it, the open slip says so with Try again, and Try again puts it on the slip", async ({
  page,
}) => {
  // The slip's store, on the sportsbook's origin: asked for once the first lists are drawn, and again at the press.
  const connection = await codeUnreachable(page, /\/assets\/SlipStore-[^/]*\.js$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await acceptCookies(page);
  const frame = page.frameLocator('iframe[title="Sportsbook"]');
  // A later match's price: the first row of all can move to In-Play, or be re-drawn, between the press and the check.
  const price = frame.locator(`${LATER_MATCHES} .odds:not(.odds--off)`).first();
  await price.click({ timeout: 20_000 });
  await expect(price).toHaveAttribute('aria-pressed', 'true');

  const bar = frame.getByRole('button', { name: /Bet Slip/ });
  await expect(bar).toContainText('1');
  await bar.click();
  const sheet = frame.getByRole('dialog', { name: /Bet Slip/ });
  await expect(sheet.getByRole('alert')).toContainText(PART_FAILED);

  connection.restore();
  await sheet.getByRole('button', { name: 'Try again' }).click();
  await expect(sheet.getByRole('textbox', { name: /^Stake on / })).toHaveCount(1);
  await expect(price).toHaveAttribute('aria-pressed', 'true');
});

test('the home page whose sportsbook frame code does not arrive says the sportsbook is unavailable with Try again, and Try again opens the frame once it can be fetched', async ({
  page,
}) => {
  // The host's code that opens the frame (preloaded by the page, imported after the first render).
  const connection = await codeUnreachable(page, /\/assets\/SportsbookFrame-[^/]*\.js$/);
  await page.goto('/');
  await acceptCookies(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toHaveText(`${UNAVAILABLE_TEXT}Try again`);
  await expect(page.locator('iframe[title="Sportsbook"]')).toHaveCount(0);

  connection.restore();
  await main.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.frameLocator('iframe[title="Sportsbook"]').locator('.event-row .odds:not(.odds--off)').first(),
  ).toBeVisible({ timeout: 20_000 });
});
