import { expect, type FrameLocator, type Page } from '@playwright/test';
import { balanceOf, createCustomer, operator, signIn, test } from './support/fixtures';

/**
 * Cash out in My Bets, a real browser on both origins: the offer shows live beside an open bet; pressing it waits the
 * server's delay and settles the bet at once (the balance and the Settled tab show it), or, when the market is
 * suspended during the delay (the offer removed, as a goal would), refuses in words and leaves the bet open.
 */

const sportsbook = (page: Page): FrameLocator => page.frameLocator('iframe[title="Sportsbook"]');
const pounds = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

/** Places a £2 single on a home win in a match that starts later (pre-match prices hold still), from the slip. */
async function placeSingle(frame: FrameLocator, freeBet?: string): Promise<string> {
  // freeBet: the words the slip's free-bet choice starts with, e.g. '£3.00 free bet'.
  const price = frame.locator('section.panel:not([aria-labelledby]) .event-row .odds:not([disabled])').first();
  await expect(price).toBeVisible({ timeout: 20_000 });
  const homeTeam = (await price.getAttribute('aria-label'))!.replace(/ to win at .*$/, '');
  await price.click();
  const slip = frame.getByRole('complementary', { name: /Bet Slip/ });
  if (freeBet) {
    const choice = slip.getByLabel('Free bet');
    await expect(choice.locator('option').nth(1)).toHaveText(new RegExp(`^${freeBet.replace(/[.$]/g, '\\$&')}`));
    await choice.selectOption({ index: 1 });
    await expect(slip.getByText('A free bet stake is not returned with the winnings.')).toBeVisible();
  } else await slip.getByLabel(`Stake on ${homeTeam}`).fill('2');
  await slip.getByRole('button', { name: /Place Bet/ }).click();
  await expect(slip.locator('.receipt--accepted')).toBeVisible({ timeout: 20_000 });
  const selectionId = await frame.locator('body').evaluate(() => JSON.parse(localStorage.getItem('sb.slip')!).placements[0].request.selections[0].selectionId as string);
  await slip.getByRole('button', { name: 'View in My Bets' }).click();
  await expect(frame.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
  return selectionId;
}

/** A new customer with £50, signed in at the host, with a £2 single open (or one staked with a free bet) and My Bets showing it. */
async function signedInWithABet(page: Page, freeBetPence?: number) {
  const customer = await createCustomer({ balance: 5_000 });
  if (freeBetPence) await operator('free-bet', 'grant', customer.email, String(freeBetPence), 'Welcome');
  await signIn(page, customer);
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);
  return { customer, frame, selectionId: await placeSingle(frame, freeBetPence ? `£${(freeBetPence / 100).toFixed(2)} free bet` : undefined) };
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a cash out is accepted: the bet settles at the offer and the money reaches the balance', async ({ page }) => {
  test.setTimeout(90_000);
  const { customer, frame } = await signedInWithABet(page);

  const card = frame.locator('.bet-card').first();
  const button = card.getByRole('button', { name: /^Cash out £/ });
  await expect(button).toBeVisible({ timeout: 20_000 });
  const offer = pounds((await button.textContent())!);
  // Struck and valued at the same pre-match price: the £2 stake less the 5% margin.
  expect(offer).toBe(190);
  await button.click();
  await expect(card.getByRole('button', { name: /Cashing out/ })).toBeDisabled();
  await expect(frame.getByRole('status').filter({ hasText: 'Cashed out' })).toHaveText(`Cashed out £${(offer / 100).toFixed(2)}.`, { timeout: 15_000 });
  await expect.poll(() => balanceOf(customer), { timeout: 15_000 }).toBe(5_000 - 200 + offer);
  await expect(page.getByTestId('header-balance')).toHaveText(new RegExp(`£${((4_800 + offer) / 100).toFixed(2).replace('.', '\\.')}`), { timeout: 15_000 });

  await frame.getByRole('tab', { name: 'Settled' }).click();
  const settled = frame.locator('.bet-card').first();
  await expect(settled.locator('.status')).toHaveText('Cashed out');
  await expect(settled.locator('dt:has-text("Returns") + dd')).toHaveText(`£${(offer / 100).toFixed(2)}`);
});

test('a cash out is refused when the offer is removed during the delay, and the bet stays open', async ({ page }) => {
  test.setTimeout(90_000);
  const { customer, frame, selectionId } = await signedInWithABet(page);
  const marketId = selectionId.split('~').slice(0, 2).join('~');

  const card = frame.locator('.bet-card').first();
  const button = card.getByRole('button', { name: /^Cash out £/ });
  await expect(button).toBeVisible({ timeout: 20_000 });
  await button.click();
  await expect(card.getByRole('button', { name: /Cashing out/ })).toBeVisible();
  // During the delay the market is suspended (as a goal suspends it): the offer is gone when the server re-values.
  await operator('sb-suspend', marketId);
  try {
    await expect(card.getByRole('alert')).toHaveText('The cash out offer was withdrawn while we checked it, so your bet stands as it was.', { timeout: 15_000 });
    await expect(card.getByRole('button', { name: 'Cash out unavailable' })).toBeDisabled();
    await expect(card.locator('.status')).toHaveText('Open');
    expect(await balanceOf(customer)).toBe(4_800);
  } finally {
    await operator('sb-reopen', marketId);
  }
  // Open again: the offer is back, live.
  await expect(card.getByRole('button', { name: /^Cash out £/ })).toBeVisible({ timeout: 15_000 });
});

test('a free bet from the slip stakes a single without touching the balance, and offers no cash out', async ({ page }) => {
  test.setTimeout(90_000);
  const { customer, frame } = await signedInWithABet(page, 300);
  const card = frame.locator('.bet-card').first();
  await expect(card.locator('dt:has-text("Free bet stake") + dd')).toHaveText('£3.00');
  await expect(card.getByRole('button', { name: /Cash out/ })).toHaveCount(0);
  expect(await balanceOf(customer)).toBe(5_000);
});
