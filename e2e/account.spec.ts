import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, createCustomer, operator, signIn } from './support/fixtures';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function openAccount(page: Page) {
  await page.getByTestId('header-balance').click();
  const drawer = page.getByRole('dialog', { name: 'Account', exact: true });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function openPersonalDetails(page: Page) {
  const account = await openAccount(page);
  await account.getByRole('button', { name: 'Personal Details' }).click();
  const drawer = page.getByRole('dialog', { name: 'Personal Details' });
  await expect(drawer.getByTestId('personal-details')).toBeVisible();
  return drawer;
}

test('changes the address through the lookup and still shows it after a reload', async ({ page }) => {
  const customer = await createCustomer();
  await signIn(page, customer);
  let drawer = await openPersonalDetails(page);
  await expect(drawer.getByTestId('personal-details-address')).toContainText('1 Test Street');

  await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(drawer.getByLabel('First name')).toHaveAttribute('readonly', '');
  await drawer.getByLabel('Postcode').fill('sw1a2aa');
  await expect(drawer.getByLabel('Postcode')).toHaveValue('SW1A 2AA');
  await drawer.getByRole('button', { name: 'Find address' }).click();
  await drawer.getByRole('button', { name: '10 Downing Street, Westminster, London' }).click();
  await expect(drawer.getByLabel('Address line 1')).toHaveValue('10 Downing Street');
  await drawer.getByRole('group', { name: 'SMS offers' }).getByLabel('Yes').check();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByRole('status')).toHaveText('Your details have been updated.');
  await expect(drawer.getByTestId('personal-details-address')).toContainText('10 Downing Street');

  await page.reload();
  drawer = await openPersonalDetails(page);
  await expect(drawer.getByTestId('personal-details-address')).toContainText('10 Downing Street');
  await expect(drawer.getByTestId('personal-details-address')).toContainText('SW1A 2AA');
  await expect(drawer.getByTestId('personal-details')).toContainText('SMS offers');
});

test('Cancel restores the loaded values; Save keeps the new phone number', async ({ page }) => {
  const customer = await createCustomer();
  await signIn(page, customer);
  const drawer = await openPersonalDetails(page);
  await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
  await drawer.getByLabel('Phone number').fill('7999999999');
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer.getByTestId('personal-details')).toContainText('+447700900111');
  await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(drawer.getByLabel('Phone number')).toHaveValue('7700900111');
  await drawer.getByLabel('Phone number').fill('7999999999');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByRole('status')).toHaveText('Your details have been updated.');
  await expect(drawer.getByTestId('personal-details')).toContainText('+447999999999');
});

