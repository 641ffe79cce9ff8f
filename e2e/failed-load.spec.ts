import { expect, test } from './support/fixtures';
import { acceptCookies } from './support/pwa';
import { SCREEN_FAILED } from '../src/app/OverlayScreen';

// The worker would answer from its cache, out of the route's reach: this is the page without it (a first visit, or a
// release that replaced the file), where the browser must fetch the screen's code itself.
test.use({ serviceWorkers: 'block' });

test('a drawer whose code does not arrive shows Error with Retry in its place, and Retry opens it once the code can be fetched', async ({
  page,
}) => {
  await page.goto('/');
  await acceptCookies(page);
  let reachable = false;
  await page.route(/\/assets\/LegalDocumentDrawer-[^/]*\.js$/, (route) =>
    reachable ? route.continue() : route.abort('internetdisconnected'),
  );

  await page.getByTestId('footer').getByRole('button', { name: 'Show links' }).click();
  await page.getByTestId('footer').getByRole('button', { name: 'Terms & Conditions' }).click();
  const drawer = page.getByRole('dialog', { name: 'Terms & Conditions' });
  await expect(drawer.getByRole('alert')).toHaveText(SCREEN_FAILED);
  // Only the drawer failed: the page around it is still there and working.
  await expect(page.getByRole('link', { name: 'ExSport home' })).toBeVisible();

  reachable = true;
  await drawer.getByRole('button', { name: 'Retry' }).click();
  await expect(drawer.getByTestId('legal-document')).toContainText('1. About us and these terms');
});
