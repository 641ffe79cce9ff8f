import AxeBuilder from '@axe-core/playwright';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { balanceOf, createCustomer, LATER_MATCHES, operator, signIn, test } from './support/fixtures';
import { ownMatchRow, type MatchOwner } from './support/own-matches';

/**
 * Cash out in My Bets, a real browser on both origins: the server's offer shows live beside an open bet; pressing it waits the
 * server's delay and settles the bet at once (the balance and the Settled tab show it), or, when the market is
 * suspended during the delay (the offer removed, as a goal would), refuses in words and leaves the bet open. The
 * slip's My Bets view offers the same cash out, and the operator's sb-nudge moves the price during the delay: a value
 * that changed either way refuses (the Betting Rules: "the odds change during the delay"); one that held pays the offer
 * pressed. A cash out takes two presses, as at bet365: the first asks "Confirm cash out £x.xx", the second sends it.
 */

const sportsbook = (page: Page): FrameLocator => page.frameLocator('iframe[title="Sportsbook"]');
const pounds = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

/** The first press on a card's cash out asks to confirm; `confirm` then presses Confirm (by click, or Enter: focus stays). */
async function firstPress(card: Locator, press: () => Promise<void>) {
  await press();
  const confirm = card.getByRole('button', { name: /^Confirm cash out £/ });
  await expect(confirm).toBeVisible();
  return confirm;
}

/**
 * Places a £2 single on a home win in a match that starts later (pre-match prices hold still), from the slip: the
 * first match listed, or the match `owner` owns (one the test moves, suspends or needs left unsettled).
 */
async function placeSingle(frame: FrameLocator, freeBet?: string, owner?: MatchOwner): Promise<string> {
  // freeBet: the words the slip's free-bet choice starts with, e.g. '£3.00 free bet'.
  // Listed by competition, never in play nor starting soon: a match in play could end and settle the bet first.
  const row = owner === undefined ? frame.locator(LATER_MATCHES).first() : await ownMatchRow(frame, owner);
  const price = row.locator('.odds:not([disabled])').first();
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
  return frame
    .locator('body')
    .evaluate(
      () => JSON.parse(localStorage.getItem('sb.slip')!).placements[0].request.selections[0].selectionId as string,
    );
}

/** A new customer with £50, signed in at the host, with a £2 single open on a match of its own, the slip showing its receipt. */
async function signedInWithABetInTheSlip(page: Page) {
  const customer = await createCustomer({ balance: 5_000 });
  await signIn(page, customer);
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);
  const selectionId = await placeSingle(frame, undefined, 'cash-out-in-the-slip');
  return {
    customer,
    frame,
    slip: frame.getByRole('complementary', { name: /Bet Slip/ }),
    eventId: selectionId.split('~')[0]!,
  };
}

/** A new customer with £50, signed in at the host, with a £2 single open (or one staked with a free bet) and My Bets showing it. */
async function signedInWithABet(page: Page, freeBetPence?: number, owner?: MatchOwner) {
  const customer = await createCustomer({ balance: 5_000 });
  if (freeBetPence) await operator('free-bet', 'grant', customer.email, String(freeBetPence), 'Welcome');
  await signIn(page, customer);
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);
  const selectionId = await placeSingle(
    frame,
    freeBetPence ? `£${(freeBetPence / 100).toFixed(2)} free bet` : undefined,
    owner,
  );
  await frame
    .getByRole('complementary', { name: /Bet Slip/ })
    .getByRole('button', { name: 'View in My Bets' })
    .click();
  await expect(frame.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
  return { customer, frame, selectionId };
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a cash out is accepted: the bet settles at the offer and the money reaches the balance', async ({ page }) => {
  test.setTimeout(90_000);
  // A match of its own: another test settling it would pay this bet before its cash out.
  const { customer, frame } = await signedInWithABet(page, undefined, 'cash-out-accepted');

  const card = frame.locator('.bet-card').first();
  const button = card.getByRole('button', { name: /^Cash out £/ });
  await expect(button).toBeVisible({ timeout: 20_000 });
  const offer = pounds((await button.textContent())!);
  // Valued from the model before kick-off: the struck price carries the market's margin, so the £2 stake is worth a
  // little under £2, and the cash-out margin takes 5% of that.
  expect(offer).toBeGreaterThan(150);
  expect(offer).toBeLessThan(190);
  // The first press only asks to confirm: nothing goes to the server, and a screen reader hears what to do.
  const presses: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/cash-out')) presses.push(request.url());
  });
  const confirm = await firstPress(card, () => button.click());
  await expect(confirm).toHaveText(`Confirm cash out £${(offer / 100).toFixed(2)}`);
  await expect(card.getByRole('status')).toHaveText(`Press Confirm cash out £${(offer / 100).toFixed(2)} to cash out.`);
  expect(presses).toEqual([]);
  await confirm.click();
  await expect(card.getByRole('button', { name: /Cashing out/ })).toBeDisabled();
  expect(presses).toHaveLength(1);
  await expect(frame.getByRole('status').filter({ hasText: 'Cashed out' })).toHaveText(
    `Cashed out £${(offer / 100).toFixed(2)}.`,
    { timeout: 15_000 },
  );
  await expect.poll(() => balanceOf(customer), { timeout: 15_000 }).toBe(5_000 - 200 + offer);
  await expect(page.getByTestId('header-balance')).toHaveText(
    new RegExp(`£${((4_800 + offer) / 100).toFixed(2).replace('.', '\\.')}`),
    { timeout: 15_000 },
  );

  await frame.getByRole('tab', { name: 'Settled' }).click();
  const settled = frame.locator('.bet-card').first();
  await expect(settled.locator('.status')).toHaveText('Cashed out');
  await expect(settled.locator('dt:has-text("Returns") + dd')).toHaveText(`£${(offer / 100).toFixed(2)}`);
});

