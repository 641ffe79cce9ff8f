import { expect, type Page } from '@playwright/test';
import { createCustomer, operator, signIn, test } from './support/fixtures';
import { ownMatchRow } from './support/own-matches';

/**
 * Issue 13's Bet Builder, a real browser on both origins: on a match page the customer switches to Bet Builder,
 * picks selections of that match, sees one combined price (and a clear refusal for an impossible combination),
 * places it from the slip as one bet (issue 28: one Bet Builder line on the slip), and it settles won when every
 * leg wins.
 */

const sportsbook = (page: Page) => page.frameLocator('iframe[title="Sportsbook"]');

test('a Bet Builder of one match is priced as one, refuses 0-0 with both teams to score, and is placed and paid as one bet', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const customer = await createCustomer({ balance: 5_000 });
  await signIn(page, customer);
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);

  // A match of its own, hours from kick-off: nothing moves its prices under the test, and only this test settles it.
  const upcoming = (await ownMatchRow(frame, 'bet-builder')).locator('.event-row__match');
  await expect(upcoming).toBeVisible({ timeout: 20_000 });
  await upcoming.click();
  await frame.getByRole('button', { name: 'Bet Builder', exact: true }).click();
  await expect(frame.getByRole('button', { name: 'Bet Builder', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const status = frame.locator('.builder__status');
  await expect(status).toHaveText('Pick at least two selections.');

  // Impossible together: 0-0 and both teams to score.
  await frame.locator('summary', { hasText: 'Correct Score' }).click();
  const nilNil = frame.getByRole('group', { name: 'Correct Score' }).getByRole('button', { name: /^0-0/ });
  await nilNil.click();
  await expect(status).toHaveText('Pick one more selection.');
  await frame.getByRole('group', { name: 'Both Teams To Score' }).getByRole('button', { name: /^Yes/ }).click();
  await expect(status).toContainText('These selections cannot all win together');
  const slip = frame.getByRole('complementary', { name: /Bet Slip/ });
  const line = slip.getByRole('region', { name: /Bet Builder/ });
  await expect(line).toContainText('These selections cannot all win together');
  await line.getByRole('textbox', { name: 'Stake on the Bet Builder' }).fill('2');
  await slip.getByRole('button', { name: /^Place Bet/ }).click();
  await expect(slip.locator('.slip__notice')).toContainText('These selections cannot all win together');
  await nilNil.click();
  await expect(nilNil).toHaveAttribute('aria-pressed', 'false');

  // Both teams to score with over 2.5 goals: one price for the two.
  await frame
    .getByRole('group', { name: 'Total Goals Over/Under 2.5' })
    .getByRole('button', { name: /^Over 2\.5/ })
    .click();
  await expect(status).toContainText('Bet Builder, 2 selections:');
  // One line on the slip, at the price the page shows, staked and placed there.
  await expect(line.getByRole('listitem')).toHaveCount(2);
  await expect(line.locator('.slip-builder__price')).toHaveText((await status.locator('strong').textContent())!);
  await slip.getByRole('button', { name: 'Place Bet £2.00' }).click();
  await expect(slip.locator('.receipt--accepted')).toContainText('Bet placed', { timeout: 20_000 });
  await expect(page.getByTestId('header-balance')).toHaveText(/£48\.00/);
  const placement = await frame.locator('body').evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('sb.slip')!).placements.at(-1);
    return {
      eventId: (stored.request.selections[0].selectionId as string).split('~')[0]!,
      potential: stored.bet.potentialReturns as number,
      kind: stored.request.kind as string,
    };
  });
  expect(placement.kind).toBe('bet-builder');

  // 2-1 with both scoring: every leg wins, the one bet pays at its one price.
  await operator('sb-settle', placement.eventId, '2-1', '1-0');
  const expected = ((4_800 + placement.potential) / 100).toFixed(2);
  await expect(page.getByTestId('header-balance')).toHaveText(new RegExp(`£${expected.replace('.', '\\.')}`), {
    timeout: 20_000,
  });

  // My Bets names it a Bet Builder, at its one price, both legs won.
  await frame.getByRole('link', { name: 'My Bets' }).first().click();
  await frame.getByRole('tab', { name: 'Settled' }).click();
  const card = frame.locator('.bet-card').first();
  await expect(card.getByRole('heading', { name: 'Bet Builder (2 selections)' })).toBeVisible();
  await expect(card.locator('.status')).toHaveText('Won');
  await expect(card.getByRole('img', { name: 'Won' })).toHaveCount(2);
});
