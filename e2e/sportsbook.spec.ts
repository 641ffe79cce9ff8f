import { expect, type FrameLocator, type Page } from '@playwright/test';
import { createCustomer, operator, test } from './support/fixtures';
import { ownMatchRow } from './support/own-matches';

/**
 * Issue 11's journey, both origins, a real browser: a logged-out visitor browses `/`, adds a selection, presses
 * Place and sees bet-not-logged-in; signs in and the slip is still there; places the bet and sees the balance drop
 * live; the operator settles the match and the returns show in the balance, My Bets and history.
 */

const sportsbook = (page: Page): FrameLocator => page.frameLocator('iframe[title="Sportsbook"]');

/** `npm run operator -- sb-settle <event> <full time> <half time>`, through the sportsbook's operator socket. */
async function settle(eventId: string, fullTime: { home: number; away: number }) {
  await operator('sb-settle', eventId, `${fullTime.home}-${fullTime.away}`, `${Math.min(1, fullTime.home)}-0`);
}

const pounds = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

test('a visitor bets at /, signs in on the way with the slip kept, and is paid when the match settles', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const customer = await createCustomer({ balance: 5_000 });
  await page.goto('/');
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);

  // Browse: a match's home win, before kick-off (a bet in play is held for the in-play delay: e2e/system-and-inplay.spec.ts).
  // A match of its own, hours from kick-off: this test settles it, and one starting soon could kick off between reading
  // its name and pressing its price (it did, once in CI).
  const price = (await ownMatchRow(frame, 'journey')).locator('.odds:not([disabled])').first();
  await expect(price).toBeVisible({ timeout: 20_000 });
  const name = (await price.getAttribute('aria-label'))!;
  const homeTeam = name.replace(/ to win at .*$/, '');
  await price.click();
  await expect(price).toHaveAttribute('aria-pressed', 'true');
  const slip = frame.getByRole('complementary', { name: /Bet Slip/ });
  await slip.getByLabel(`Stake on ${homeTeam}`).fill('2');
  await slip.getByLabel('When the odds change').selectOption('any');
  await slip.getByRole('button', { name: /Place Bet/ }).click();
  await expect(page.getByRole('dialog', { name: "Let's get that bet on" })).toBeVisible();

  // Sign in from that modal: the slip is still there.
  await page.getByRole('dialog', { name: "Let's get that bet on" }).getByRole('button', { name: 'Login' }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByLabel('Email').fill(customer.email);
  await login.getByLabel('Password', { exact: true }).fill(customer.password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('header-balance')).toHaveText(/£50\.00/);
  await expect(slip.getByText(homeTeam, { exact: true })).toBeVisible();
  await expect(frame.getByRole('tab', { name: /^My Bets/ })).toBeVisible();
  // Signed in: the slip's "Log in" words go with the sign-in (issue 28).
  await expect(slip.getByText(/Log in/)).toHaveCount(0);

  // Place: a receipt with its bet id, and the host's balance drops live.
  await slip.getByRole('button', { name: /Place Bet/ }).click();
  const receipt = slip.locator('.receipt--accepted');
  await expect(receipt).toBeVisible({ timeout: 20_000 });
  await expect(receipt.getByText('Bet placed')).toBeVisible();
  const potential = pounds((await receipt.locator('dt:has-text("Potential returns") + dd').textContent())!);
  await expect(page.getByTestId('header-balance')).toHaveText(/£48\.00/);

  // The operator settles the match as a home win: the returns reach the balance, My Bets and history.
  const selectionId = await frame
    .locator('body')
    .evaluate(
      () => JSON.parse(localStorage.getItem('sb.slip')!).placements[0].request.selections[0].selectionId as string,
    );
  await settle(selectionId.split('~')[0]!, { home: 9, away: 0 });
  const expected = ((4_800 + potential) / 100).toFixed(2);
  await expect(page.getByTestId('header-balance')).toHaveText(new RegExp(`£${expected.replace('.', '\\.')}`), {
    timeout: 20_000,
  });

  await slip.getByRole('button', { name: 'View in My Bets' }).click();
  await frame.getByRole('tab', { name: 'Settled' }).click();
  const bet = frame.locator('.bet-card').first();
  await expect(bet.locator('.status')).toHaveText('Won');
  await expect(bet.getByText(`£${expected}`).or(bet.locator('dd.positive'))).toBeVisible();

  await page.getByTestId('header-balance').click();
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: /Transaction History/ })
    .click();
  const history = page.getByRole('dialog', { name: 'Transaction History' });
  await expect(history.getByText('Winnings').first()).toBeVisible({ timeout: 15_000 });
});

test('a Place pressed right after sign-in, before the sportsbook has the session, waits for it and places the bet', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const customer = await createCustomer({ balance: 5_000 });
  // The sportsbook's session answer held back, as a loaded server would: the press must wait for it, not ask to log in.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/session', async (route) => {
    if (route.request().method() === 'POST') await released;
    await route.fallback();
  });
  await page.goto('/');
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);
  // A match of its own: its prices may move (any odds are accepted), but no other test settles it.
  const price = (await ownMatchRow(frame, 'sign-in-while-placing')).locator('.odds:not([disabled])').first();
  await expect(price).toBeVisible({ timeout: 20_000 });
  const homeTeam = (await price.getAttribute('aria-label'))!.replace(/ to win at .*$/, '');
  await price.click();
  const slip = frame.getByRole('complementary', { name: /Bet Slip/ });
  await slip.getByLabel(`Stake on ${homeTeam}`).fill('2');
  await slip.getByLabel('When the odds change').selectOption('any');

  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByLabel('Email').fill(customer.email);
  await login.getByLabel('Password', { exact: true }).fill(customer.password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('header-balance')).toHaveText(/£50\.00/);

  await slip.getByRole('button', { name: /Place Bet/ }).click();
  await expect(slip.getByRole('button', { name: /Signing you in/ })).toBeDisabled();
  await expect(slip.getByText(/Log in/)).toHaveCount(0);
  release();
  await expect(slip.locator('.receipt--accepted')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: "Let's get that bet on" })).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText(/£48\.00/, { timeout: 15_000 });
});

test('on a 360 px phone a match page with its longest selections fits the screen: every price is on it, nothing scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);
  await frame.locator('a[href^="/event/"]').first().click({ timeout: 20_000 });
  // Double chance names both teams ("Loch Tarbet United or Port Ailsa"): the widest selections of a match.
  await expect(frame.getByRole('heading', { name: 'Double Chance' })).toBeVisible({ timeout: 20_000 });
  // A market's box clips what overflows it, so the page itself never scrolls: every price button must end on screen.
  const offScreen = await frame
    .locator('body')
    .evaluate(() =>
      [...document.querySelectorAll('.selection-grid .odds')]
        .filter((button) => button.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((button) => button.getAttribute('aria-label')),
    );
  expect(offScreen).toEqual([]);
  expect(
    await frame.locator('body').evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});
