import type { Page } from '@playwright/test';
import { createCustomer, expect, openOverlay, signIn, test } from './support/fixtures';

// Headless Chromium can show neither wallet: the test build's hook shows both buttons, and the sheet is the sandbox's.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('exsport:test:wallets', 'on'));
});

async function depositWithGooglePay(page: Page, pounds: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Deposit', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Deposit' });
  await expect(drawer.getByRole('button', { name: 'Deposit with Apple Pay' })).toBeVisible();
  await drawer.getByLabel('Deposit amount (£)').fill(pounds);
  const sheetOpened = page.waitForEvent('popup');
  await drawer.getByRole('button', { name: 'Deposit with Google Pay' }).click();
  const sheet = await sheetOpened;
  await sheet.waitForURL(/parentOrigin=/);
  await expect(sheet.getByRole('heading', { name: 'Google Pay' })).toBeVisible();
  await sheet.getByLabel(/Visa Debit •••• 5556/).check();
  await sheet.getByLabel('Cardholder name').fill('Pat Tester');
  await sheet.getByRole('button', { name: `Pay £${pounds}.00` }).click();
  await expect(drawer.getByRole('heading', { name: 'Deposit Successful' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Done' }).click();
}

test('a Google Pay deposit through the sandbox wallet sheet shows in history', async ({ page }) => {
  const customer = await createCustomer();
  await signIn(page, customer);
  await depositWithGooglePay(page, '20');
  await expect(page.getByTestId('header-balance')).toHaveText('£20.00');
  await openOverlay(page, 'account_transaction-history');
  const history = page.getByRole('dialog', { name: 'Transaction History' });
  const row = history.getByTestId('transaction');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('£20.00');
  await expect(row).toContainText('Google Pay deposit **** **** **** 5556');
});

test('a withdrawal to the card deposited from needs no card number, only the code the provider asks for', async ({
  page,
}) => {
  const customer = await createCustomer();
  await signIn(page, customer);
  // A card-page deposit from a card the customer did not save: before, withdrawing asked for the whole card again.
  await page.getByRole('banner').getByRole('button', { name: 'Deposit', exact: true }).click();
  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  await deposit.getByLabel('Deposit amount (£)').fill('30');
  const popupOpened = page.waitForEvent('popup');
  await deposit.getByRole('button', { name: 'Deposit', exact: true }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/parentOrigin=/);
  await popup.getByLabel('Name on card').fill('Pat Tester');
  await popup.getByLabel('Card number').fill('4242 4242 4242 4242');
  await popup.getByLabel('Expiry (MM/YY)').fill('12/30');
  await popup.getByLabel('Security code').fill('123');
  await popup.getByRole('button', { name: /^Pay/ }).click();
  await expect(deposit.getByRole('heading', { name: 'Deposit Successful' })).toBeVisible();
  await deposit.getByRole('button', { name: 'Done' }).click();

  await openOverlay(page, 'account_withdraw');
  const drawer = page.getByRole('dialog', { name: 'Withdraw' });
  await expect(drawer.getByLabel('**** **** **** 4242', { exact: true })).toBeChecked();
  await expect(drawer.getByLabel('Card number')).toHaveCount(0);
  await expect(drawer.getByLabel('I agree to my card details being stored for withdrawals')).toHaveCount(0);
  await drawer.getByRole('button', { name: '£10', exact: true }).click();
  await drawer.getByLabel('Security code').fill('123');
  await drawer.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(drawer.getByRole('heading', { name: 'Withdraw Pending' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('£20.00');
  await drawer.getByRole('button', { name: 'Done' }).click();
  await expect(drawer.getByTestId('pending-withdrawal')).toContainText('**** **** **** 4242');
  // A new card is still possible, with the whole form and the agreement the specification names for it.
  await drawer.getByLabel('A new card').check();
  await expect(drawer.getByLabel('Card number')).toBeVisible();
  await expect(drawer.getByLabel('I agree to my card details being stored for withdrawals')).toBeVisible();
});
