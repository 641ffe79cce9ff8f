import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const PASSWORD = 'Secret123';

async function openRegistration(page: Page, path = '/'): Promise<Locator> {
  await page.goto(path);
  await page.getByRole('banner').getByRole('button', { name: 'Register', exact: true }).click();
  return page.getByRole('dialog', { name: 'Registration' });
}

async function fillEmailAndPassword(drawer: Locator, email: string): Promise<void> {
  await expect(drawer.getByLabel('Confirm email')).toBeDisabled();
  await drawer.getByLabel('Email', { exact: true }).fill(email);
  await drawer.getByLabel('Confirm email').fill(email);
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await drawer.getByLabel('Create password').fill(PASSWORD);
  await drawer.getByLabel('Confirm password').fill(PASSWORD);
  await expect(drawer.getByText('8 characters')).toBeVisible();
  await drawer.getByRole('button', { name: 'Continue' }).click();
}

async function fillPersonalDetails(drawer: Locator): Promise<void> {
  await drawer.getByLabel('First name').fill('Jane');
  await drawer.getByLabel('Last name').fill('Smith-Jones');
  await drawer.getByLabel('Day').fill('5');
  await drawer.getByLabel('Month').fill('4');
  await drawer.getByLabel('Year').fill('1990');
  await expect(drawer.getByLabel('Day')).toHaveValue('05');
  await expect(drawer.getByLabel('Month')).toHaveValue('04');
  await drawer.getByLabel('Mobile number').fill('7700900123');
  await drawer.getByLabel('Postcode').fill('sw1a2aa');
  await expect(drawer.getByLabel('Postcode')).toHaveValue('SW1A 2AA');
  await drawer.getByRole('button', { name: 'Find address' }).click();
  await drawer.getByRole('button', { name: '10 Downing Street, Westminster, London' }).click();
  await expect(drawer.getByLabel('Address line 1')).toHaveValue('10 Downing Street');
  await expect(drawer.getByLabel('Address line 2')).toHaveValue('Westminster');
  await expect(drawer.getByLabel('Town or city')).toHaveValue('London');
  // The three offer choices start unanswered, and each must be answered before registration goes on.
  for (const channel of ['Email', 'Phone', 'SMS']) {
    const group = drawer.getByRole('group', { name: channel, exact: true });
    await expect(group.getByLabel('Yes')).not.toBeChecked();
    await expect(group.getByLabel('No')).not.toBeChecked();
    await group.getByLabel('No').check();
  }
  await expect(drawer.getByRole('button', { name: 'Next' })).toBeDisabled();
  await drawer.getByRole('checkbox').check();
  await expect(drawer.getByRole('button', { name: 'Next' })).toBeEnabled();
}

async function startVerification(page: Page, drawer: Locator): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await drawer.getByRole('button', { name: 'Next' }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/parentOrigin=/);
  await expect(popup.getByText('Jane Smith-Jones')).toBeVisible();
  return popup;
}

const newEmail = () => `reg-${randomBytes(5).toString('hex')}@example.com`;

