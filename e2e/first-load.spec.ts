import { expect, type Frame, type Page } from '@playwright/test';
import { appStarted, test } from './support/fixtures';
import { waitForServiceWorker } from './support/pwa';

/**
 * Issue 26: the first load of `/` on a phone (Lighthouse's mobile screen) moves nothing in sight, in the host page or
 * in the sportsbook frame, while the frame's first lists are still on their way (cumulative layout shift <= 0.02).
 */

const MOBILE = { width: 412, height: 823 };

declare global {
  interface Window {
    layoutShift?: number;
  }
}

/** Sums the page's layout shifts not caused by input, as CLS counts them, from its very first paint. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) window.layoutShift! += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function sportsbookFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator('iframe[title="Sportsbook"]').elementHandle())!.contentFrame();
  expect(frame).not.toBeNull();
  return frame!;
}

test('on a phone nothing moves in sight while the sportsbook frame waits for its first lists', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await recordLayoutShifts(page);
  // The frame's page for `/` carries its first lists (docs/sportsbook.md, "The first load") and draws the later ones
  // just after; were the lists fetched (a page without them), they would arrive only once the frame had painted.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/events\?status=/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/');
  const frameLocator = page.frameLocator('iframe[title="Sportsbook"]');
  await expect(frameLocator.getByRole('navigation', { name: 'Sportsbook' })).toBeVisible({ timeout: 20_000 });
  release();
  await expect(frameLocator.locator('.event-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(frameLocator.locator('.odds').first()).toBeVisible();

  const frame = await sportsbookFrame(page);
  // One more frame painted, so the last change's shift (if any) has been reported.
  const settled = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await frame.evaluate(settled);
  expect(await frame.evaluate(() => window.layoutShift)).toBeLessThanOrEqual(0.02);
  expect(await page.evaluate(() => window.layoutShift)).toBeLessThanOrEqual(0.02);
});

test('a signed-out `/` opens the sportsbook at the address in its page, with no launch or settings request', async ({
  page,
}) => {
  const launches: string[] = [];
  page.on('request', (request) => {
    if (['/games/iqs', '/api/config'].includes(new URL(request.url()).pathname)) launches.push(request.url());
  });
  const documentsSaved = page.waitForResponse((response) => new URL(response.url()).pathname === '/content');
  await page.goto('/');
  const frameLocator = page.frameLocator('iframe[title="Sportsbook"]');
  await expect(frameLocator.locator('.odds').first()).toBeVisible({ timeout: 20_000 });
  // The frame's host code downloads with the first script (scripts/preload-lazy-chunk.ts).
  await expect(page.locator('link[rel="modulepreload"][href*="SportsbookFrame"]')).toHaveCount(1);
  const named = await page.locator('meta[name="sportsbook-url"]').getAttribute('content');
  expect(await page.locator('iframe[title="Sportsbook"]').getAttribute('src')).toBe(named);
  // The page's background work (the rules saved for offline) has had its turn: still no settings asked.
  await documentsSaved;
  expect(launches).toEqual([]);
});

test('a first visit paints in the system font and asks for no web font; a visit the service worker serves has Inter', async ({
  page,
}) => {
  const interOnPage = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      return {
        marked: document.documentElement.dataset.webFont ?? null,
        body: getComputedStyle(document.body).fontFamily.split(',')[0],
        loaded: [...document.fonts].some((face) => face.family.includes('Inter') && face.status === 'loaded'),
      };
    });
  const fontsAsked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontsAsked.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByTestId('cookie-bar')).toBeVisible();
  expect(await interOnPage()).toEqual({ marked: null, body: 'system-ui', loaded: false });
  expect(fontsAsked).toEqual([]);

  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.getByTestId('cookie-bar')).toBeVisible();
  // The app marks the font as it starts; the page's first screen, painted before, is in the system font.
  await appStarted(page);
  expect(await interOnPage()).toEqual({ marked: 'inter', body: '"Inter Variable"', loaded: true });
});

test("a cold `/` asks for nothing off its first paint's path before it: the saved answers' code after the first text, the worker after the frame's first screen", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.frameLocator('iframe[title="Sportsbook"]').locator('.odds').first()).toBeVisible({
    timeout: 20_000,
  });
  const started = () =>
    page.evaluate(() => {
      const at = (part: string) =>
        performance.getEntriesByType('resource').find((entry) => entry.name.includes(part))?.startTime ?? null;
      return {
        firstText: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        savedAnswers: at('/persistPublicQueries-'),
        worker: at('/workbox-window'),
      };
    });
  // The frame's first screen is up, and the worker waits a settling time after it (src/stores/FirstScreen.ts).
  expect((await started()).worker).toBeNull();
  // A resource is listed only once it has arrived, which may be after the first price now that the page opens the
  // frame before the app runs: wait for it, then compare when it was asked for.
  await expect.poll(async () => (await started()).savedAnswers, { timeout: 10_000 }).not.toBeNull();
  const timings = await started();
  expect(timings.firstText).not.toBeNull();
  expect(timings.savedAnswers).toBeGreaterThan(timings.firstText!);
  await waitForServiceWorker(page);
});

test("a cold `/` paints its consent bar from the page itself, asks for the app's script only after that paint, and the app takes the bar over", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.addInitScript(() => {
    (window as { largestPaints?: Array<{ at: number; text: string }> }).largestPaints = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>)
        (window as unknown as { largestPaints: Array<{ at: number; text: string }> }).largestPaints.push({
          at: entry.startTime,
          text: entry.element?.className ?? '(removed)',
        });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto('/');
  await expect(page.frameLocator('iframe[title="Sportsbook"]').locator('.odds').first()).toBeVisible({
    timeout: 20_000,
  });
  const timings = await page.evaluate(() => ({
    firstText: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    appScript: performance.getEntriesByType('resource').find((entry) => /\/assets\/index-[^/]*\.js$/.test(entry.name))
      ?.startTime,
    largest: (window as unknown as { largestPaints: Array<{ at: number; text: string }> }).largestPaints,
  }));
  expect(timings.appScript).toBeGreaterThan(timings.firstText);
  // The largest paint is the page's own bar text, at the first paint: the app's copy of it is no larger.
  expect(timings.largest).toEqual([{ at: timings.firstText, text: 'cookie-bar__text' }]);
  // The app's own bar, working: the page's copy has gone.
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByTestId('cookie-bar')).toBeHidden();
  await expect(page.locator('[data-first-screen]')).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('a visitor who has answered the cookie question never sees the bar, not for one frame', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('cookie-bar').getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByTestId('cookie-bar')).toBeHidden();
  // Looks before every frame the page paints, from the first.
  await page.addInitScript(() => {
    const page = window as { barSeen?: boolean };
    page.barSeen = false;
    const look = () => {
      if (document.querySelector('.cookie-bar')) page.barSeen = true;
      if (performance.now() < 10_000) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.reload();
  await expect(page.frameLocator('iframe[title="Sportsbook"]').locator('.odds').first()).toBeVisible({
    timeout: 20_000,
  });
  expect(await page.evaluate(() => (window as { barSeen?: boolean }).barSeen)).toBe(false);
});

test("a cold `/` opens the sportsbook frame beside the app's script, and the app shows that frame, not a second one", async ({
  page,
}) => {
  const named = new URL(
    (await (await page.request.get('/')).text()).match(/name="sportsbook-url" content="([^"]+)"/)![1]!,
  );
  const frameDocuments: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && new URL(request.url()).origin === named.origin)
      frameDocuments.push(request.url());
  });
  // The app's script held back: the frame's page is asked for without waiting for it.
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.frameLocator('iframe[title="Sportsbook"]').locator('.odds').first()).toBeVisible({
    timeout: 20_000,
  });
  // The page's frame, moved into the app's box with its document kept: one frame, loaded once.
  await expect(page.locator('iframe')).toHaveCount(1);
  await expect(page.locator('.sportsbook-frame .sportsbook-frame__slot > iframe[title="Sportsbook"]')).toHaveCount(1);
  expect(frameDocuments).toEqual([named.href]);
  const frame = await sportsbookFrame(page);
  const frameStarted = await frame.evaluate(() => performance.timeOrigin);
  const appScriptArrived = await page.evaluate(() => {
    const script = performance
      .getEntriesByType('resource')
      .find((entry) => /\/assets\/index-[^/]*\.js$/.test(entry.name));
    return performance.timeOrigin + (script as PerformanceResourceTiming).responseEnd;
  });
  expect(frameStarted).toBeLessThan(appScriptArrived);
  // Shown as a frame the app rendered is: its hiding style went with the move.
  await expect(page.locator('iframe[title="Sportsbook"]')).toBeVisible();
  await expect(page.locator('iframe[title="Sportsbook"]')).toHaveCSS('visibility', 'visible');
});

test("the page carries no form styles, and the first drawer with a form brings them: Login's fields are drawn as fields", async ({
  page,
}) => {
  await page.goto('/');
  await appStarted(page);
  const pageStyles = await page.evaluate(() =>
    [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join(''),
  );
  expect(pageStyles).toContain('.cookie-bar');
  expect(pageStyles).not.toContain('.field__input');

  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const email = page.getByRole('dialog', { name: 'Login' }).getByLabel('Email');
  await expect(email).toBeVisible();
  // src/ui/design/forms.css: a 1 px border and the controls' height, where an unstyled input has 2 px and no minimum.
  const drawn = await email.evaluate((input) => {
    const style = getComputedStyle(input);
    return { border: style.borderTopWidth, minHeight: style.minHeight };
  });
  expect(drawn).toEqual({ border: '1px', minHeight: '44px' });
});
