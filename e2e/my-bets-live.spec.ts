import AxeBuilder from '@axe-core/playwright';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { createCustomer, operator, playedRowsWithTimeLeft, signIn, test } from './support/fixtures';

/**
 * My Bets tells the live truth of an in-play bet, a real browser on both origins: the match's live score and clock
 * ("Live 63' 1-0"), the score the bet was struck at labelled as such, and how the leg stands, all following a goal
 * over the live channel.
 */

const sportsbook = (page: Page): FrameLocator => page.frameLocator('iframe[title="Sportsbook"]');

test('an in-play bet in My Bets shows the live score and clock, the score when placed, and its standing after a goal', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const customer = await createCustomer({ balance: 5_000 });
  await signIn(page, customer);
  const cookies = page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' });
  if (await cookies.isVisible()) await cookies.click();
  const frame = sportsbook(page);
  const slip = frame.getByRole('complementary', { name: /Bet Slip/ });
  // The slip offers My Bets once the frame has the customer's session.
  await expect(frame.getByRole('tab', { name: /^My Bets/ })).toBeVisible({ timeout: 20_000 });

  // The draw of a match in play (the second listed where there are more: other specs score goals in the first and last).
  const rows = playedRowsWithTimeLeft(frame);
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const row = (await rows.count()) > 2 ? rows.nth(1) : rows.first();
  await row.locator('.odds').nth(1).click();
  await slip.getByLabel('When the odds change').selectOption('any');
  await slip.getByLabel(/^Stake on /).fill('2');
  const accepted = slip.locator('.receipt--accepted');
  const refused = slip.locator('.receipt--refused');
  for (let attempt = 1; ; attempt++) {
    // A goal just scored suspends the match for a moment: a customer waits for it to reopen, and so does the test.
    await expect(slip.getByText('A selection is suspended.')).toHaveCount(0, { timeout: 30_000 });
    await slip.getByRole('button', { name: 'Place Bet £2.00' }).click();
    await expect(accepted.or(refused)).toBeVisible({ timeout: 30_000 });
    if (await accepted.isVisible()) break;
    // A goal in that match while the bet was placed (the feed plays on) suspends or refuses it: place it again.
    expect(attempt).toBeLessThan(4);
    await slip.getByRole('button', { name: 'Back to bet slip' }).click();
  }
  const eventId = await frame
    .locator('body')
    .evaluate(
      () =>
        (JSON.parse(localStorage.getItem('sb.slip')!).placements[0].request.selections[0].selectionId as string).split(
          '~',
        )[0]!,
    );
  await slip.getByRole('button', { name: 'View in My Bets' }).click();

  const leg = frame.locator('.bet-card').first().locator('.leg').first();
  const live = leg.locator('.leg__live');
  await expect(live).toBeVisible({ timeout: 20_000 });
  const shown = /(?:Live (?:HT|\d+')|FT) (\d+)-(\d+)/;
  await expect(live).toContainText(shown);
  const placedAt = (await leg.getByText(/^Score when placed \d+-\d+$/).textContent())!;
  const scoreNow = async () =>
    (await live.textContent())!.match(shown)!.slice(1).map(Number) as [home: number, away: number];
  /** A draw is winning while the match is level and losing otherwise: true once the standing shown says so. */
  const standingAgrees = async () => {
    const [home, away] = await scoreNow();
    return (await leg.locator('.leg__standing').textContent()) === (home === away ? 'Winning' : 'Losing');
  };
  await expect.poll(standingAgrees, { timeout: 15_000 }).toBe(true);

  // A home goal: the live score follows at once (the match plays on, so more may come); the score when placed stays.
  const [home] = await scoreNow();
  await operator('sb-goal', eventId, 'home');
  await expect.poll(async () => (await scoreNow())[0], { timeout: 15_000 }).toBeGreaterThan(home);
  await expect.poll(standingAgrees, { timeout: 15_000 }).toBe(true);
  await expect(leg.getByText(placedAt)).toBeVisible();

  // On a phone too, and complete for a screen reader.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(live).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
});
