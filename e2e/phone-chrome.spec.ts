import { expect, type Page } from '@playwright/test';
import { createCustomer, operator, signIn, test } from './support/fixtures';

/**
 * The sportsbook's sub-navigation on a 390 px phone, signed in with a free bet: one line, nothing cut ("My Bets" broke
 * over two lines and the odds format was cut at the screen's edge), the free bets still named for a screen reader.
 */

const sportsbook = (page: Page) => page.frameLocator('iframe[title="Sportsbook"]');

test('on a phone the sportsbook sub-navigation keeps one line with the free bets, the odds format whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await createCustomer({ balance: 5_000 });
  await operator('free-bet', 'grant', customer.email, '500', '--days', '7', 'Welcome');
  await signIn(page, customer);
  const frame = sportsbook(page);
  const nav = frame.getByRole('navigation', { name: 'Sportsbook' });
  await expect(nav.getByRole('button', { name: 'Free bets 1' })).toBeVisible({ timeout: 20_000 });
  expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // Each link's words on one line, and the odds format inside the screen.
  for (const link of await nav.getByRole('link').all())
    expect(
      await link.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    ).toBe(1);
  const odds = await nav.getByRole('combobox', { name: 'Odds format' }).boundingBox();
  expect(odds!.x + odds!.width).toBeLessThanOrEqual(390);
});
