import AxeBuilder from '@axe-core/playwright';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { balanceOf, createCustomer, LATER_MATCHES, signIn, test } from './support/fixtures';

/**
 * Issue 28 on a 390 px phone: the host and the sportsbook frame scroll as one page (the frame owns the screen under
 * the header), the Bet Slip bar stays docked at the foot of the screen to the very end of the page, the open slip
 * keeps its title and close in view with nothing over it, and a Bet Builder is priced and placed from the slip.
 */

const PHONE = { width: 390, height: 844 };
const sportsbook = (page: Page): FrameLocator => page.frameLocator('iframe[title="Sportsbook"]');

/** Scrolls the host and the frame as far down as they go, as a thumb would. */
async function scrollToTheEnd(page: Page): Promise<void> {
  await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
  for (let turn = 0; turn < 30; turn++) await page.mouse.wheel(0, 2_000);
  const frame = await (await page.locator('iframe[title="Sportsbook"]').elementHandle())!.contentFrame();
  await frame!.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** The element's box on the host page's screen (a frame locator's box is given in the host's coordinates). */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

/** The page does not scroll, the frame's page is at its end, and the bar sits on the screen's foot. */
async function expectDockedAtTheEnd(page: Page, frame: FrameLocator): Promise<void> {
  await scrollToTheEnd(page);
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
  // The regulatory notice ends the frame's page, so the end has been reached and it is in view there.
  await expect(frame.getByText('Gambling can be addictive.')).toBeInViewport();
  const bar = await box(frame.getByRole('button', { name: /Bet Slip/ }));
  expect(bar.y + bar.height).toBeLessThanOrEqual(PHONE.height);
  expect(bar.y + bar.height).toBeGreaterThan(PHONE.height - 24);
}

test('on a phone the slip bar stays docked at the foot of the screen to the end of the page, and the open slip keeps its title and close in view', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);
  const upcoming = frame.locator(LATER_MATCHES).first();
  await expect(upcoming).toBeVisible({ timeout: 20_000 });
  await upcoming.locator('.odds').first().click();
  // No host footer under the frame: the frame's page is the only one that scrolls.
  await expect(page.getByTestId('regulatory-footer')).toHaveCount(0);
  await expectDockedAtTheEnd(page, frame);

  // A match page, to its very end.
  await page.goto('/');
  await upcoming.locator('.event-row__match').click();
  await expect(frame.getByRole('button', { name: 'All markets' })).toBeVisible();
  await expectDockedAtTheEnd(page, frame);

  // The open slip: a bottom sheet whose title and close are on screen, under the host's header, and on top.
  await frame.getByRole('button', { name: /Bet Slip/ }).click();
  const sheet = frame.getByRole('dialog', { name: /Bet Slip/ });
  // The sheet slides up as it opens: it is measured where it settles, not on its way.
  await sheet.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const title = sheet.getByRole('heading', { name: /Bet Slip/ });
  const close = sheet.getByRole('button', { name: 'Close bet slip' });
  const header = await box(page.getByRole('banner'));
  for (const part of [title, close]) {
    await expect(part).toBeInViewport();
    const where = await box(part);
    expect(where.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(where.y + where.height).toBeLessThanOrEqual(PHONE.height);
    // Nothing of the page lies over it: the frame's topmost element at its centre is the part itself.
    const centre = { x: where.width / 2, y: where.height / 2 };
    expect(
      await part.evaluate((element, { x, y }) => {
        const rect = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(rect.left + x, rect.top + y));
      }, centre),
    ).toBe(true);
  }
  const sheetBox = await box(sheet);
  expect(sheetBox.y + sheetBox.height).toBeLessThanOrEqual(PHONE.height + 1);
  await close.click();
  await expect(sheet).toHaveCount(0);

  // Asian handicap: the teams once, the main line with its line on each button, the others behind "More lines".
  await frame.getByRole('button', { name: 'Asian Handicap' }).click();
  const handicap = frame.locator('.handicap').first();
  await expect(handicap.getByRole('group')).toHaveCount(1);
  await expect(handicap.getByRole('group').getByRole('button').first()).toContainText(/[+-]?\d+(\.\d+)?/);
  const more = handicap.getByRole('button', { name: /^More lines \(\d+\)/ });
  await more.click();
  await expect(handicap.getByRole('button', { name: 'Fewer lines' })).toHaveAttribute('aria-expanded', 'true');
  expect(await handicap.getByRole('group').count()).toBeGreaterThan(1);
  // No label is cut or broken inside a word: every label fits its button.
  for (const label of await frame.locator('.handicap .odds__label').all())
    expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const scan = await new AxeBuilder({ page }).include(['iframe[title="Sportsbook"]', '.markets']).analyze();
  expect(
    scan.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
});

