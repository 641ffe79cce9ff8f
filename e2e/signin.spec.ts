import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import * as OTPAuth from 'otpauth';
import type { Page } from '@playwright/test';
import { createCustomer, expect, operator, signIn, submitLogin, test } from './support/fixtures';
import { GAMSTOP_REGISTRATION_REFUSED } from '../src/contract/gamstop';
import { RECOVERY_CODE_COUNT } from '../src/contract/auth';

/** The code an authenticator app shows for `secret` one step from now: accepted at once, and never the enrolment's own (spent) step. */
const nextCode = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 30_000 });

async function openAccountItem(page: Page, name: string) {
  await page.getByTestId('header-balance').click();
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  return page.getByRole('dialog', { name });
}

test('registering as someone GAMSTOP excludes is refused with the kind message, and only the refused check is recorded', async ({
  page,
}) => {
  const email = `gamstop-${randomBytes(5).toString('hex')}@example.com`;
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Register', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Registration' });
  await drawer.getByLabel('Email', { exact: true }).fill(email);
  await drawer.getByLabel('Confirm email').fill(email);
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await drawer.getByLabel('Create password').fill('Secret123');
  await drawer.getByLabel('Confirm password').fill('Secret123');
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await drawer.getByLabel('First name').fill('Jane');
  await drawer.getByLabel('Last name').fill('Excluded');
  await drawer.getByLabel('Day').fill('5');
  await drawer.getByLabel('Month').fill('4');
  await drawer.getByLabel('Year').fill('1990');
  await drawer.getByLabel('Mobile number').fill('7700900456');
  await drawer.getByLabel('Postcode').fill('M1 1AE');
  await drawer.getByRole('button', { name: 'Find address' }).click();
  await drawer.getByRole('button', { name: /^1 Piccadilly/ }).click();
  for (const channel of ['Email', 'Phone', 'SMS'])
    await drawer.getByRole('group', { name: channel, exact: true }).getByLabel('No').check();
  await drawer.getByRole('checkbox').check();
  await drawer.getByRole('button', { name: 'Next' }).click();

  await expect(drawer.getByRole('heading', { name: 'Self-excluded with GAMSTOP' })).toBeVisible();
  await expect(drawer.getByText(GAMSTOP_REGISTRATION_REFUSED)).toBeVisible();
  // The latest checks, not the latest one: the tests beside this one sign in and are checked meanwhile.
  const checks = (await operator('gamstop-checks', '50')) as Array<{
    occasion: string;
    outcome: string;
    userId: number | null;
    email: string | null;
  }>;
  expect(checks).toContainEqual(
    expect.objectContaining({ occasion: 'registration', outcome: 'Y', userId: null, email: null }),
  );
  expect(checks.filter((check) => check.email === email)).toEqual([]);
  // No account was opened: the address cannot sign in.
  const login = await page.request.post('/auth/login', { data: { email, password: 'Secret123' } });
  expect(login.status()).toBe(401);
});

test("a customer turns two-step sign-in on by QR code, then signs in with the password and the app's code", async ({
  page,
}) => {
  const customer = await createCustomer();
  await signIn(page, customer);

  const security = await openAccountItem(page, 'Two-Step Sign-In');
  await expect(security.getByText('Two-step sign-in is off.')).toBeVisible();
  await security.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(security.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = ((await security.getByTestId('two-step-key').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(
    (await new AxeBuilder({ page }).include('dialog[data-overlay="account_two-step"]').analyze()).violations,
  ).toEqual([]);

  await security.getByLabel('Enter the 6-digit code the app now shows').fill('12345');
  await security.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(security.getByText('Enter the 6 digits from your authenticator app')).toBeVisible();
  await security
    .getByLabel('Enter the 6-digit code the app now shows')
    .fill(new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate());
  await security.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(security.getByRole('heading', { name: 'Two-step sign-in is on' })).toBeFocused();
  await expect(security.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(RECOVERY_CODE_COUNT);
  await security.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(security.getByTestId('two-step-state')).toContainText('on');
  await expect(security.getByText(`${RECOVERY_CODE_COUNT} recovery codes are left.`)).toBeVisible();

  // A new visit: the password alone now leads to the code step.
  await page.evaluate(() => sessionStorage.clear());
  const drawer = await submitLogin(page, customer);
  const code = drawer.getByLabel('Code from your app');
  await expect(code).toBeFocused();
  expect((await new AxeBuilder({ page }).include('dialog[data-overlay="login"]').analyze()).violations).toEqual([]);
  await code.fill(nextCode(secret));
  await drawer.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await expect(drawer).toHaveCount(0);

  // The account shows the sign-in before this one, and the history lists both.
  await page.getByTestId('header-balance').click();
  await expect(page.getByRole('dialog', { name: 'Account' }).getByText(/^Previous sign-in: /)).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: /^Sign-In History/ })
    .click();
  const history = page.getByRole('dialog', { name: 'Sign-In History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Chrome on Linux');
  await expect(history.getByRole('listitem').first()).toContainText('Place unknown');
});
