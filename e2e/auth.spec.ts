import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { balanceOf, createCustomer, expect, operator, signIn, test } from './support/fixtures';
import { formatPence } from '../src/contract/rules/money';

const DEMO = { email: 'demo@example.com', password: 'Demo12345' };
const SUSPENDED_TEXT = 'This account has been suspended. To discuss your suspension please contact customer support';

const balance = (page: Page) => page.getByTestId('header-balance');
const loginDrawer = (page: Page) => page.getByRole('dialog', { name: 'Login' });

async function openLogin(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(loginDrawer(page)).toBeVisible();
  return loginDrawer(page);
}

/**
 * Waits until the client says the live connection is up and the balance read made on opening has answered
 * (main.tsx exposes the store for such checks). The server registers the socket before it answers that read.
 */
async function liveConnected(page: Page) {
  await page.waitForFunction(() => {
    const store = (globalThis as unknown as { __store?: { live: { state: string }; balance: { loading: boolean } } })
      .__store;
    return store?.live.state === 'connected' && !store.balance.loading;
  });
}

test('the demo customer logs in and sees the balance in pounds in the header', async ({ page }) => {
  await signIn(page, DEMO);
  await expect(balance(page)).toHaveText(/^£\d{1,3}(,\d{3})*\.\d{2}$/);
  // The demo account is shared (and its bets settle at the feed's prices), so the header must say what the wallet says.
  await expect(balance(page)).toHaveText(formatPence(await balanceOf(DEMO)));
  await expect(loginDrawer(page)).toHaveCount(0);
});

test('an operator credit reaches the header through the live connection, without a reload', async ({ page }) => {
  const customer = await createCustomer({ balance: 500 });
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/wws'));
  await signIn(page, customer);
  await expect(balance(page)).toHaveText('£5.00');
  const ws = await socket;
  await liveConnected(page);
  const pushed = ws.waitForEvent('framereceived', (frame) => String(frame.payload).includes('updateBalance'));
  let reloaded = false;
  page.on('load', () => (reloaded = true));
  await operator('credit', customer.email, '1000', 'goodwill');
  expect(JSON.parse(String((await pushed).payload))).toEqual({ type: 'updateBalance', data: { balance: 1500 } });
  await expect(balance(page)).toHaveText('£15.00');
  expect(reloaded).toBe(false);
});

test('logging out asks first, then shows Login and Register again and forgets the token', async ({ page }) => {
  const customer = await createCustomer();
  await signIn(page, customer);
  await balance(page).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Logout', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Logout' });
  await expect(confirm.getByText('Are you sure you want to logout?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, logout' }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeVisible();
  await expect(balance(page)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});

test('forgot password: the mailed link from the outbox page sets a new password that then signs in', async ({
  page,
}) => {
  const customer = await createCustomer();
  const drawer = await openLogin(page);
  await drawer.getByRole('button', { name: 'Forgot password' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot password' });
  await forgot.getByLabel('Email').fill(customer.email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByRole('heading', { name: 'Reset Link Sent' })).toBeVisible();
  await expect(forgot.getByRole('button', { name: 'Back to Login' })).toBeVisible();

  await page.goto('/outbox');
  await page.locator('article', { hasText: customer.email }).first().getByRole('link').first().click();
  await expect(page).not.toHaveURL(/token=/);
  const reset = page.getByRole('dialog', { name: 'Reset password' });
  await reset.getByLabel('New password', { exact: true }).fill('Fresh4567');
  await reset.getByLabel('Repeat password', { exact: true }).fill('Fresh4567');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(reset.getByRole('heading', { name: 'Password successfully reset' })).toBeVisible();
  await reset.getByRole('button', { name: 'Continue' }).click();

  const login = loginDrawer(page);
  await login.getByLabel('Email').fill(customer.email);
  await login.getByLabel('Password', { exact: true }).fill(customer.password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(login.getByRole('alert')).toBeVisible();
  await login.getByLabel('Password', { exact: true }).fill('Fresh4567');
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(balance(page)).toHaveText('£0.00');
});

test('the sixth login after five wrong passwords shows the suspension text', async ({ page }) => {
  const customer = await createCustomer();
  const drawer = await openLogin(page);
  await drawer.getByLabel('Email').fill(customer.email);
  const attempt = async (password: string) => {
    await drawer.getByLabel('Password', { exact: true }).fill(password);
    const answered = page.waitForResponse((response) => response.url().endsWith('/auth/login'));
    await drawer.getByRole('button', { name: 'Login', exact: true }).click();
    return (await answered).status();
  };
  for (let failure = 1; failure <= 4; failure++) {
    expect(await attempt(`Wrong${failure}234`)).toBe(401);
    await expect(drawer.getByRole('alert')).not.toContainText(SUSPENDED_TEXT);
  }
  await attempt('Wrong5234');
  expect(await attempt(customer.password)).toBe(403);
  await expect(drawer.getByRole('alert')).toContainText(`${SUSPENDED_TEXT} at support@example.com`);
  await expect(drawer.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
    'href',
    'mailto:support@example.com',
  );
  await expect(balance(page)).toHaveCount(0);
});

test('the login drawer passes an axe check, also with its error messages shown', async ({ page }) => {
  const drawer = await openLogin(page);
  await expect(drawer.getByLabel('Email')).toBeVisible();
  const clean = await new AxeBuilder({ page }).include('dialog[data-overlay="login"]').analyze();
  expect(clean.violations).toEqual([]);
  await drawer.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(drawer.getByText('Empty email')).toBeVisible();
  const withErrors = await new AxeBuilder({ page }).include('dialog[data-overlay="login"]').analyze();
  expect(withErrors.violations).toEqual([]);
});
