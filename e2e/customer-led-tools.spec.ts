import AxeBuilder from '@axe-core/playwright';
import { createCustomer, expect, openOverlay, signIn, test } from './support/fixtures';

test('the cashier asks the deposit-limit question before a first deposit, and shows the deposit form once declined', async ({
  page,
}) => {
  const customer = await createCustomer({ limitAnswered: false });
  await signIn(page, customer);
  await openOverlay(page, 'account_deposit');
  const drawer = page.getByRole('dialog', { name: 'Deposit' });
  await expect(drawer.getByRole('heading', { name: 'Set a deposit limit?' })).toBeVisible();
  await expect(drawer.getByLabel('Deposit amount (£)')).toHaveCount(0);
  await expect(drawer.getByRole('radio', { name: 'Yes, set a deposit limit' })).not.toBeChecked();
  const scan = await new AxeBuilder({ page }).include('dialog[data-overlay="account_deposit"]').analyze();
  expect(scan.violations).toEqual([]);
  await drawer.getByRole('radio', { name: 'No, not now' }).check();
  await drawer.getByRole('button', { name: 'Continue without a limit' }).click();
  await expect(drawer.getByLabel('Deposit amount (£)')).toBeVisible();
});

/** "1 hour", "2 hours 5 minutes" or "15 minutes", as the reminder words them. */
const SIGNED_IN_FOR = /You have been signed in for (?=\d)(?:(\d+) hours?)? ?(?:(\d+) minutes?)?\./;

test('a reality check appears over the sportsbook after the interval, Continue dismisses it, and a reload keeps the count from sign-in', async ({
  page,
}) => {
  const customer = await createCustomer();
  await signIn(page, customer);
  await expect(page.locator('iframe[title="Sportsbook"]')).toBeVisible();
  await openOverlay(page, 'account_responsible-gambling_reality-checks');
  const settings = page.getByRole('dialog', { name: 'Reality Checks' });
  await expect(settings.getByTestId('reality-check-setting')).toHaveText('Reality checks are off.');
  await settings.getByLabel('Remind me every (minutes)').fill('4');
  await expect(settings.getByRole('button', { name: 'Save reminder' })).toBeDisabled();
  await settings.getByRole('button', { name: '15 minutes' }).click();
  await settings.getByRole('button', { name: 'Save reminder' }).click();

  // The browser tests' server counts a reality-check minute as a tenth of a second (e2e/support/start-server.ts), so
  // the first reminder is due by now; it comes over the drawer too.
  const reminder = page.getByRole('dialog', { name: 'Reality check', exact: true });
  await expect(reminder).toBeVisible();
  await expect(reminder).toContainText(SIGNED_IN_FOR);
  await expect(reminder.getByTestId('reality-check-net')).toHaveText('£0.00');
  await expect(reminder.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(reminder.getByRole('button', { name: 'View my history' })).toBeVisible();
  expect((await new AxeBuilder({ page }).include('dialog.reality-check').analyze()).violations).toEqual([]);
  await reminder.getByRole('button', { name: 'Continue' }).click();
  await expect(settings.getByTestId('reality-check-setting')).toHaveText('Reminding you every 15 minutes.');
  await page.evaluate(() =>
    (globalThis as unknown as { __store: { overlays: { closeAll(): void } } }).__store.overlays.closeAll(),
  );

  // The next, over the sportsbook's frame: the middle of the page is the reminder's.
  await expect(reminder).toBeVisible();
  const onTop = await page.evaluate(() => {
    const element = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
    return Boolean(element?.closest('dialog.reality-check'));
  });
  expect(onTop).toBe(true);
  await reminder.getByRole('button', { name: 'Continue' }).click();
  await expect(reminder).toBeHidden();

  await page.reload();
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await expect(reminder).toBeVisible();
  const [, hours = '0', minutes = '0'] = (await reminder.textContent())?.match(SIGNED_IN_FOR) ?? [];
  expect(Number(hours) * 60 + Number(minutes)).toBeGreaterThanOrEqual(30);
});
