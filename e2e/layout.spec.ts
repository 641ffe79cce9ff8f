import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { ANDROID, closeOverlays, expect, openOverlay, signInQuickly, test } from './support/fixtures';
import { acceptCookies } from './support/pwa';

interface Screen {
  overlay: string;
  data?: unknown;
  /** Brings the drawer to the state that used to overflow (a custom range, a second step...). */
  prepare?: (page: Page) => Promise<void>;
}

const loggedOutScreens: Screen[] = [
  { overlay: 'login' },
  { overlay: 'register' },
  { overlay: 'forgot-password' },
  { overlay: 'reset-password', data: { code: 'layout-check' } },
  { overlay: 'mobile-switcher' },
  { overlay: 'mobile-menu' },
  { overlay: 'download-app' },
  { overlay: 'bet-not-logged-in' },
  { overlay: 'terms' },
  { overlay: 'betting-rules' },
  { overlay: 'exchange-rules' },
  { overlay: 'contact' },
  {
    overlay: 'account-locked',
    data: { duration: 7, permanently: false, kind: 'time-out', until: '2026-12-01T10:00:00.000Z', message: 'ok' },
  },
];

const signedInScreens: Screen[] = [
  { overlay: 'account' },
  { overlay: 'account_personal-details' },
  {
    overlay: 'account_personal-details',
    prepare: (page) => page.getByRole('dialog').getByRole('button', { name: 'Edit', exact: true }).first().click(),
  },
  { overlay: 'account_personal-details_update-password' },
  { overlay: 'account_personal-details_delete-account' },
  { overlay: 'account_promo-code' },
  { overlay: 'AllBets' },
  { overlay: 'account_two-step' },
  {
    overlay: 'account_two-step',
    prepare: (page) => page.getByRole('dialog').getByRole('button', { name: 'Turn on two-step sign-in' }).click(),
  },
  { overlay: 'account_sign-in-history' },
  { overlay: 'account_deposit' },
  { overlay: 'register_deposit' },
  { overlay: 'account_withdraw' },
  { overlay: 'account_transaction-history' },
  {
    overlay: 'account_transaction-history',
    prepare: (page) => page.getByRole('dialog').getByRole('button', { name: 'Custom', exact: true }).click(),
  },
  { overlay: 'account_responsible-gambling' },
  { overlay: 'account_responsible-gambling_deposit-limits' },
  { overlay: 'account_responsible-gambling_deposit-limits_delete-limit', data: { id: 1, kind: 'Daily', amount: 1000 } },
  { overlay: 'account_responsible-gambling_profit-and-loss' },
  { overlay: 'account_responsible-gambling_time-out' },
  { overlay: 'account_responsible-gambling_self-exclude' },
  { overlay: 'logout' },
  { overlay: 'account-suspended' },
  { overlay: 'mobile-menu' },
];

/**
 * Every box that reaches past the right edge of the screen, and every dialog that scrolls sideways.
 * The screen is the width the test set: an emulated phone zooms out to fit wide content, which grows innerWidth.
 */
function overflowing(page: Page) {
  return page.evaluate((screenWidth) => {
    const width = Math.min(window.innerWidth, screenWidth);
    const describe = (element: Element) => {
      const classes =
        typeof element.className === 'string' && element.className
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : '';
      const text = (element.textContent ?? '').trim().slice(0, 30);
      return `${element.tagName.toLowerCase()}${classes} "${text}" right=${Math.round(element.getBoundingClientRect().right)}`;
    };
    const offenders: string[] = [];
    if (document.scrollingElement!.scrollWidth > width)
      offenders.push(`page scrollWidth ${document.scrollingElement!.scrollWidth} > ${width}`);
    for (const dialog of document.querySelectorAll('dialog[open]')) {
      if (dialog.scrollWidth > dialog.clientWidth + 1)
        offenders.push(`${describe(dialog)} scrolls sideways (${dialog.scrollWidth} > ${dialog.clientWidth})`);
    }
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right > width + 0.5) offenders.push(describe(element));
    }
    return offenders;
  }, page.viewportSize()!.width);
}

/** The contrast ratio of every disabled button's text on its background (axe leaves disabled controls out). */
function disabledButtonContrasts(page: Page, scope: string) {
  return page.evaluate((selector) => {
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const linear = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const backgroundOf = (element: Element | null): number[] => {
      for (let node = element; node; node = node.parentElement) {
        const [r, g, b, a = 1] = channels(getComputedStyle(node).backgroundColor);
        if (a > 0.5) return [r, g, b];
      }
      return [255, 255, 255];
    };
    return [...document.querySelectorAll(`${selector} button:disabled, ${selector} .button[aria-disabled='true']`)].map(
      (button) => {
        const style = getComputedStyle(button);
        const text = luminance(channels(style.color));
        const back = luminance(backgroundOf(button));
        const ratio = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
        return {
          name: (button.textContent ?? '').trim(),
          ratio: Math.round(ratio * 100) / 100,
          opacity: Number(style.opacity),
        };
      },
    );
  }, scope);
}

