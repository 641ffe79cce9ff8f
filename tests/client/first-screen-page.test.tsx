import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { StoreProvider } from '../../src/stores/context';
import { CookieConsentBar } from '../../src/features/shell/CookieConsentBar';
import { createTestRoot } from './support/fakes';
import { withFirstScreen } from '../../scripts/first-screen';
import { readConsent } from '../../src/features/shell/cookieConsent';
import { takeEarlyInstallOffer } from '../../src/app/pwa/earlyInstallOffer';
import { EARLY_FRAME, takeEarlyFrame, type EarlyFrame } from '../../src/features/embed/earlyFrame';
import { SPORTSBOOK_URL_META } from '../../src/contract/host-page';
import { TOKEN_STORAGE_KEY } from '../../src/stores/tokenStorageKey';

/** The head and body the build gives the page before the first screen is added (Vite's tags, the preloads' plugin). */
const BUILT_PAGE = `<!doctype html>
<html lang="en-GB">
  <head>
    <link rel="icon" href="/icons/icon-192.png" type="image/png" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <title>ExSport</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
    <link rel="modulepreload" crossorigin href="/assets/SportsbookFrame-abc.js">
    <link rel="preload" as="style" crossorigin href="/assets/EmbeddedFrame-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const STYLESHEET = '.cookie-bar{position:fixed}';
const built = () => withFirstScreen(BUILT_PAGE, (href) => (href === '/assets/index-abc.css' ? STYLESHEET : ''));

type PaintName = 'first-paint' | 'first-contentful-paint';
type PaintListener = (list: { getEntries: () => Array<{ name: PaintName }> }) => void;

/** A browser that reports paints when told: its first text unless told it painted the background alone. */
function paintTiming() {
  const observers: PaintListener[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(private readonly notify: PaintListener) {}
      observe() {
        observers.push(this.notify);
      }
      disconnect() {
        observers.splice(observers.indexOf(this.notify), 1);
      }
    },
  );
  return {
    paint: (name: PaintName = 'first-contentful-paint') =>
      [...observers].forEach((notify) => notify({ getEntries: () => [{ name }] })),
  };
}

const BOOK = 'http://sportsbook.test/';

/** Loads the built page's body as the browser would parse it, running its inline start as written in the page. */
function openPage(options: { frameUrl?: string } = {}) {
  const page = built();
  // The PAM writes the signed-out frame's address into the head as it serves the page.
  document.head.innerHTML = options.frameUrl
    ? `<meta name="${SPORTSBOOK_URL_META}" content="${options.frameUrl}">`
    : '';
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(page)![1]!;
  const start = document.body.querySelector('script:not([src])')!;
  // The build inlines the function's source: the test runs that text, not the import, to prove it stands alone.
  // oxlint-disable-next-line typescript/no-implied-eval -- running the page's own text is the point
  new Function(start.textContent!)();
}

const asked = () =>
  [...document.head.querySelectorAll('script, link')].map((element) => [
    element instanceof HTMLScriptElement ? `script ${element.type}` : `${element.getAttribute('rel')}`,
    element.getAttribute('src') ?? element.getAttribute('href'),
    element.getAttribute('crossorigin'),
  ]);
const bar = () => document.querySelector('[data-first-screen] .cookie-bar');

describe("the page's first screen, built", () => {
  it("inlines the app's stylesheet and takes its script and preloads out of the head, for the start to ask for", () => {
    const page = built();
    const head = /<head>([\s\S]*)<\/head>/.exec(page)![1]!;
    expect(head).toContain(`<style>${STYLESHEET}</style>`);
    expect(head).not.toMatch(/assets\/(index|jsx-runtime|SportsbookFrame|EmbeddedFrame)-abc/);
    expect(head).toContain('<link rel="icon" href="/icons/icon-192.png" type="image/png" />');
    expect(head).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });

  it("draws the app's own consent bar inside the app's root, where the app's first render replaces it", () => {
    const page = built();
    expect(page).toMatch(/<div id="root"><div class="app" data-first-screen><div class="cookie-overlay"/);
    expect(page).toContain('<p class="cookie-bar__text">We use cookies to keep you signed in');
    expect(page).toContain('data-consent="true">Accept</button>');
  });

  it('refuses a page it cannot start, and a stylesheet that would end its element', () => {
    expect(() => withFirstScreen(BUILT_PAGE.replace(/<script[^>]*><\/script>/, ''), () => '')).toThrow(
      /no module script/,
    );
    expect(() => withFirstScreen(BUILT_PAGE, () => 'a::after{content:"</style>"}')).toThrow(/cannot be inlined/);
  });
});

describe("the page's inline start", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.cookie = 'cookieConsent=; Max-Age=0; Path=/';
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('shows a first visit the consent bar, and asks for the app only once the browser reports its paint', () => {
    const browser = paintTiming();
    openPage();
    expect(bar()).not.toBeNull();
    expect(asked()).toEqual([]);

    browser.paint();
    expect(asked()).toEqual([
      ['script module', '/assets/index-abc.js', ''],
      ['modulepreload', '/assets/jsx-runtime-abc.js', ''],
      ['modulepreload', '/assets/SportsbookFrame-abc.js', ''],
      ['preload', '/assets/EmbeddedFrame-abc.css', ''],
    ]);
    browser.paint();
    expect(asked()).toHaveLength(4);
  });

  it('waits for the paint of the first text: a first paint of the background alone does not ask for the app', () => {
    const browser = paintTiming();
    openPage();
    browser.paint('first-paint');
    expect(asked()).toEqual([]);
    browser.paint('first-contentful-paint');
    expect(asked()).toHaveLength(4);
  });

  it('draws no bar for a visitor who has answered, and asks for the app at once', () => {
    paintTiming();
    document.cookie = 'cookieConsent=false; Path=/';
    openPage();
    expect(bar()).toBeNull();
    expect(asked()[0]).toEqual(['script module', '/assets/index-abc.js', '']);
  });

  it('leaves its bar out when the service worker is in control, and asks for the app at once', () => {
    paintTiming();
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    try {
      openPage();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
    expect(bar()).toBeNull();
    expect(asked()).toHaveLength(4);
  });

  it("answers the bar's buttons before the app runs, as the app would: the cookie is set and the bar goes", () => {
    const browser = paintTiming();
    openPage();
    document.querySelector<HTMLButtonElement>('[data-first-screen] [data-consent="true"]')!.click();
    expect(readConsent(document.cookie)).toBe(true);
    expect(bar()).toBeNull();
    browser.paint();
    expect(asked()).toHaveLength(4);
  });

  it('keeps an install offer the browser makes before the app runs, for the app to take', () => {
    paintTiming();
    openPage();
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    window.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(takeEarlyInstallOffer(window)).toBe(offer);
  });

  it('starts the app after a second when the browser reports no paint', () => {
    paintTiming();
    openPage();
    vi.advanceTimersByTime(999);
    expect(asked()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(asked()).toHaveLength(4);
  });

  it('starts the app at once in a tab opened in the background, which paints nothing', () => {
    paintTiming();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    openPage();
    expect(bar()).not.toBeNull();
    expect(asked()).toHaveLength(4);
  });

  describe('the sportsbook frame it opens beside the app', () => {
    const frames = () => [...document.querySelectorAll('iframe')];
    beforeEach(() => {
      // jsdom cannot move a frame; Chromium 133 and Firefox 144 can, and only then does the page open one early.
      Object.defineProperty(Element.prototype, 'moveBefore', { value: () => undefined, configurable: true });
    });
    afterEach(() => {
      Reflect.deleteProperty(Element.prototype, 'moveBefore');
      Reflect.deleteProperty(window, EARLY_FRAME);
      window.sessionStorage.clear();
      window.history.replaceState(null, '', '/');
    });

    it('opens the address the page names with the app, hidden and outside the root the app renders into', () => {
      const browser = paintTiming();
      openPage({ frameUrl: BOOK });
      expect(frames()).toEqual([]);

      browser.paint();
      const [frame] = frames();
      expect(frame!.getAttribute('src')).toBe(BOOK);
      expect(frame!.parentElement).toBe(document.body);
      expect(frame!.style.visibility).toBe('hidden');
      expect(frame!.style.position).toBe('absolute');
      expect(frame!.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
      expect(takeEarlyFrame(BOOK)?.frame).toBe(frame);
      expect(takeEarlyFrame('http://sportsbook.test/event/ev-1')).toBeNull();
    });

    it('keeps what the frame says before the app listens, and nothing from another window, until the app takes it', () => {
      const browser = paintTiming();
      openPage({ frameUrl: BOOK });
      browser.paint();
      const early = (window as unknown as Record<string, EarlyFrame>)[EARLY_FRAME]!;
      const say = (source: Window | null, type: string) =>
        window.dispatchEvent(new MessageEvent('message', { data: { type }, origin: 'http://sportsbook.test', source }));
      say(early.frame.contentWindow, 'ready');
      say(window, 'login-requested');
      say(early.frame.contentWindow, 'route');
      expect(early.takeMessages().map((event) => event.data.type)).toEqual(['ready', 'route']);
      say(early.frame.contentWindow, 'bets-changed');
      expect(early.takeMessages()).toEqual([]);
    });

    it.each([
      [
        'a visitor with a session, whom the app launches signed in',
        () => sessionStorage.setItem(TOKEN_STORAGE_KEY, '{}'),
      ],
      ['a deep link into the frame', () => window.history.replaceState(null, '', '/?sb=/event/ev-1')],
      ['another page of the app', () => window.history.replaceState(null, '', '/exchange')],
      [
        'a browser that cannot move a frame without reloading it',
        () => Reflect.deleteProperty(Element.prototype, 'moveBefore'),
      ],
    ])('opens no frame for %s', (_case, arrange) => {
      arrange();
      const browser = paintTiming();
      openPage({ frameUrl: BOOK });
      browser.paint();
      expect(asked()).toHaveLength(4);
      expect(frames()).toEqual([]);
    });

    it("opens none from a page without the frame's address (the service worker's copy) or with one not on the web", () => {
      for (const frameUrl of [undefined, 'javascript:alert(1)']) {
        const browser = paintTiming();
        openPage({ frameUrl });
        browser.paint();
        expect(asked()).toHaveLength(4);
        expect(frames()).toEqual([]);
        vi.unstubAllGlobals();
      }
    });
  });
});

/** The app's bar rendered into the page's root, as its first render is: that commit replaces the page's bar. */
function renderAppBarOverThePage() {
  const { root } = createTestRoot();
  render(
    <StoreProvider store={root}>
      <CookieConsentBar />
    </StoreProvider>,
    { container: document.getElementById('root')! },
  );
}

describe("the app's first render taking the page's bar over", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it.each([
    ['Accept', '[data-consent="true"]'],
    ['Decline', '[data-consent="false"]'],
    ['Learn more', 'a'],
  ])("gives the keyboard's focus on the page's %s to the app's", (name, control) => {
    paintTiming();
    openPage();
    document.querySelector<HTMLElement>(`[data-first-screen] ${control}`)!.focus();
    renderAppBarOverThePage();
    expect(document.querySelector('[data-first-screen]')).toBeNull();
    expect(document.activeElement?.textContent).toBe(name);
    expect(document.activeElement?.closest('[data-testid="cookie-bar"]')).not.toBeNull();
  });

  it("leaves the focus alone when it was not in the page's bar", () => {
    paintTiming();
    openPage();
    renderAppBarOverThePage();
    expect(document.activeElement).toBe(document.body);
  });
});