test('a cash out is refused when the offer is removed during the delay, and the bet stays open', async ({ page }) => {
  test.setTimeout(90_000);
  const { customer, frame, selectionId } = await signedInWithABet(page, undefined, 'cash-out-suspended');
  const marketId = selectionId.split('~').slice(0, 2).join('~');

  const card = frame.locator('.bet-card').first();
  const button = card.getByRole('button', { name: /^Cash out £/ });
  await expect(button).toBeVisible({ timeout: 20_000 });
  // The suspension must follow the press to the server, or the offer is refused before any delay (under load it can).
  const pressSent = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/cash-out'),
  );
  await (await firstPress(card, () => button.click())).click();
  await pressSent;
  await expect(card.getByRole('button', { name: /Cashing out/ })).toBeVisible();
  // During the delay the market is suspended (as a goal suspends it): the offer is gone when the server re-values.
  await operator('sb-suspend', marketId);
  try {
    await expect(card.getByRole('alert')).toHaveText(
      'The cash out offer was withdrawn while we checked it, so your bet stands as it was.',
      { timeout: 15_000 },
    );
    await expect(card.getByRole('button', { name: 'Cash out unavailable' })).toBeDisabled();
    await expect(card.locator('.status')).toHaveText('Open');
    expect(await balanceOf(customer)).toBe(4_800);
  } finally {
    await operator('sb-reopen', marketId);
  }
  // Open again: the offer is back, live.
  await expect(card.getByRole('button', { name: /^Cash out £/ })).toBeVisible({ timeout: 15_000 });
});

test('a free bet from the slip stakes a single without touching the balance, and offers no cash out', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { customer, frame } = await signedInWithABet(page, 300);
  const card = frame.locator('.bet-card').first();
  await expect(card.locator('dt:has-text("Free bet stake") + dd')).toHaveText('£3.00');
  await expect(card.getByRole('button', { name: /Cash out/ })).toHaveCount(0);
  expect(await balanceOf(customer)).toBe(5_000);
});

