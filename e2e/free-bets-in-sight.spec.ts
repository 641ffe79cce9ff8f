import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { balanceOf, createCustomer, operator, signIn, test } from './support/fixtures';

/**
 * Issue 28, both origins, a real browser on a desktop: a free bet is in sight before anything is on the slip (the
 * account menu and the sportsbook's header), and staked, the slip shows it apart: "Free bet £5.00", "Total stake
 * £0.00"; the receipt says "Free bet stake". The keyboard's skip link reaches the slip's stake box.
 */

const sportsbook = (page: Page) => page.frameLocator('iframe[title="Sportsbook"]');

test('a free bet in the account menu and the header, then on the slip: Free bet £5.00, Total stake £0.00', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const customer = await createCustomer({ balance: 5_000 });
  // Two: the £5 soonest to expire (the slip's first choice), the £3 left over for the header's list at the end.
  await operator('free-bet', 'grant', customer.email, '500', '--days', '3', 'Welcome');
  await operator('free-bet', 'grant', customer.email, '300', '--days', '30', 'Welcome');
  await signIn(page, customer);
  const cookies = page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' });
  if (await cookies.isVisible()) await cookies.click();

  // The account menu counts them, with their amounts and expiry.
  await page.getByTestId('header-balance').click();
  const account = page.getByRole('dialog', { name: 'Account' });
  const listed = account.getByRole('region', { name: 'Free bets 2' });
  await expect(listed).toBeVisible({ timeout: 20_000 });
  await expect(listed).toContainText('£5.00 free bet');
  await expect(listed).toContainText(/Expires \d\d\/\d\d\/\d\d/);
  await expect(listed).toContainText('£3.00 free bet');
  await page.keyboard.press('Escape');
  await expect(account).toHaveCount(0);

  // So does the sportsbook's header, before anything is on the slip.
  const frame = sportsbook(page);
  // The slip offers My Bets once the frame has the customer's session.
  await expect(frame.getByRole('tab', { name: /^My Bets/ })).toBeVisible({ timeout: 20_000 });
  const header = frame.getByRole('button', { name: 'Free bets 2' });
  await expect(header).toBeVisible();
  await header.click();
  await expect(frame.locator('#free-bets-list')).toContainText('£5.00 free bet');
  await expect(frame.locator('#free-bets-list')).toContainText('the free bet stake is not returned');
  await header.click();

  // A home win days ahead, then the skip link takes the keyboard to its stake box.
  const rows = frame.locator('section.panel[aria-label] .event-row:not(.event-row--suspended)');
  await expect(rows.nth(7)).toBeVisible({ timeout: 20_000 });
  const price = rows
    .nth((await rows.count()) - 6)
    .locator('.odds')
    .first();
  const homeTeam = (await price.getAttribute('aria-label'))!.replace(/ to win at .*$/, '');
  await price.click();
  const slip = frame.getByRole('complementary', { name: /Bet Slip/ });
  await expect(slip.locator('[aria-live="polite"]').first()).toHaveText(
    `${homeTeam} added to your bet slip: 1 selection.`,
  );
  await frame.getByRole('link', { name: 'Skip to bet slip' }).focus();
  await page.keyboard.press('Enter');
  await expect(slip.getByLabel(`Stake on ${homeTeam}`)).toBeFocused();

  // Staked with the free bet: shown apart from the cash total, which is nothing.
  await slip.getByLabel('When the odds change').selectOption('any');
  await slip.getByLabel('Free bet').selectOption({ index: 1 });
  const totals = slip.locator('.slip__totals');
  await expect(totals.locator('dt:text-is("Free bet") + dd')).toHaveText('£5.00');
  await expect(totals.locator('dt:text-is("Total stake") + dd')).toHaveText('£0.00');
  await slip.getByRole('button', { name: 'Place Bet', exact: true }).click();
  const receipt = slip.locator('.receipt--accepted');
  await expect(receipt).toBeVisible({ timeout: 20_000 });
  await expect(receipt.locator('dt:text-is("Free bet stake") + dd')).toHaveText('£5.00');
  expect(await balanceOf(customer)).toBe(5_000);
  const left = frame.getByRole('button', { name: 'Free bets 1' });
  await expect(left).toBeVisible({ timeout: 20_000 });
  await left.click();
  await expect(frame.locator('#free-bets-list')).toContainText('£3.00 free bet');
  // The account menu counts the free bet left; the scans come last, as axe holds the frame while it runs (a press
  // made after a scan of the frame is lost), the frame's with its header list open over the slip's receipt.
  await page.getByTestId('header-balance').click();
  await expect(account.getByRole('region', { name: 'Free bets 1' })).toContainText('£3.00 free bet');
  const accountScan = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  expect(accountScan.violations.map((violation) => violation.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(account).toHaveCount(0);
  const headerScan = await new AxeBuilder({ page }).include('iframe[title="Sportsbook"]').analyze();
  expect(headerScan.violations.map((violation) => violation.id)).toEqual([]);
});
