import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { createCustomer, expect, signIn, test } from './support/fixtures';
import { E2E_PORT } from '../playwright.config';
import { HARM_MARKER_WORDS } from '../src/contract/harm';

/** A sportsbook bet lost through the PAM's wallet calls (the server's test hook), now. */
async function loseABet(email: string) {
  const response = await fetch(`http://127.0.0.1:${E2E_PORT}/test/losing-bets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, stake: 200 }),
  });
  if (!response.ok) throw new Error(`losing bet: ${response.status} ${await response.text()}`);
}

async function openDeposit(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Deposit', exact: true }).click();
  return page.getByRole('dialog', { name: 'Deposit' });
}

test('three deposits each straight after a losing bet bring the safer-gambling message, shown until acknowledged', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer({ balance: 1_000 });
  await signIn(page, customer);
  const message = page.getByRole('dialog', { name: 'A word about your play' });

  // The first chase: a new card, kept for the next two.
  await loseABet(customer.email);
  let drawer = await openDeposit(page);
  await drawer.getByLabel('Deposit amount (£)').fill('10');
  await drawer.getByLabel('Save this card for future deposits').check();
  const popupOpened = page.waitForEvent('popup');
  await drawer.getByRole('button', { name: 'Deposit', exact: true }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/parentOrigin=/);
  await popup.getByLabel('Name on card').fill('Pat Tester');
  await popup.getByLabel('Card number').fill('4242 4242 4242 4242');
  await popup.getByLabel('Expiry (MM/YY)').fill('12/30');
  await popup.getByLabel('Security code').fill('123');
  await popup.getByRole('button', { name: /^Pay/ }).click();
  await expect(drawer.getByRole('heading', { name: 'Deposit Successful' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Done' }).click();

  for (const balance of ['£26.00', '£34.00']) {
    await loseABet(customer.email);
    drawer = await openDeposit(page);
    await expect(drawer.getByLabel(/Saved card .*4242/)).toBeChecked();
    await drawer.getByLabel('Deposit amount (£)').fill('10');
    await drawer.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(drawer.getByRole('heading', { name: 'Deposit Successful' })).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText(balance);
    await drawer.getByRole('button', { name: 'Done' }).click();
  }

  await expect(message).toBeVisible({ timeout: 20_000 });
  await expect(message.getByText(HARM_MARKER_WORDS['loss-chasing'])).toBeVisible();
  await expect(message.getByRole('link', { name: /GamCare/ })).toHaveAttribute('href', 'https://www.gamcare.org.uk/');
  await expect(message.getByRole('link', { name: /GAMSTOP/ })).toHaveAttribute('href', 'https://www.gamstop.co.uk/');
  await expect(message.getByRole('button', { name: 'Set a deposit limit' })).toBeVisible();
  await expect(message.getByRole('button', { name: 'Take a time out' })).toBeVisible();
  const scan = await new AxeBuilder({ page }).include('[data-testid="safer-gambling-message"]').analyze();
  expect(scan.violations).toEqual([]);
  // Nothing was taken back or cancelled: the balance is what the deposits made it.
  await expect(page.getByTestId('header-balance')).toHaveText('£34.00');

  await message.getByRole('button', { name: 'Take a time out' }).click();
  await expect(message).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Time Out' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('header-balance')).toHaveText('£34.00');
  await expect(message).toBeHidden();
});
