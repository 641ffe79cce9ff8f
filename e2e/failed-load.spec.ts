import { expect, test } from './support/fixtures';
import { acceptCookies } from './support/pwa';
import { SCREEN_FAILED } from '../src/app/OverlayScreen';
import { PART_FAILED } from '../src/sportsbook/ui/LoadBoundary';

// The worker would answer from its cache, out of the route's reach: this is the page without it (a first visit, or a
// release that replaced the file), where the browser must fetch the screen's code itself.
test.use({ serviceWorkers: 'block' });

test('a drawer whose code does not arrive shows Error with Retry in its place, and Retry opens it once the code can be fetched', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  let reachable = false;
  await page.route(/\/assets\/LegalDocumentDrawer-[^/]*\.js$/, (route) => (reachable ? route.continue() : route.abort('internetdisconnected')));

  await page.getByTestId('footer').getByRole('button', { name: 'Terms & Conditions' }).click();
  const drawer = page.getByRole('dialog', { name: 'Terms & Conditions' });
  await expect(drawer.getByRole('alert')).toHaveText(SCREEN_FAILED);
  // Only the drawer failed: the page around it is still there and working.
  await expect(page.getByRole('link', { name: 'ExSport home' })).toBeVisible();

  reachable = true;
  await drawer.getByRole('button', { name: 'Retry' }).click();
  await expect(drawer.getByTestId('legal-document')).toContainText('1. About us and these terms');
});

test('in the sportsbook frame, a match page whose code does not arrive says so in its place, and Try again opens it', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  let reachable = false;
  await page.route(/\/assets\/MatchPage-[^/]*\.js$/, (route) => (reachable ? route.continue() : route.abort('internetdisconnected')));
  const frame = page.frameLocator('iframe[title="Sportsbook"]');

  await frame.locator('a[href^="/event/"]').first().click({ timeout: 20_000 });
  await expect(frame.getByRole('alert')).toContainText(PART_FAILED);
  // Only the page's main part failed: the slip beside it is still there.
  await expect(frame.getByRole('complementary', { name: /Bet Slip/ })).toBeVisible();

  reachable = true;
  await frame.getByRole('button', { name: 'Try again' }).click();
  await expect(frame.getByRole('heading', { name: 'Match Result' })).toBeVisible({ timeout: 20_000 });
});