test('uploads an avatar and shows it; a file that is not a picture shows Upload failed', async ({ page }) => {
  const customer = await createCustomer();
  await signIn(page, customer);
  const drawer = await openAccount(page);
  await expect(drawer).toContainText('Pat');
  await expect(drawer).toContainText(`Account ID: ${customer.id}`);
  await expect(drawer).toContainText(/Member since \d{2}\/\d{2}\/\d{4}/);

  await drawer
    .getByLabel('Picture file')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await expect(drawer.getByRole('alert')).toContainText('Upload failed');
  await expect(drawer.getByRole('alert')).toContainText('Pictures must be PNG, JPEG or WebP, up to 2 MB.');

  await drawer.getByLabel('Picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const picture = drawer.getByRole('img', { name: 'Your picture' });
  await expect(picture).toHaveAttribute('src', /^\/avatars\/[a-f0-9]{32}\.png$/);
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
  await expect(drawer.getByRole('alert')).toHaveCount(0);
});

test('changes the password, then signs in with the new one', async ({ page }) => {
  const customer = await createCustomer();
  await signIn(page, customer);
  const details = await openPersonalDetails(page);
  await details.getByRole('button', { name: 'Edit password' }).click();
  const drawer = page.getByRole('dialog', { name: 'Update Password' });
  await drawer.getByLabel('Current password', { exact: true }).fill('Wrong1234');
  await drawer.getByLabel('New password', { exact: true }).fill('Fresh5678');
  await expect(drawer.getByRole('listitem').filter({ hasText: '8 characters' })).toHaveAttribute('data-met', 'true');
  await drawer.getByLabel('Repeat new password').fill('Fresh5679');
  await drawer.getByRole('button', { name: 'Update' }).click();
  await expect(drawer.getByText('Passwords do not match')).toBeVisible();
  await drawer.getByLabel('Repeat new password').fill('Fresh5678');
  await expect(drawer.getByText('Passwords do not match')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Update' }).click();
  await expect(drawer.getByRole('alert')).toHaveText('Your current password is incorrect');

  await drawer.getByLabel('Current password', { exact: true }).fill(customer.password);
  await drawer.getByRole('button', { name: 'Update' }).click();
  await expect(drawer.getByRole('heading', { name: 'Password successfully updated' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Personal Details' })).toBeVisible();

  await page.getByRole('dialog', { name: 'Personal Details' }).getByRole('button', { name: 'Close' }).click();
  const account = await openAccount(page);
  await account.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Yes, logout' }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await signIn(page, { email: customer.email, password: 'Fresh5678' });
});

test('refuses deletion while the wallet holds funds, deletes at a zero balance, and the account cannot sign in again', async ({
  page,
}) => {
  const customer = await createCustomer({ balance: 500 });
  await signIn(page, customer);
  let details = await openPersonalDetails(page);
  await details.getByRole('button', { name: 'Delete account' }).click();
  let drawer = page.getByRole('dialog', { name: 'Delete Account' });
  // The specification's alternative title names the form under the title bar.
  await expect(drawer.getByRole('form', { name: 'Delete your account' })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Delete your account' })).toBeVisible();
  await drawer.getByLabel('Password', { exact: true }).fill(customer.password);
  await drawer.getByRole('button', { name: 'Delete account' }).click();
  await expect(drawer.getByRole('heading', { name: 'Unable to Delete Account' })).toBeVisible();
  await expect(drawer).toContainText(
    'You cannot delete your account if you have any open bets or have funds in your wallet',
  );
  await drawer.getByRole('button', { name: 'Go Back' }).click();
  await expect(drawer.getByLabel('Password', { exact: true })).toBeVisible();

  await operator('adjust', customer.email, '-500', 'e2e: empty the wallet');
  await expect(page.getByTestId('header-balance')).toHaveText('£0.00');
  await drawer.getByLabel('Password', { exact: true }).fill(customer.password);
  await drawer.getByRole('button', { name: 'Delete account' }).click();
  drawer = page.getByRole('dialog', { name: 'Delete Account' });
  await expect(drawer.getByRole('heading', { name: 'Account deleted' })).toBeVisible();
  await expect(drawer).toContainText('We are sorry to see you go');
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Back to Login' }).click();

  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByLabel('Email').fill(customer.email);
  await login.getByLabel('Password', { exact: true }).fill(customer.password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(login.getByRole('alert')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
  details = page.getByRole('dialog', { name: 'Personal Details' });
  await expect(details).toHaveCount(0);
});

test('the operator suspends a signed-in customer and the suspended drawer appears without a reload', async ({
  page,
}) => {
  const customer = await createCustomer();
  await signIn(page, customer);
  await openAccount(page);
  await operator('suspend', customer.email);
  const drawer = page.getByRole('dialog', { name: 'Account Suspended' });
  await expect(drawer.getByRole('heading', { name: 'Account Suspended', level: 3 })).toBeVisible();
  await expect(drawer).toContainText('contact customer support at');
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
});

test("My Bets on a phone-sized screen shows the sportsbook's bets page, honestly empty for a new customer", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await createCustomer();
  await signIn(page, customer);
  const account = await openAccount(page);
  await account.getByRole('button', { name: 'My Bets' }).click();
  const bets = page.getByRole('dialog', { name: 'My Bets' }).frameLocator('iframe');
  await expect(bets.getByText('You have no open bets.')).toBeVisible({ timeout: 20_000 });
});

test('the account screens have no accessibility violations', async ({ page }) => {
  const customer = await createCustomer();
  await signIn(page, customer);
  const scan = async (overlay: string) => {
    const results = await new AxeBuilder({ page }).include(`dialog[data-overlay="${overlay}"]`).analyze();
    expect(
      results.violations.map(
        (violation) => `${overlay}: ${violation.id} ${violation.nodes.map((node) => node.target).join(' ')}`,
      ),
    ).toEqual([]);
  };
  const account = await openAccount(page);
  await scan('account');
  await account.getByRole('button', { name: 'Personal Details' }).click();
  const details = page.getByRole('dialog', { name: 'Personal Details' });
  await expect(details.getByTestId('personal-details')).toBeVisible();
  await scan('account_personal-details');
  await details.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(details.getByLabel('Phone number')).toBeVisible();
  await scan('account_personal-details');
  await details.getByRole('button', { name: 'Edit password' }).click();
  await expect(page.getByRole('dialog', { name: 'Update Password' })).toBeVisible();
  await scan('account_personal-details_update-password');
  await page.evaluate(() =>
    (globalThis as { __store?: { overlays: { open(name: string): void } } }).__store!.overlays.open(
      'account_personal-details_delete-account',
    ),
  );
  await expect(page.getByRole('dialog', { name: 'Delete Account' })).toBeVisible();
  await scan('account_personal-details_delete-account');
});
