import AxeBuilder from '@axe-core/playwright';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { balanceOf, createCustomer, operator, signIn, test } from './support/fixtures';
import { ownMatchId, ownMatchRow } from './support/own-matches';

/**
 * Issue 28 on a desktop, both origins, a real browser: four selections on four matches offer every multiple above the
 * singles (Doubles 6 lines, Trebles 4 lines, the 4-Fold, Yankee, Lucky 15); Doubles and Trebles are placed, the
 * operator settles the matches, and each bet returns what its winning lines make, each line rounded down.
 */

const sportsbook = (page: Page): FrameLocator => page.frameLocator('iframe[title="Sportsbook"]');

interface StruckBet {
  betId: string;
  system: { type: string } | null;
  legs: Array<{ selectionId: string; price: { num: number; den: number } }>;
}

/** A line's returns as the server pays them: stake x the product of its exact decimal odds, rounded down once. */
function lineReturns(stake: number, prices: Array<{ num: number; den: number }>): number {
  const num = prices.reduce((product, price) => product * BigInt(price.num + price.den), BigInt(stake));
  const den = prices.reduce((product, price) => product * BigInt(price.den), 1n);
  return Number(num / den);
}

test('four matches offer Doubles, Trebles, the 4-Fold, Yankee and Lucky 15; Doubles and Trebles settle line by line', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const customer = await createCustomer({ balance: 5_000 });
  await signIn(page, customer);
  const cookies = page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' });
  if (await cookies.isVisible()) await cookies.click();
  const frame = sportsbook(page);
  // The slip offers My Bets once the frame has the customer's session.
  await expect(frame.getByRole('tab', { name: /^My Bets/ })).toBeVisible({ timeout: 20_000 });
  const slip = frame.getByRole('complementary', { name: /Bet Slip/ });

  // Four home wins from matches of its own, hours from kick-off: this test settles them.
  const owners = ['multiples-1', 'multiples-2', 'multiples-3', 'multiples-4'] as const;
  for (const owner of owners) {
    const price = (await ownMatchRow(frame, owner)).locator('.odds:not([disabled])').first();
    await expect(price).toBeVisible({ timeout: 20_000 });
    await price.click();
    await expect(price).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(slip.locator('.slip__toolbar')).toContainText('4 selections');

  // Every multiple, with its lines, above the singles, in the usual UK order.
  const multiples = slip.getByRole('region', { name: 'Multiples' });
  await expect(multiples.locator('.slip__acca-head > span:first-child')).toHaveText([
    'Doubles 6 lines',
    'Trebles 4 lines',
    '4-Fold Accumulator 4 selections',
    'Yankee 11 lines',
    'Lucky 15 15 lines',
  ]);
  const multiplesBox = (await multiples.boundingBox())!;
  const singlesBox = (await slip.getByRole('heading', { name: 'Singles' }).boundingBox())!;
  expect(multiplesBox.y).toBeLessThan(singlesBox.y);

  await slip.getByLabel('When the odds change').selectOption('any');
  await slip.getByLabel('Stake per line on the Doubles').fill('1');
  await slip.getByLabel('Stake per line on the Trebles').fill('0.50');
  await expect(slip.getByText('Total stake £6.00 (6 × £1.00)')).toBeVisible();
  await expect(slip.getByText('Total stake £2.00 (4 × £0.50)')).toBeVisible();
  await slip.getByRole('button', { name: 'Place Bet £8.00' }).click();
  await expect(slip.locator('.receipt--accepted')).toHaveCount(2, { timeout: 20_000 });
  await expect(slip.getByText('Doubles (6 lines at £1.00) stake')).toBeVisible();
  await expect(slip.getByText('Trebles (4 lines at £0.50) stake')).toBeVisible();
  expect(await balanceOf(customer)).toBe(4_200);

  // The prices struck, in slip order, as the bets hold them.
  const bets = (await frame
    .locator('body')
    .evaluate(() =>
      (JSON.parse(localStorage.getItem('sb.slip')!).placements as Array<{ bet: unknown }>).map(
        (placement) => placement.bet,
      ),
    )) as StruckBet[];
  const doubles = bets.find((bet) => bet.system?.type === 'doubles')!;
  const trebles = bets.find((bet) => bet.system?.type === 'trebles')!;
  const prices = doubles.legs.map((leg) => leg.price);

  // The first three matches home wins, the fourth a draw: 3 of the 6 doubles win, 1 of the 4 trebles.
  const eventIds = doubles.legs.map((leg) => leg.selectionId.split('~')[0]!);
  expect(eventIds.toSorted()).toEqual((await Promise.all(owners.map(ownMatchId))).toSorted());
  for (const eventId of eventIds.slice(0, 3)) await operator('sb-settle', eventId, '2-0', '1-0');
  await operator('sb-settle', eventIds[3]!, '0-0', '0-0');

  const doublesReturns =
    lineReturns(100, [prices[0]!, prices[1]!]) +
    lineReturns(100, [prices[0]!, prices[2]!]) +
    lineReturns(100, [prices[1]!, prices[2]!]);
  const treblesReturns = lineReturns(50, [prices[0]!, prices[1]!, prices[2]!]);
  expect(trebles.legs.map((leg) => leg.price)).toEqual(prices);
  await expect.poll(() => balanceOf(customer), { timeout: 20_000 }).toBe(4_200 + doublesReturns + treblesReturns);

  await slip.getByRole('button', { name: 'View in My Bets' }).click();
  await frame.getByRole('tab', { name: /Settled/ }).click();
  const card = (title: string) =>
    frame.locator('.bet-card').filter({ has: frame.getByRole('heading', { name: title }) });
  await expect(card('Doubles (6 lines)').locator('dt:has-text("Returns") + dd')).toHaveText(
    `£${(doublesReturns / 100).toFixed(2)}`,
    { timeout: 20_000 },
  );
  await expect(card('Trebles (4 lines)').locator('dt:has-text("Returns") + dd')).toHaveText(
    `£${(treblesReturns / 100).toFixed(2)}`,
  );
  // Last, as axe holds the frame while it runs: My Bets with the settled multiples.
  const scan = await new AxeBuilder({ page }).include('iframe[title="Sportsbook"]').analyze();
  expect(scan.violations.map((violation) => violation.id)).toEqual([]);
});
