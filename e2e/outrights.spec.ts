import AxeBuilder from '@axe-core/playwright';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { balanceOf, createCustomer, signIn, test } from './support/fixtures';

const sportsbook = (page: Page): FrameLocator => page.frameLocator('iframe[title="Sportsbook"]');

test("a signed-in customer opens a competition's outrights, backs a club to win the league, and sees the bet in My Bets", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const customer = await createCustomer({ balance: 5_000 });
  await signIn(page, customer);
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);

  // The competition, then its Outrights tab, by keyboard.
  await frame
    .getByRole('navigation', { name: 'Competitions' })
    .getByRole('button', { name: 'Albion Premier Division' })
    .click({ timeout: 20_000 });
  const tab = frame.getByRole('tab', { name: 'Outrights' });
  await tab.focus();
  await page.keyboard.press('Enter');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const panel = frame.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'To win the Albion Premier Division' })).toBeVisible();
  const table = panel.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(17);
  await expect(table.getByRole('rowheader', { name: 'Castlebridge Rovers' })).toBeVisible();

  // Back the favourite: a price button named for screen readers, onto the slip like any other.
  const prices = panel.getByRole('list', { name: 'To win the Albion Premier Division' });
  const price = prices.getByRole('button', { name: /^Castlebridge Rovers, To win the Albion Premier Division at / });
  await expect(price).toBeEnabled();
  await price.click();
  await expect(price).toHaveAttribute('aria-pressed', 'true');
  const slip = frame.getByRole('complementary', { name: /Bet Slip/ });
  await expect(slip.getByText('Albion Premier Division, season', { exact: false })).toBeVisible();
  await slip.getByLabel('Stake on Castlebridge Rovers').fill('3');
  await slip.getByLabel('When the odds change').selectOption('any');
  await slip.getByRole('button', { name: /Place Bet/ }).click();
  await expect(slip.locator('.receipt--accepted')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => balanceOf(customer), { timeout: 15_000 }).toBe(5_000 - 300);
  // The outrights panel passes axe (scanned once the bet is placed: axe's script in the frame must not race the slip).
  const scan = await new AxeBuilder({ page }).include(['iframe[title="Sportsbook"]', '#competition-panel']).analyze();
  expect(
    scan.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);

  await slip.getByRole('button', { name: 'View in My Bets' }).click();
  await expect(frame.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
  const card = frame.locator('.bet-card').first();
  await expect(card.getByText('Castlebridge Rovers')).toBeVisible();
  await expect(card.getByText(/Albion Premier Division, season \d+/)).toBeVisible();
});