test('from the slip: a cash out refused as the price moves against and as it moves for the customer during the delay, then accepted at the new offer', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { customer, slip, eventId } = await signedInWithABetInTheSlip(page);
  await slip.getByRole('button', { name: 'Done' }).click();
  await slip.getByRole('tab', { name: 'My Bets (1)' }).click();
  await expect(slip.getByRole('tab', { name: 'My Bets (1)' })).toHaveAttribute('aria-selected', 'true');
  const card = slip.locator('.bet-card').first();
  const button = card.getByRole('button', { name: /^Cash out £/ });
  await expect(button).toBeVisible({ timeout: 20_000 });

  // Against: the home side's scoring rate drops 30% while the press waits, so the home win lengthens and the bet is worth less.
  const confirmAgainst = await firstPress(card, () => button.click());
  const offerSeen = pounds((await confirmAgainst.textContent())!);
  await confirmAgainst.click();
  await expect(card.getByRole('button', { name: /Cashing out/ })).toBeDisabled();
  await operator('sb-nudge', eventId, 'home', '-30');
  await expect(card.getByRole('alert')).toHaveText(
    'The cash out value changed while we checked it, so your bet stands as it was. Check the new offer and try again.',
    { timeout: 15_000 },
  );
  await expect(card.locator('.status')).toHaveText('Open');
  expect(await balanceOf(customer)).toBe(4_800);
  // The new, lower offer shows live.
  await expect.poll(async () => pounds((await button.textContent())!), { timeout: 15_000 }).toBeLessThan(offerSeen);

  // For: the home rate rises while the next press waits, by keyboard; a higher value is a change too, and refused.
  await button.focus();
  const confirmFor = await firstPress(card, () => page.keyboard.press('Enter'));
  const lower = pounds((await confirmFor.textContent())!);
  await expect(confirmFor).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: /Cashing out/ })).toBeDisabled();
  await operator('sb-nudge', eventId, 'home', '60');
  await expect(card.getByRole('alert')).toHaveText(
    'The cash out value changed while we checked it, so your bet stands as it was. Check the new offer and try again.',
    { timeout: 15_000 },
  );
  expect(await balanceOf(customer)).toBe(4_800);
  await expect.poll(async () => pounds((await button.textContent())!), { timeout: 15_000 }).toBeGreaterThan(lower);

  // Held still: the new offer pressed is the offer paid.
  await button.focus();
  const confirmHeld = await firstPress(card, () => page.keyboard.press('Enter'));
  const higher = pounds((await confirmHeld.textContent())!);
  await page.keyboard.press('Enter');
  const notice = slip.getByRole('status').filter({ hasText: 'Cashed out' });
  await expect(notice).toHaveText(`Cashed out £${(higher / 100).toFixed(2)}.`, { timeout: 15_000 });
  await expect.poll(() => balanceOf(customer), { timeout: 15_000 }).toBe(4_800 + higher);
  await expect(slip.getByRole('tab', { name: 'My Bets (0)' })).toBeVisible();
  await expect(slip.getByText('You have no open bets.')).toBeVisible();
});

test("on a phone the slip sheet's My Bets cashes out by keyboard, and passes axe", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await createCustomer({ balance: 5_000 });
  await signIn(page, customer);
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);
  const price = (await ownMatchRow(frame, 'cash-out-on-a-phone')).locator('.odds:not([disabled])').first();
  await expect(price).toBeVisible({ timeout: 20_000 });
  const homeTeam = (await price.getAttribute('aria-label'))!.replace(/ to win at .*$/, '');
  await price.click();
  await frame.getByRole('button', { name: /Bet Slip/ }).click();
  const sheet = frame.getByRole('dialog', { name: /Bet Slip/ });
  await sheet.getByLabel(`Stake on ${homeTeam}`).fill('2');
  await sheet.getByRole('button', { name: /Place Bet/ }).click();
  await expect(sheet.locator('.receipt--accepted')).toBeVisible({ timeout: 20_000 });
  await sheet.getByRole('button', { name: 'Done' }).click();
  // Closed, the bar tells of the open bet; pressed, the sheet opens on it.
  await sheet.getByRole('button', { name: 'Close bet slip' }).click();
  const bar = frame.getByRole('button', { name: /Bet Slip/ });
  await expect(bar).toContainText('My Bets (1)');
  await bar.click();

  const tab = sheet.getByRole('tab', { name: 'My Bets (1)' });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await tab.focus();
  await page.keyboard.press('Enter');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const button = sheet.getByRole('button', { name: /^Cash out £/ });
  await expect(button).toBeVisible({ timeout: 20_000 });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);

  // Tab reaches the cash-out button from the tabs; Enter presses it.
  for (let step = 0; step < 20 && !(await button.evaluate((element) => element === document.activeElement)); step++)
    await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  const confirm = await firstPress(sheet, () => page.keyboard.press('Enter'));
  const offer = pounds((await confirm.textContent())!);
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sheet.getByRole('status').filter({ hasText: 'Cashed out' })).toHaveText(
    `Cashed out £${(offer / 100).toFixed(2)}.`,
    { timeout: 15_000 },
  );
  await expect.poll(() => balanceOf(customer), { timeout: 15_000 }).toBe(4_800 + offer);
  await expect(sheet.getByRole('tab', { name: 'My Bets (0)' })).toBeVisible();
});
