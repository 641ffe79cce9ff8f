import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createCustomer, expect, openOverlay, operator, signIn, test } from './support/fixtures';

async function payInPopup(page: Page, drawer: ReturnType<Page['getByRole']>, card: string) {
  const popupOpened = page.waitForEvent('popup');
  await drawer.getByRole('button', { name: 'Deposit', exact: true }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/parentOrigin=/);
  await popup.getByLabel('Name on card').fill('Pat Tester');
  await popup.getByLabel('Card number').fill(card);
  await popup.getByLabel('Expiry (MM/YY)').fill('12/30');
  await popup.getByLabel('Security code').fill('123');
  await popup.getByRole('button', { name: /^Pay/ }).click();
}

test('deposit £20 with a new card, keep it, then deposit again with the saved card', async ({ page }) => {
  const customer = await createCustomer();
  await signIn(page, customer);
  await expect(page.getByTestId('header-balance')).toHaveText('£0.00');

  await page.getByRole('banner').getByRole('button', { name: 'Deposit', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Deposit' });
  await drawer.getByRole('button', { name: '£20', exact: true }).click();
  await expect(drawer.getByLabel('Deposit amount (£)')).toHaveValue('20');
  await drawer.getByLabel('Save this card for future deposits').check();
  await payInPopup(page, drawer, '4242 4242 4242 4242');

  await expect(drawer.getByRole('heading', { name: 'Deposit Successful' })).toBeVisible();
  await expect(drawer.getByTestId('deposit-new-balance')).toHaveText('£20.00');
  await expect(page.getByTestId('header-balance')).toHaveText('£20.00');

  await drawer.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Deposit', exact: true }).click();
  const again = page.getByRole('dialog', { name: 'Deposit' });
  await expect(again.getByLabel(/Saved card .*4242/)).toBeChecked();
  await again.getByLabel('Deposit amount (£)').fill('10');
  await again.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(again.getByRole('heading', { name: 'Deposit Successful' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('£30.00');
});

test('a declined card shows the failed-payment screen and moves nothing', async ({ page }) => {
  const customer = await createCustomer({ balance: 1_000 });
  await signIn(page, customer);
  await page.getByRole('banner').getByRole('button', { name: 'Deposit', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Deposit' });
  await drawer.getByLabel('Deposit amount (£)').fill('3');
  await drawer.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(drawer.getByText('Minimum deposit is £5')).toBeVisible();
  await drawer.getByLabel('Deposit amount (£)').fill('50');
  await payInPopup(page, drawer, '4000 0000 0000 0002');

  await expect(drawer.getByRole('heading', { name: 'Deposit Failed' })).toBeVisible();
  await expect(
    drawer.getByText('Sorry there was a problem with your deposit. Please try again or contact customer services', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(drawer.getByTestId('deposit-failed-reason')).toContainText('Reason:');
  await expect(page.getByTestId('header-balance')).toHaveText('£10.00');
  await drawer.getByRole('button', { name: 'Try Again' }).click();
  await expect(drawer.getByLabel('Deposit amount (£)')).toBeVisible();
});

test('withdraw £5 to a new card: Withdraw Pending and the row under Pending Withdrawals', async ({ page }) => {
  const customer = await createCustomer();
  await signIn(page, customer);
  // Withdrawals go back to a card the customer deposited from: deposit £50 from it first.
  await page.getByRole('banner').getByRole('button', { name: 'Deposit', exact: true }).click();
  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  await deposit.getByLabel('Deposit amount (£)').fill('50');
  await payInPopup(page, deposit, '4242 4242 4242 4242');
  await expect(deposit.getByRole('heading', { name: 'Deposit Successful' })).toBeVisible();
  await deposit.getByRole('button', { name: 'Done' }).click();
  await openOverlay(page, 'account_withdraw');
  const drawer = page.getByRole('dialog', { name: 'Withdraw' });
  await expect(drawer.getByTestId('withdraw-balance')).toHaveText('£50.00');
  await expect(drawer.getByText('No pending withdrawals')).toBeVisible();

  const submit = drawer.getByRole('button', { name: 'Withdraw', exact: true });
  await drawer.getByLabel('Withdraw amount (£)').fill('500');
  await expect(drawer.getByLabel('Withdraw amount (£)')).toHaveValue('50');
  await drawer.getByRole('button', { name: '£5', exact: true }).click();
  // The card deposited from is offered to choose; this customer types a new card instead.
  await drawer.getByLabel('A new card').check();
  await drawer.getByLabel('Name on card').fill('Pat Tester');
  await drawer.getByLabel('Card number').fill('4242424242424242');
  await drawer.getByLabel('Expiry month (MM)').fill('12');
  await drawer.getByLabel('Expiry year (YY)').fill('30');
  await drawer.getByLabel('Security code').fill('123');
  await expect(submit).toBeDisabled();
  await drawer.getByLabel('I agree to my card details being stored for withdrawals').check();
  await submit.click();

  await expect(drawer.getByRole('heading', { name: 'Withdraw Pending' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('£45.00');
  const row = drawer.getByTestId('pending-withdrawal');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('£5.00');
});

test('transaction history: Load More, filters and the custom range check', async ({ page }) => {
  const customer = await createCustomer();
  for (let index = 1; index <= 25; index += 1)
    await operator('credit', customer.email, String(index * 100), `Goodwill ${index}`);
  await signIn(page, customer);
  await openOverlay(page, 'account_transaction-history');
  const drawer = page.getByRole('dialog', { name: 'Transaction History' });
  const rows = drawer.getByTestId('transaction');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('£25.00');
  await drawer.getByRole('button', { name: 'Load More' }).click();
  await expect(rows).toHaveCount(25);
  await expect(rows.last()).toContainText('£1.00');
  await expect(drawer.getByRole('button', { name: 'Load More' })).toHaveCount(0);

  await drawer.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(drawer.getByText('There are no transactions during this time')).toBeVisible();
  await drawer.getByRole('button', { name: 'All', exact: true }).click();
  // Back on All, the pages already loaded are shown again.
  await expect(rows).toHaveCount(25);

  await drawer.getByRole('button', { name: 'Custom' }).click();
  await expect(drawer.getByRole('button', { name: 'Apply' })).toBeDisabled();
  let requests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/transactions') requests += 1;
  });
  await drawer.getByLabel('From').fill('2026-03-02');
  await drawer.getByLabel('To').fill('2026-03-01');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByText("'To' date cannot be before 'From' date.")).toBeVisible();
  expect(requests).toBe(0);
  await drawer.getByLabel('From').fill('2022-01-01');
  await drawer.getByLabel('To').fill('2022-01-02');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByText('There are no transactions during this time')).toBeVisible();
  expect(requests).toBe(1);
});

test('offline, a deposit is refused plainly and the balance does not change', async ({ page, context }) => {
  const customer = await createCustomer({ balance: 2_500 });
  await signIn(page, customer);
  await expect(page.getByTestId('header-balance')).toHaveText('£25.00');
  await page.getByRole('banner').getByRole('button', { name: 'Deposit', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Deposit' });
  await expect(drawer.getByLabel('Deposit amount (£)')).toBeVisible();

  await context.setOffline(true);
  await expect(drawer.getByText('You are offline. Deposits need a connection.')).toBeVisible();
  await drawer.getByRole('button', { name: '£20', exact: true }).click();
  await expect(drawer.getByRole('button', { name: 'Deposit', exact: true })).toBeDisabled();
  await expect(page.getByTestId('header-balance')).toContainText('last known');
  await expect(page.getByTestId('header-balance')).toContainText('£25.00');

  await context.setOffline(false);
  await expect(drawer.getByText('You are offline. Deposits need a connection.')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText('£25.00');
  const balance = await page.evaluate(async () => {
    const store = (globalThis as unknown as { __store: { api: { balance(): Promise<{ balance: number }> } } }).__store;
    return (await store.api.balance()).balance;
  });
  expect(balance).toBe(2_500);
});

test('the money drawers have no accessibility violations', async ({ page }) => {
  const customer = await createCustomer({ balance: 2_000 });
  await operator('credit', customer.email, '500', 'Goodwill');
  await signIn(page, customer);
  for (const [overlay, title, ready] of [
    ['account_deposit', 'Deposit', 'Deposit amount (£)'],
    ['account_withdraw', 'Withdraw', 'Withdraw amount (£)'],
    ['account_transaction-history', 'Transaction History', 'From'],
  ] as const) {
    await openOverlay(page, overlay);
    const drawer = page.getByRole('dialog', { name: title });
    if (overlay === 'account_transaction-history') {
      await expect(drawer.getByTestId('transaction').first()).toBeVisible();
      await drawer.getByRole('button', { name: 'Custom' }).click();
    }
    await expect(drawer.getByLabel(ready)).toBeVisible();
    const results = await new AxeBuilder({ page }).include('dialog[open]').analyze();
    expect(results.passes.length).toBeGreaterThan(0);
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  }
});

test('the cashier screens show the current balance, and a card that cannot be loaded gives the Error screen with Retry', async ({
  page,
}) => {
  const customer = await createCustomer({ balance: 2_500 });
  await signIn(page, customer);
  await openOverlay(page, 'account_deposit');
  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  await expect(deposit.getByTestId('deposit-balance')).toHaveText('£25.00');

  // The withdraw screen fails to load like the other money screens do: the Error screen, then Retry.
  let failing = true;
  await page.route('**/card', (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Cards are resting' }),
        })
      : route.fallback(),
  );
  await page.evaluate(() =>
    (globalThis as unknown as { __store: { queryClient: { clear(): void } } }).__store.queryClient.clear(),
  );
  await openOverlay(page, 'account_withdraw');
  const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
  await expect(withdraw.getByRole('heading', { name: 'Error' })).toBeVisible({ timeout: 20_000 });
  await expect(withdraw.getByLabel('Withdraw amount (£)')).toHaveCount(0);
  failing = false;
  await withdraw.getByRole('button', { name: 'Retry' }).click();
  await expect(withdraw.getByLabel('Withdraw amount (£)')).toBeVisible();
  await expect(withdraw.getByTestId('withdraw-balance')).toHaveText('£25.00');
});
