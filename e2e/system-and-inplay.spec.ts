import AxeBuilder from '@axe-core/playwright';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { balanceOf, createCustomer, operator, playedRowsWithTimeLeft, signIn, test } from './support/fixtures';

/**
 * Issue 13 on the slip, both origins, a real browser: a Yankee placed from the slip (its lines and total stake shown,
 * one debit of the total, listed in My Bets with its lines), and an in-play bet held through the in-play delay and
 * refused by a goal the operator records during it (nothing taken).
 */

const sportsbook = (page: Page): FrameLocator => page.frameLocator('iframe[title="Sportsbook"]');

/** axe on the sportsbook frame (the slip with it): labelled controls, contrast, roles. */
async function frameViolations(page: Page): Promise<string[]> {
  const scan = await new AxeBuilder({ page }).include('iframe[title="Sportsbook"]').analyze();
  return scan.violations.map(
    (violation) => `${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

async function signedInAtTheSportsbook(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  const customer = await createCustomer({ balance: 5_000 });
  await signIn(page, customer);
  const cookies = page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' });
  if (await cookies.isVisible()) await cookies.click();
  const frame = sportsbook(page);
  // The slip offers My Bets once the frame has the customer's session.
  await expect(frame.getByRole('tab', { name: /^My Bets/ })).toBeVisible({ timeout: 20_000 });
  return { customer, frame, slip: frame.getByRole('complementary', { name: /Bet Slip/ }) };
}

test('a Yankee from the slip: 11 lines at £1, one stake of £11, listed in My Bets with its lines and legs', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { customer, frame, slip } = await signedInAtTheSportsbook(page);

  // Four home wins from four matches days ahead (the competitions' lists), so none goes in play meanwhile.
  const rows = frame.locator('section.panel[aria-label] .event-row:not(.event-row--suspended)');
  await expect(rows.nth(3)).toBeVisible({ timeout: 20_000 });
  for (let index = 0; index < 4; index++) await rows.nth(index).locator('.odds').first().click();
  await expect(slip.locator('.slip__toolbar')).toContainText('4 selections');

  // Exactly the system bets four selections make, each with its lines, among the multiples.
  await expect(slip.getByRole('heading', { name: 'Multiples' })).toBeVisible();
  const systems = slip.locator('.slip__system .slip__acca-head strong');
  await expect(systems).toHaveText(['Doubles', 'Trebles', 'Yankee', 'Lucky 15']);
  await expect(slip.locator('.slip__system').nth(2)).toContainText('11 lines');
  // Days ahead the prices still drift: the customer takes whatever they are when the bet goes on.
  await slip.getByLabel('When the odds change').selectOption('any');
  await slip.getByLabel('Stake per line on the Yankee').fill('1');
  await expect(slip.getByText('Total stake £11.00 (11 × £1.00)')).toBeVisible();
  await slip.getByRole('button', { name: 'Place Bet £11.00' }).click();

  const receipt = slip.locator('.receipt--accepted');
  await expect(receipt).toBeVisible({ timeout: 20_000 });
  await expect(receipt.getByText('Yankee (11 lines at £1.00) stake')).toBeVisible();
  await expect(receipt.locator('dt:has-text("stake") + dd')).toHaveText('£11.00');
  await expect(page.getByTestId('header-balance')).toHaveText(/£39\.00/);
  expect(await balanceOf(customer)).toBe(3_900);

  await slip.getByRole('button', { name: 'View in My Bets' }).click();
  const card = frame.locator('.bet-card').first();
  await expect(card.getByRole('heading', { name: 'Yankee (11 lines)' })).toBeVisible();
  await expect(card.locator('dt:has-text("Stake") + dd')).toHaveText('£11.00 (11 × £1.00)');
  await expect(card.locator('.leg')).toHaveCount(4);
  await expect(card.getByRole('img', { name: 'Open' })).toHaveCount(4);
});

test('an in-play bet is held through the delay, shown as being placed, and refused by a goal scored meanwhile', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { customer, frame, slip } = await signedInAtTheSportsbook(page);

  // The draw of a match in play whose markets are open, with time left.
  const row = playedRowsWithTimeLeft(frame).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.locator('.odds').nth(1).click();
  await slip.getByLabel('When the odds change').selectOption('any');
  await slip.getByLabel(/^Stake on /).fill('2');
  await slip.getByRole('button', { name: 'Place Bet £2.00' }).click();

  // Held: the slip says so (to screen readers too) and shows the wait; nothing is taken yet.
  const receipt = slip.locator('.receipt--held');
  await expect(receipt).toBeVisible({ timeout: 10_000 });
  await expect(receipt.getByRole('heading', { name: 'Placing your bet…' })).toBeVisible();
  await expect(receipt.getByRole('progressbar', { name: 'Time until your in-play bet is confirmed' })).toBeVisible();
  await expect(slip.locator('[aria-live="polite"]')).toHaveText(
    'Placing your bet. In-play bets are held for a few seconds before they are accepted.',
  );
  await expect(slip.getByRole('button', { name: /Place Bet/ })).toHaveCount(0);

  // A goal in that match during the hold.
  const eventId = await frame
    .locator('body')
    .evaluate(
      () =>
        (JSON.parse(localStorage.getItem('sb.slip')!).placements[0].request.selections[0].selectionId as string).split(
          '~',
        )[0]!,
    );
  await operator('sb-goal', eventId, 'home');

  const refused = slip.locator('.receipt--refused');
  await expect(refused).toBeVisible({ timeout: 20_000 });
  await expect(refused.getByRole('heading', { name: 'Bet not placed' })).toBeVisible();
  await expect(
    refused.getByText(
      'A goal was scored while your bet was being placed, so it was not accepted. Nothing was taken from your balance.',
    ),
  ).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText(/£50\.00/);
  expect(await balanceOf(customer)).toBe(5_000);
  await expect(slip.getByRole('button', { name: 'Back to bet slip' })).toBeVisible();
  // Last, as axe holds the frame while it runs: the slip after a refusal, for a screen reader or keyboard user.
  expect(await frameViolations(page)).toEqual([]);
});

test('on a phone, an in-play bet placed from the foot of a long slip sheet shows its hold and its refusal in view, where the customer looks', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await createCustomer({ balance: 5_000 });
  await signIn(page, customer);
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);
  // The draw of a match in play (the last listed: the test above scores in the first), then two home wins days ahead:
  // a slip taller than the phone.
  const live = playedRowsWithTimeLeft(frame).last();
  await expect(live).toBeVisible({ timeout: 30_000 });
  await live.locator('.odds').nth(1).click();
  const rows = frame.locator('section.panel[aria-label] .event-row:not(.event-row--suspended)');
  await expect(rows.nth(1)).toBeVisible({ timeout: 20_000 });
  for (let index = 0; index < 2; index++) await rows.nth(index).locator('.odds').first().click();
  await frame.getByRole('button', { name: /Bet Slip/ }).click();
  const sheet = frame.getByRole('dialog', { name: /Bet Slip/ });
  await sheet.getByLabel('When the odds change').selectOption('any');
  await sheet.getByLabel('Stake on Draw').fill('2');
  const held = sheet.locator('.receipt--held');
  const refused = sheet.locator('.receipt--refused');
  for (let attempt = 1; ; attempt++) {
    // A goal of the feed's suspends the match's markets for a few seconds: the slip says so until they reopen.
    await expect(sheet.getByText('A selection is suspended.', { exact: false })).toHaveCount(0, { timeout: 20_000 });
    const place = sheet.getByRole('button', { name: 'Place Bet £2.00' });
    await place.scrollIntoViewIfNeeded();
    await place.click();
    await expect(held.or(refused)).toBeVisible({ timeout: 10_000 });
    if (await held.isVisible()) break;
    // The feed's goal came between the slip's last word and the press: the server refused at once. Press again.
    expect(attempt).toBeLessThan(4);
    await sheet.getByRole('button', { name: 'Back to bet slip' }).click();
  }

  // Held at the sheet's top while the press was at its foot: the hold is brought into view.
  await expect(held.getByRole('heading', { name: 'Placing your bet…' })).toBeInViewport();
  const eventId = await frame
    .locator('body')
    .evaluate(
      () =>
        (JSON.parse(localStorage.getItem('sb.slip')!).placements[0].request.selections[0].selectionId as string).split(
          '~',
        )[0]!,
    );
  await operator('sb-goal', eventId, 'home');
  await expect(refused).toBeVisible({ timeout: 20_000 });
  await expect(refused.getByRole('heading', { name: 'Bet not placed' })).toBeInViewport();
  expect(await balanceOf(customer)).toBe(5_000);
});