test('on a phone a Bet Builder goes to the slip as one line, priced there, and is placed from the slip', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const customer = await createCustomer({ balance: 5_000 });
  await signIn(page, customer);
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);
  // A later match: one starting soon could kick off, its prices moving, between pricing the builder and placing it.
  const later = frame.locator(`${LATER_MATCHES} .event-row__match`).first();
  await expect(later).toBeVisible({ timeout: 20_000 });
  await later.click();
  await frame.getByRole('button', { name: 'Bet Builder', exact: true }).click();
  await frame.getByRole('group', { name: 'Both Teams To Score' }).getByRole('button', { name: /^Yes/ }).click();
  await frame
    .getByRole('group', { name: 'Total Goals Over/Under 2.5' })
    .getByRole('button', { name: /^Over 2\.5/ })
    .click();
  await expect(frame.locator('.builder__status')).toContainText('On your bet slip.');
  // The builder page has no stake or Place of its own any more: the slip has them.
  await expect(frame.getByRole('button', { name: 'Place Bet Builder' })).toHaveCount(0);

  const bar = frame.getByRole('button', { name: /Bet Slip/ });
  await expect(bar.locator('.badge')).toHaveText('1');
  await bar.click();
  const sheet = frame.getByRole('dialog', { name: /Bet Slip/ });
  const line = sheet.getByRole('region', { name: /Bet Builder/ });
  await expect(line.getByRole('listitem')).toHaveCount(2);
  await expect(line.locator('.slip-builder__price')).toHaveText(/^\d+\/\d+$|^Evens$/);
  await line.getByRole('textbox', { name: 'Stake on the Bet Builder' }).fill('2');
  await expect(sheet.getByRole('button', { name: 'Place Bet £2.00' })).toBeEnabled();

  await line.getByRole('button', { name: 'Done' }).click();
  await sheet.getByRole('button', { name: 'Place Bet £2.00' }).click();
  const receipt = sheet.locator('.receipt--accepted');
  await expect(receipt).toContainText('Bet placed', { timeout: 20_000 });
  await expect(receipt).toContainText('Bet Builder (2) stake');
  // A short reference, the full id kept on it.
  const reference = receipt.locator('.receipt__id dd');
  await expect(reference).toHaveText(/^[0-9A-F]{8}$/);
  expect(await reference.getAttribute('data-bet-id')).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(() => balanceOf(customer), { timeout: 15_000 }).toBe(4_800);
  // Both receipt buttons whole and on screen.
  for (const name of ['View in My Bets', 'Done']) {
    const button = sheet.getByRole('button', { name });
    await expect(button).toBeInViewport({ ratio: 1 });
    expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
  // The sheet with its receipt passes axe (scanned once the bet is placed: axe's script must not race the slip).
  const scan = await new AxeBuilder({ page }).include(['iframe[title="Sportsbook"]', '.sheet']).analyze();
  expect(
    scan.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);

  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(frame.getByRole('button', { name: /Bet Slip/ })).toHaveCount(1);
  await expect(sheet.getByRole('region', { name: /Bet Builder/ })).toHaveCount(0);
});
