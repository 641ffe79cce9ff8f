import { expect, type FrameLocator, type Page } from '@playwright/test';
import { LATER_MATCHES, test } from './support/fixtures';

/**
 * Issue 28 on a 1440 × 900 desktop: the host and the sportsbook frame scroll as one page (the frame owns the screen
 * under the header, the footer is docked under it), the slip column stays in view to the end of the list, and the
 * keyboard goes from a price to its stake box while a mouse press keeps the focus on the price.
 */

const DESKTOP = { width: 1440, height: 900 };
const sportsbook = (page: Page): FrameLocator => page.frameLocator('iframe[title="Sportsbook"]');

interface Scrolls {
  page: number;
  frame: number;
  frameEnd: number;
}

async function scrolls(page: Page): Promise<Scrolls> {
  const frame = (await (await page.locator('iframe[title="Sportsbook"]').elementHandle())!.contentFrame())!;
  const inFrame = await frame.evaluate(() => ({
    y: window.scrollY,
    end: document.documentElement.scrollHeight - window.innerHeight,
  }));
  return { page: await page.evaluate(() => window.scrollY), frame: inFrame.y, frameEnd: inFrame.end };
}

/** Two frames of the page painted: a wheel turn's scroll has landed. */
const painted = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Turns the mouse wheel over the list to the end of the frame's page and on, as a customer reaches it. */
async function wheelToTheEnd(page: Page): Promise<void> {
  await page.mouse.move(400, DESKTOP.height / 2);
  for (let turn = 0; turn < 40; turn++) {
    await page.mouse.wheel(0, 1_500);
    await painted(page);
    const now = await scrolls(page);
    if (now.frame === now.frameEnd) break;
  }
  // On past the end, where the wheel used to go on to the page around the frame.
  for (let turn = 0; turn < 3; turn++) await page.mouse.wheel(0, 1_500);
  await painted(page);
}

/** Only the frame scrolled, to its end; the page never did and cannot; the slip column is whole on the screen. */
async function expectOneScroll(page: Page, frame: FrameLocator): Promise<void> {
  const start = await scrolls(page);
  expect(start.frameEnd).toBeGreaterThan(0);
  await wheelToTheEnd(page);
  await expect.poll(async () => ((now) => now.frameEnd - now.frame)(await scrolls(page))).toBe(0);
  expect((await scrolls(page)).page).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);

  const header = (await page.getByRole('banner').boundingBox())!;
  const footer = (await page.getByTestId('footer').boundingBox())!;
  // The footer is docked at the foot of the screen, under the frame, never over it.
  expect(footer.y + footer.height).toBeCloseTo(DESKTOP.height, 0);
  const iframe = (await page.locator('iframe[title="Sportsbook"]').boundingBox())!;
  expect(iframe.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  expect(iframe.y + iframe.height).toBeLessThanOrEqual(footer.y + 1);
  const slip = frame.getByRole('complementary', { name: /Bet Slip/ });
  await expect(slip.getByRole('button', { name: /^Place Bet/ })).toBeInViewport({ ratio: 1 });
  const title = (await slip.getByRole('heading', { name: /Bet Slip/ }).boundingBox())!;
  expect(title.y).toBeGreaterThanOrEqual(header.y + header.height);
}

test('on a desktop the frame is the only thing that scrolls, to the end of the list and of a match, with the slip column in view', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);
  const upcoming = frame.locator(LATER_MATCHES).first();
  await expect(upcoming).toBeVisible({ timeout: 20_000 });
  await upcoming.locator('.odds').first().click();
  await expectOneScroll(page, frame);

  await frame.locator(`${LATER_MATCHES} .event-row__match`).first().click();
  await expect(frame.getByRole('button', { name: 'All markets' })).toBeVisible();
  await expectOneScroll(page, frame);

  // The footer's links open upwards, in reach without a scroll: the frame gives way, the page still does not scroll.
  const footer = page.getByTestId('footer');
  await footer.getByRole('button', { name: 'Show links' }).click();
  await expect(footer.getByRole('button', { name: 'Terms & Conditions' })).toBeInViewport({ ratio: 1 });
  await expect(footer.getByRole('link', { name: /^Instagram/ })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await footer.getByRole('button', { name: 'Hide links' }).click();
  await expect(footer.getByRole('button', { name: 'Terms & Conditions' })).toBeHidden();
});

test('on a desktop Enter on a price takes the focus to its stake box; a mouse press, or a phone, keeps it on the price', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  const frame = sportsbook(page);
  const rows = frame.locator(LATER_MATCHES);
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  const slip = frame.getByRole('complementary', { name: /Bet Slip/ });
  /** The stake box of the single on this row's match (the slip names the match "Home v Away"). */
  const stakeOf = async (row: number) => {
    const [home, away] = await rows.nth(row).locator('.event-row__team').allTextContents();
    return slip.locator('.slip-row', { hasText: `${home} v ${away}` }).getByRole('textbox');
  };

  // The keyboard: Enter on the first match's home price, and the new single's stake box has the focus.
  const byKeyboard = rows.nth(0).locator('.odds').first();
  await byKeyboard.focus();
  await page.keyboard.press('Enter');
  await expect(byKeyboard).toHaveAttribute('aria-pressed', 'true');
  const first = await stakeOf(0);
  await expect(first).toBeFocused();
  await page.keyboard.type('2');
  await expect(first).toHaveValue('2');

  // Space does the same.
  const bySpace = rows.nth(1).locator('.odds').first();
  await bySpace.focus();
  await page.keyboard.press('Space');
  await expect(bySpace).toHaveAttribute('aria-pressed', 'true');
  await expect(await stakeOf(1)).toBeFocused();

  // The mouse: the price keeps the focus, so more prices can be added.
  const byMouse = rows.nth(2).locator('.odds').first();
  await byMouse.click();
  await expect(await stakeOf(2)).toBeVisible();
  await expect(byMouse).toBeFocused();

  // A phone: its slip is a closed sheet, so the price keeps the focus.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(frame.getByRole('button', { name: /Bet Slip/ })).toBeVisible();
  const onPhone = rows.nth(3).locator('.odds').first();
  await onPhone.focus();
  await page.keyboard.press('Enter');
  await expect(onPhone).toHaveAttribute('aria-pressed', 'true');
  await expect(onPhone).toBeFocused();
});
