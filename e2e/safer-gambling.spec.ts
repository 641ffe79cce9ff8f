import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { betsOf, createCustomer, expect, operator, signIn, test } from './support/fixtures';
import { formatPence, formatSignedPence } from '../src/contract/rules/money';

const DEMO = { email: 'demo@example.com', password: 'Demo12345' };

/** From the header balance, through the account list, into a responsible-gambling tool. */
async function openTool(page: Page, title: string): Promise<Locator> {
  await page.getByTestId('header-balance').click();
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: /^Responsible Gambling/ })
    .click();
  const list = page.getByRole('dialog', { name: 'Responsible Gambling' });
  await list.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  return page.getByRole('dialog', { name: title });
}

const hhmmIn24Hours = () => {
  const at = new Date(Date.now() + 24 * 3600_000);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
};

test('a daily £10 limit refuses a £20 deposit; raising it waits until tomorrow; deleting it waits too', async ({
  page,
}) => {
  const customer = await createCustomer();
  await signIn(page, customer);

  let drawer = await openTool(page, 'Deposit Limits');
  await expect(drawer.getByRole('button', { name: 'Daily', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(drawer.getByRole('button', { name: 'Set daily limit' })).toBeDisabled();
  await drawer.getByRole('button', { name: '£10', exact: true }).click();
  await expect(drawer.getByLabel('Daily limit (£)')).toHaveValue('10');
  await drawer.getByRole('button', { name: 'Set daily limit' }).click();
  await expect(drawer.getByText('New limit is £10.00 which is in effect immediately.')).toBeVisible();
  await drawer.getByRole('button', { name: 'Done' }).click();
  await expect(drawer.getByTestId('limit-remaining')).toHaveText('£10.00 remaining of £10.00');
  await drawer.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('banner').getByRole('button', { name: 'Deposit', exact: true }).click();
  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  await deposit.getByRole('button', { name: '£20', exact: true }).click();
  await deposit.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(deposit.getByRole('heading', { name: 'Deposit Failed' })).toBeVisible();
  await expect(
    deposit.getByText('This amount will take you over your set deposit limit', { exact: true }),
  ).toBeVisible();
  await deposit.getByRole('button', { name: 'Deposit Limits' }).click();

  drawer = page.getByRole('dialog', { name: 'Deposit Limits' });
  await drawer.getByLabel('Daily limit (£)').fill('20');
  const expected = hhmmIn24Hours();
  await drawer.getByRole('button', { name: 'Set daily limit' }).click();
  await expect(drawer.getByText(/^New limit of £20\.00 will come into effect tomorrow at \d\d:\d\d$/)).toBeVisible();
  await expect(drawer.getByText(`New limit of £20.00 will come into effect tomorrow at ${expected}`)).toBeVisible();
  await drawer.getByRole('button', { name: 'Done' }).click();
  await expect(drawer.getByText(/^Changing to £20\.00 on /)).toBeVisible();

  await drawer.getByRole('button', { name: 'Delete daily limit' }).click();
  const modal = page.getByRole('dialog', { name: 'Delete limit' });
  await expect(modal.getByText(/will be removed tomorrow at \d\d:\d\d/)).toBeVisible();
  await modal.getByRole('button', { name: 'Delete limit' }).click();
  await expect(modal).toBeHidden();
  await expect(drawer.getByText(/^Your limit will be removed tomorrow at \d\d:\d\d$/)).toBeVisible();
});

test('a daily limit above the monthly one is refused in the form', async ({ page }) => {
  const customer = await createCustomer();
  await signIn(page, customer);
  const drawer = await openTool(page, 'Deposit Limits');
  await drawer.getByRole('button', { name: 'Monthly', exact: true }).click();
  await drawer.getByRole('button', { name: '£50', exact: true }).click();
  await drawer.getByRole('button', { name: 'Set monthly limit' }).click();
  await drawer.getByRole('button', { name: 'Done' }).click();
  await drawer.getByRole('button', { name: 'Daily', exact: true }).click();
  await drawer.getByLabel('Daily limit (£)').fill('60');
  await expect(drawer.getByRole('alert')).toHaveText('Daily limit cannot be higher than monthly');
  await expect(drawer.getByRole('button', { name: 'Set daily limit' })).toBeDisabled();
});

test('self-exclusion for 6 months logs the customer out, and login is refused naming the end date', async ({
  page,
}) => {
  const customer = await createCustomer();
  await signIn(page, customer);
  const drawer = await openTool(page, 'Self-Exclude');
  await drawer.getByLabel('6 months').check();
  await drawer.getByLabel('I understand my account will be locked for the duration selected').check();
  await drawer.getByRole('button', { name: 'Self-Exclude', exact: true }).click();
  await expect(drawer.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Cancel' })).toBeVisible();

  await drawer.getByRole('button', { name: 'Confirm Self-Exclude' }).click();
  const locked = page.getByRole('dialog', { name: 'Account locked' });
  await expect(locked.getByRole('heading', { name: 'Your self-exclusion has started' })).toBeVisible();
  await expect(locked.getByRole('alert')).toContainText('Your self-exclusion has started. You have been logged out');
  await expect(locked.getByRole('link', { name: /GamCare/ })).toHaveAttribute('href', 'https://www.gamcare.org.uk');
  await expect(locked.getByRole('link', { name: /GAMSTOP/ })).toHaveAttribute('href', 'https://www.gamstop.co.uk');
  await locked.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(locked).toBeHidden();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();

  const end = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(
    new Date(Date.now() + 180 * 24 * 3600_000),
  );
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByLabel('Email').fill(customer.email);
  await login.getByLabel('Password', { exact: true }).fill(customer.password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(login.getByText(`You have self-excluded until ${end}`)).toBeVisible();
  await expect(login.getByRole('alert')).toContainText(
    'Your balance is safe. To have it returned to your card while your account is locked, contact customer support at',
  );
});

test('profit and loss over a custom range, and a backwards range refused without a request', async ({ page }) => {
  await signIn(page, DEMO);
  const drawer = await openTool(page, 'Profit & Loss');
  await drawer.getByRole('button', { name: 'Custom', exact: true }).click();
  const day = (offset: number) => new Date(Date.now() + offset * 24 * 3600_000).toLocaleDateString('en-CA');

  let asked = 0;
  page.on('request', (request) => {
    if (request.url().includes('/responsible-gambling/profit-loss')) asked++;
  });
  await drawer.getByLabel('From').fill(day(0));
  await drawer.getByLabel('To').fill(day(-5));
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByText("'To' date cannot be before 'From' date.")).toBeVisible();
  expect(asked).toBe(0);

  await drawer.getByLabel('From').fill(day(-40));
  await drawer.getByLabel('To').fill(day(0));
  await drawer.getByRole('button', { name: 'Apply' }).click();
  const figures = drawer.getByTestId('profit-loss');
  // The demo's real sportsbook bets (one won, one lost, one open), as the PAM's bets record has them.
  const bets = await betsOf(DEMO);
  expect(bets.length).toBeGreaterThanOrEqual(3);
  const staked = bets.filter((bet) => bet.status !== 'Refunded').reduce((sum, bet) => sum + bet.stake, 0);
  const returns = bets.filter((bet) => bet.status === 'Settled').reduce((sum, bet) => sum + (bet.returns ?? 0), 0);
  await expect(figures).toContainText(`Staked${formatPence(staked)}`);
  await expect(figures).toContainText(`Returns${formatPence(returns)}`);
  await expect(figures).toContainText(`+/- Profit/Loss${formatSignedPence(returns - staked)}`);
  // The demo's bets are struck at the prices of the moment it was seeded: they can happen to break even.
  const difference = drawer.getByTestId('profit-loss-diff');
  if (returns === staked) await expect(difference).not.toHaveClass(/amount--(positive|negative)/);
  else await expect(difference).toHaveClass(returns > staked ? /amount--positive/ : /amount--negative/);
  expect(asked).toBe(1);
});

test('a promo code is accepted once, and an unknown one is refused', async ({ page }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await operator('promo', 'create', code, 'Free', 'bet', 'club');
  const customer = await createCustomer();
  await signIn(page, customer);
  await page.getByTestId('header-balance').click();
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: /^Promo Code/ })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Promo Code' });

  await drawer.getByRole('button', { name: 'Submit' }).click();
  await expect(drawer.getByText('Please enter a promo code')).toBeVisible();
  await drawer.getByLabel('Promo code').fill('NOSUCHCODE');
  await drawer.getByRole('button', { name: 'Submit' }).click();
  // The server's reason, not a generic 'try again later' that would send the customer back with the same code.
  await expect(drawer.getByRole('alert')).toHaveText('Invalid promo code');

  // The promotions running now are listed where the code is entered, and one press fills the code in.
  const running = drawer.getByTestId('current-promotion').filter({ hasText: 'Free bet club' });
  await expect(running).toHaveCount(1);
  await running.getByRole('button', { name: `Use code ${code}` }).click();
  await expect(drawer.getByLabel('Promo code')).toHaveValue(code);
  await drawer.getByRole('button', { name: 'Submit' }).click();
  await expect(drawer.getByRole('heading', { name: 'Promo code accepted' })).toBeVisible();
  await expect(drawer.getByText(`Promo code ${code} applied: you are opted in to Free bet club.`)).toBeVisible();
});

test('the safer-gambling screens pass an accessibility scan', async ({ page }) => {
  // Five drawers, each opened through two lists and scanned whole by axe: over a minute on a busy two-core machine.
  test.setTimeout(120_000);
  const customer = await createCustomer();
  await signIn(page, customer);
  for (const [title, overlay] of [
    ['Deposit Limits', 'account_responsible-gambling_deposit-limits'],
    ['Profit & Loss', 'account_responsible-gambling_profit-and-loss'],
    ['Time Out', 'account_responsible-gambling_time-out'],
    ['Self-Exclude', 'account_responsible-gambling_self-exclude'],
    ['Reality Checks', 'account_responsible-gambling_reality-checks'],
  ] as const) {
    const drawer = await openTool(page, title);
    await expect(drawer.getByRole('button').first()).toBeVisible();
    const scan = await new AxeBuilder({ page }).include(`dialog[data-overlay="${overlay}"]`).analyze();
    expect(scan.violations, title).toEqual([]);
    await drawer.getByRole('button', { name: 'Close' }).click();
  }
});