async function pageAt(browser: Browser, width: number, banner: boolean) {
  const context = await browser.newContext({
    viewport: { width, height: width < 768 ? 800 : 900 },
    reducedMotion: 'reduce',
    ...(banner ? { userAgent: ANDROID, hasTouch: true, isMobile: true } : {}),
  });
  return { context, page: await context.newPage() };
}

async function expectEveryScreenFits(page: Page, screens: Screen[], label: string) {
  for (const screen of screens) {
    await openOverlay(page, screen.overlay, screen.data);
    const dialog = page.locator(`dialog[data-overlay="${screen.overlay}"]`);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.spinner')).toHaveCount(0);
    if (screen.prepare) await screen.prepare(page);
    expect(await overflowing(page), `${label}: ${screen.overlay}${screen.prepare ? ' (prepared)' : ''}`).toEqual([]);
    await closeOverlays(page);
  }
}

for (const width of [360, 390, 1440]) {
  for (const banner of [false, true]) {
    if (banner && width === 1440) continue; // the app banner is for touch phones only
    const label = `${width} px${banner ? ' with the app banner' : ''}`;
    test(`nothing passes the screen edge at ${label}: the shell, the cookie bar and every drawer`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const { context, page } = await pageAt(browser, width, banner);
      await page.goto('/');
      if (banner) await expect(page.getByTestId('app-banner')).toBeVisible();
      await expect(page.getByTestId('cookie-bar')).toBeVisible();
      expect(await overflowing(page), `${label}: home with the cookie bar`).toEqual([]);
      await acceptCookies(page);
      expect(await overflowing(page), `${label}: home`).toEqual([]);
      await expectEveryScreenFits(page, loggedOutScreens, label);

      await signInQuickly(page, 123456);
      expect(await overflowing(page), `${label}: signed-in header`).toEqual([]);
      await expectEveryScreenFits(page, signedInScreens, label);
      await context.close();
    });
  }
}

/** Opens one drawer, runs axe over it, checks its disabled buttons' contrast, and closes it. */
async function expectDrawerAccessible(page: Page, screen: Screen) {
  await openOverlay(page, screen.overlay, screen.data);
  const selector = `dialog[data-overlay="${screen.overlay}"]`;
  await expect(page.locator(selector)).toBeVisible();
  await expect(page.locator(`${selector} .spinner`)).toHaveCount(0);
  if (screen.prepare) await screen.prepare(page);
  const scan = await new AxeBuilder({ page }).include(selector).analyze();
  expect(
    scan.violations.map(
      (violation) =>
        `${screen.overlay}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
  for (const button of await disabledButtonContrasts(page, selector)) {
    expect(button.ratio, `${screen.overlay}: disabled "${button.name}"`).toBeGreaterThanOrEqual(4.5);
    expect(button.opacity, `${screen.overlay}: disabled "${button.name}"`).toBe(1);
  }
  await closeOverlays(page);
}

// Two tests, not one: each drawer takes its own axe run, and together they outlasted a slow machine's timeout.
for (const signedIn of [false, true]) {
  test(`every ${signedIn ? 'signed-in' : 'signed-out'} drawer passes axe at 390 px, and every disabled button keeps AA contrast without fading`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const { context, page } = await pageAt(browser, 390, false);
    await page.goto('/');
    await acceptCookies(page);
    if (signedIn) await signInQuickly(page, 123456);
    for (const screen of signedIn ? signedInScreens : loggedOutScreens) await expectDrawerAccessible(page, screen);
    await context.close();
  });
}

test('a disabled primary button reads at AA contrast and is not faded: Take a Time Out before a duration is chosen', async ({
  browser,
}) => {
  const { context, page } = await pageAt(browser, 390, false);
  await page.goto('/');
  await acceptCookies(page);
  await signInQuickly(page, 123456);
  await openOverlay(page, 'account_responsible-gambling_time-out');
  const selector = 'dialog[data-overlay="account_responsible-gambling_time-out"]';
  await expect(page.locator(selector).getByRole('button', { name: /Time Out/ })).toBeDisabled();
  const contrasts = await disabledButtonContrasts(page, selector);
  expect(contrasts.length).toBeGreaterThan(0);
  for (const button of contrasts) {
    expect(button.ratio).toBeGreaterThanOrEqual(4.5);
    expect(button.opacity).toBe(1);
  }
  await context.close();
});

test('on a desktop My Bets is one click away in the header; on a phone it is in the account list instead', async ({
  browser,
}) => {
  const desktop = await pageAt(browser, 1440, false);
  await desktop.page.goto('/');
  await acceptCookies(desktop.page);
  await signInQuickly(desktop.page, 123456);
  await desktop.page.getByRole('banner').getByRole('button', { name: 'My Bets' }).click();
  await expect(desktop.page.getByRole('dialog', { name: 'My Bets' })).toBeVisible();
  await desktop.context.close();

  const phone = await pageAt(browser, 390, false);
  await phone.page.goto('/');
  await acceptCookies(phone.page);
  await signInQuickly(phone.page, 123456);
  await expect(phone.page.getByRole('banner').getByRole('button', { name: 'My Bets' })).toHaveCount(0);
  await phone.context.close();
});
