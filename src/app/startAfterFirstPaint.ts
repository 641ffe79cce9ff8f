import type { EarlyFrame, EarlyFrameStart } from '../features/embed/earlyFrame';

/** What the build tells the page's inline start (scripts/first-screen.ts). */
export interface FirstScreenStart {
  /** The app's first script and what the build preloads beside it, in the page's order. */
  resources: Array<{ rel: 'script' | 'modulepreload' | 'preload-style'; href: string }>;
  /** The source of CONSENT_ANSWER (src/features/shell/cookieConsent.ts): a visitor who has answered gets no bar. */
  consentAnswer: string;
  /** The cookie each answer sets, over http and over https. */
  consentCookies: Record<'true' | 'false', { http: string; https: string }>;
  /** The window property the browser's install offer is kept in until the app takes it (EARLY_INSTALL_OFFER). */
  installOfferKey: string;
  /** How long the app waits for a paint the browser may never report (a tab opened in the background). */
  ceilingMs: number;
  /** The sportsbook frame opened beside the app's script, for the app to move into place (earlyFrame.ts). */
  earlyFrame: EarlyFrameStart;
}

/**
 * The page's inline start, run as the page is parsed, after the first screen's markup. The first screen (the consent
 * bar) paints from the page alone; the app's script is only asked for once the browser reports that paint, so its
 * bytes are not on the first paint's path (docs/benchmarks.md, "The first screen from the page"). The sportsbook frame
 * is opened with it, for the app to take (src/features/embed/earlyFrame.ts). Until the app replaces it, the bar's own
 * buttons answer it, and an install offer is kept for the app. The build inlines this function's source: it must use
 * nothing outside itself.
 */
export function startAfterFirstPaint(start: FirstScreenStart): void {
  // The browser may offer installation before the app runs; kept for it, as the app keeps its own later offers.
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    (window as unknown as Record<string, Event>)[start.installOfferKey] = event;
  });
  const screen = document.querySelector('[data-first-screen]');
  const answered = new RegExp(start.consentAnswer).test(document.cookie);
  // With the service worker in control the app's code is on the device: the app paints its own bar, in the web font
  // it uses then (src/app/webFont.ts), with no copy in the system font before it.
  const appOnDevice = Boolean(navigator.serviceWorker?.controller);
  if (screen && (answered || appOnDevice)) screen.remove();

  // Opened only where the app would open the same frame: a signed-out `/` with no deep link, in a browser that can move
  // a frame without reloading it. Hidden and out of the page's flow, so it neither paints nor moves anything.
  const openFrame = (wanted: EarlyFrameStart) => {
    if (!('moveBefore' in Element.prototype) || window.location.pathname !== '/') return;
    if (new URLSearchParams(window.location.search).has(wanted.routeParam)) return;
    try {
      if (window.sessionStorage.getItem(wanted.sessionKey) !== null) return;
    } catch {
      return;
    }
    const url = document.querySelector(`meta[name="${wanted.urlMeta}"]`)?.getAttribute('content');
    if (!url || !/^https?:\/\//.test(url)) return;
    const frame = document.createElement('iframe');
    frame.src = url;
    frame.setAttribute('allow', wanted.policy.allow);
    frame.setAttribute('referrerpolicy', wanted.policy.referrerPolicy);
    frame.style.cssText = 'position:absolute;top:0;left:0;width:100%;height:100vh;border:0;visibility:hidden';
    const messages: MessageEvent[] = [];
    const keep = (event: MessageEvent) => {
      if (event.source === frame.contentWindow) messages.push(event);
    };
    window.addEventListener('message', keep);
    const early: EarlyFrame = {
      frame,
      takeMessages: () => {
        window.removeEventListener('message', keep);
        return messages.splice(0);
      },
    };
    (window as unknown as Record<string, EarlyFrame>)[wanted.key] = early;
    document.body.appendChild(frame);
  };

  let started = false;
  const startApp = () => {
    if (started) return;
    started = true;
    for (const resource of start.resources) {
      if (resource.rel === 'script') {
        const script = document.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = resource.href;
        document.head.appendChild(script);
      } else {
        const link = document.createElement('link');
        link.rel = resource.rel === 'modulepreload' ? 'modulepreload' : 'preload';
        if (resource.rel === 'preload-style') link.as = 'style';
        link.crossOrigin = '';
        link.href = resource.href;
        document.head.appendChild(link);
      }
    }
    openFrame(start.earlyFrame);
  };

  if (!screen || !screen.isConnected) {
    startApp();
    return;
  }
  screen.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-consent]') : null;
    if (!(button instanceof HTMLElement)) return;
    const cookies = start.consentCookies[button.dataset.consent === 'true' ? 'true' : 'false'];
    document.cookie = window.location.protocol === 'https:' ? cookies.https : cookies.http;
    screen.remove();
  });
  if (document.visibilityState !== 'visible' || typeof PerformanceObserver === 'undefined') {
    startApp();
    return;
  }
  // The first paint may be the background alone, before the parser has reached the bar: the bar's is the first text.
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
    observer.disconnect();
    startApp();
  });
  try {
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    startApp();
  }
  setTimeout(startApp, start.ceilingMs);
}