test('a new customer registers end to end, verifies, meets the limit question, declines it and makes a first deposit', async ({
  page,
}) => {
  const email = newEmail();
  const drawer = await openRegistration(page, '/?clickKey=aff-e2e-42');
  expect(await page.evaluate(() => localStorage.getItem('clickKey'))).toBe('aff-e2e-42');
  await fillEmailAndPassword(drawer, email);
  await fillPersonalDetails(drawer);

  const popup = await startVerification(page, drawer);
  await expect(drawer.getByText('Please wait while we verify your details')).toBeVisible();
  await popup.getByRole('button', { name: 'Pass' }).click();
  await expect(drawer.getByRole('heading', { name: 'Verification Successful' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('clickKey'))).toBeNull();

  await drawer.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('header-balance')).toHaveText('£0.00');
  // On the deposit-limit step all three registration steps are done: none is still current.
  const steps = drawer.getByRole('list', { name: 'Registration steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(3);
  for (const step of await steps.all()) await expect(step).toContainText(', done');
  await expect(drawer.locator('[aria-current="step"]')).toHaveCount(0);
  // One screen, neither answer chosen: the customer must choose.
  const setLimit = drawer.getByRole('radio', { name: 'Yes, set a deposit limit' });
  const noLimit = drawer.getByRole('radio', { name: 'No, not now' });
  await expect(setLimit).not.toBeChecked();
  await expect(noLimit).not.toBeChecked();
  await expect(drawer.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await noLimit.check();
  await drawer.getByRole('button', { name: 'Continue without a limit' }).click();

  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  await expect(deposit.getByText('Registration Complete')).toBeVisible();
  await deposit.getByLabel('Deposit amount (£)').fill('20');
  const payment = page.waitForEvent('popup');
  await deposit.getByRole('button', { name: 'Deposit', exact: true }).click();
  const payPopup = await payment;
  await payPopup.waitForURL(/parentOrigin=/);
  await payPopup.getByLabel('Name on card').fill('Jane Smith-Jones');
  await payPopup.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payPopup.getByLabel('Expiry (MM/YY)').fill('12/30');
  await payPopup.getByLabel('Security code').fill('123');
  await payPopup.getByRole('button', { name: /^Pay/ }).click();
  await expect(deposit.getByRole('heading', { name: 'Deposit Successful' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('£20.00');
});

test('a failed verification shows Verification Unsuccessful with the documents to send', async ({ page }) => {
  const drawer = await openRegistration(page);
  await fillEmailAndPassword(drawer, newEmail());
  await fillPersonalDetails(drawer);
  const popup = await startVerification(page, drawer);
  await popup.getByRole('button', { name: 'Fail' }).click();
  await expect(drawer.getByRole('heading', { name: 'Verification Unsuccessful' })).toBeVisible();
  await expect(drawer.getByText(/passport and a recent utility bill/)).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'support@example.com' })).toBeVisible();
});

test('closing the verification window while it is processing gives the fail screen', async ({ page }) => {
  const drawer = await openRegistration(page);
  await fillEmailAndPassword(drawer, newEmail());
  await fillPersonalDetails(drawer);
  const popup = await startVerification(page, drawer);
  await popup.close();
  await expect(drawer.getByRole('heading', { name: 'Verification Unsuccessful' })).toBeVisible();
});

test('a blocked popup says so, sends nothing, and Back returns to the personal details', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  let registerCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/auth/register')) registerCalls++;
  });
  const drawer = await openRegistration(page);
  await fillEmailAndPassword(drawer, newEmail());
  await fillPersonalDetails(drawer);
  await drawer.getByRole('button', { name: 'Next' }).click();
  await expect(drawer.getByText('Popup was blocked. Please allow pop-ups for this site.')).toBeVisible();
  expect(registerCalls).toBe(0);
  await drawer.getByRole('button', { name: 'Back' }).click();
  await expect(drawer.getByLabel('First name')).toHaveValue('Jane');
  await expect(drawer.getByRole('button', { name: 'Next' })).toBeEnabled();
});

test('messages show on blur, and once the fields are put right one press of Continue goes on', async ({ page }) => {
  const drawer = await openRegistration(page);
  await drawer.getByLabel('Email', { exact: true }).fill('jane@');
  await drawer.getByLabel('Confirm email').fill('jane@');
  await expect(drawer.getByText('Please enter a valid email address')).toBeVisible();
  await drawer.getByLabel('Email', { exact: true }).fill('jane@example.com');
  await drawer.getByLabel('Confirm email').fill('jane@example.org');
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await expect(drawer.getByText('Emails do not match')).toBeVisible();
  await drawer.getByLabel('Confirm email').fill('jane@example.com');
  await drawer.getByRole('button', { name: 'Continue' }).click();

  await drawer.getByLabel('Create password').fill('abc');
  await drawer.getByLabel('Confirm password').fill('abc');
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await expect(drawer.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(drawer.getByText('Repeat your password')).toBeVisible();
  await drawer.getByLabel('Create password').fill(PASSWORD);
  await drawer.getByLabel('Confirm password').fill(PASSWORD);
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await expect(drawer.getByLabel('First name')).toBeVisible();
});

test('every registration step passes an axe check, also with its messages shown', async ({ page }) => {
  const drawer = await openRegistration(page);
  const check = async (step: string) => {
    const results = await new AxeBuilder({ page }).include('dialog[data-overlay="register"]').analyze();
    expect(results.violations, step).toEqual([]);
  };
  await check('email');
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await expect(drawer.getByText('Empty email')).toBeVisible();
  await check('email with messages');
  await drawer.getByLabel('Email', { exact: true }).fill('jane@example.com');
  await drawer.getByLabel('Confirm email').fill('jane@example.com');
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await expect(drawer.getByText('Password must be at least 8 characters')).toBeVisible();
  await check('password with messages');
  await drawer.getByLabel('Create password').fill(PASSWORD);
  await drawer.getByLabel('Confirm password').fill(PASSWORD);
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await drawer.getByLabel('Mobile number').fill('612');
  await drawer.getByLabel('Day').fill('31');
  await drawer.getByLabel('Month').fill('2');
  await drawer.getByLabel('Year').fill('1990');
  await drawer.getByLabel('Postcode').fill('LS6 3HN');
  await drawer.getByRole('button', { name: 'Find address' }).click();
  await expect(drawer.getByText(/addresses found/)).toBeVisible();
  await drawer.getByLabel('First name').focus();
  await expect(drawer.getByText('Incorrect phone number')).toBeVisible();
  await expect(
    drawer.getByText('Please enter a valid date of birth and make sure you are at least 18 years old.'),
  ).toBeVisible();
  await check('personal details with messages and found addresses');
});
