import { expect, type Page } from '@playwright/test';
import { createCustomer, LATER_MATCHES, operator, signIn, test } from './support/fixtures';

/**
 * The sportsbook's sub-navigation on a 390 px phone, signed in with a free bet: one line, nothing cut ("My Bets" broke
 * over two lines and the odds format was cut at the screen's edge), the free bets still named for a screen reader, and their list whole on the screen.
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
  // Each match's clock or kick-off inside its column: the day and time broke a word a line, "Tomorrow" over the team.
  const rows = frame.locator('.event-row__match');
  await expect(rows.nth(12)).toBeVisible();
  const overlaps = await rows.evaluateAll((matches) =>
    matches.flatMap((match) => {
      const clock = match.querySelector('.event-row__clock')!;
      const teams = match.querySelector('.event-row__teams')!.getBoundingClientRect();
      // The lines its words take: the tops of the text's boxes.
      const tops = new Set<number>();
      const walker = document.createTreeWalker(clock, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
      }
      const lines = tops.size;
      return clock.getBoundingClientRect().right > teams.left || clock.scrollWidth > clock.clientWidth || lines > 2
        ? [clock.textContent ?? '']
        : [];
    }),
  );
  expect(overlaps).toEqual([]);
  // Their list opens whole on the screen (it hung from the button's right edge, half of it off the left).
  await nav.getByRole('button', { name: 'Free bets 1' }).click();
  const list = await frame.locator('#free-bets-list').boundingBox();
  expect(list!.x).toBeGreaterThanOrEqual(0);
  expect(list!.x + list!.width).toBeLessThanOrEqual(390);
});

test('on a phone the receipt’s View in My Bets shows My Bets, the slip sheet closed over it, and cash out’s confirm on one line', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await createCustomer({ balance: 5_000 });
  await signIn(page, customer);
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);
  const upcoming = frame.locator(`${LATER_MATCHES} .odds:not([disabled])`).first();
  await expect(upcoming).toBeVisible({ timeout: 20_000 });
  await upcoming.click();
  await frame.getByRole('button', { name: /Bet Slip/ }).click();
  const sheet = frame.getByRole('dialog', { name: /Bet Slip/ });
  await sheet.getByLabel('When the odds change').selectOption('any');
  await sheet.getByLabel(/^Stake on /).fill('2');
  await sheet.getByRole('button', { name: 'Done' }).click();
  await sheet.getByRole('button', { name: 'Place Bet £2.00' }).click();
  await expect(sheet.locator('.receipt--accepted')).toBeVisible({ timeout: 20_000 });
  await sheet.getByRole('button', { name: 'View in My Bets' }).click();
  // Before, the sheet stayed open on an empty slip, and the page under it took no press.
  await expect(sheet).toHaveCount(0);
  await expect(frame.getByRole('heading', { name: 'My Bets', level: 1 })).toBeInViewport();
  const cashOut = frame
    .locator('.bet-card')
    .first()
    .getByRole('button', { name: /^Cash out £/ });
  await expect(cashOut).toBeVisible({ timeout: 20_000 });
  await cashOut.click({ trial: true, timeout: 5_000 });
  // Its first press asks to confirm in words on one line (they broke in two beside Partial).
  await cashOut.click();
  const confirm = frame
    .locator('.bet-card')
    .first()
    .getByRole('button', { name: /^Confirm cash out £/ });
  await expect(confirm).toBeVisible();
  expect(
    await confirm.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }),
  ).toBe(1);
});
