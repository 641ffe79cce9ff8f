import { isFrameRoute } from '../../contract/bridge';
import { FrameSession } from './FrameSession';

/** The path a frame opens on: `?route=` from the launch URL, else its own path. */
export function initialRoute(location: Pick<Location, 'pathname' | 'search'>): string {
  const route = new URLSearchParams(location.search).get('route');
  if (route && isFrameRoute(route)) return route;
  return isFrameRoute(location.pathname) ? location.pathname : '/';
}

export interface FrameLaunchDeps {
  window: Pick<Window, 'location' | 'history' | 'addEventListener'>;
  router: { readonly path: string; go(path: string): void; popped(path: string): void };
  session: Pick<FrameSession, 'launch'>;
  /** After a launch URL from the host, signed in or not: the frame's own stores follow the session. */
  afterLaunch: () => void | Promise<void>;
}

/**
 * How a frame takes its launch URL, which the host sends (or puts in the address) with a one-time token in its
 * fragment and the page to open in `?route=`; the same for every embedded service.
 */
export function frameLaunch({ window: win, router, session, afterLaunch }: FrameLaunchDeps) {
  const location = win.location;

  async function launch(url: string): Promise<void> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return;
    }
    if (target.origin !== location.origin) return;
    const token = FrameSession.launchTokenFrom(target.hash);
    if (token) await session.launch(token);
    await afterLaunch();
    const route = initialRoute(target);
    if (route !== '/') router.go(route);
  }

  /** At start: takes a launch token out of the address and follows the browser's history; true if there was one. */
  async function start(): Promise<boolean> {
    const token = FrameSession.launchTokenFrom(location.hash);
    if (token) {
      // The token is single use: out of the address before anything else can read or bookmark it.
      win.history.replaceState(null, '', router.path);
      await session.launch(token);
    } else if (location.pathname !== router.path || location.search) win.history.replaceState(null, '', router.path);
    win.addEventListener('popstate', () => router.popped(location.pathname));
    win.addEventListener('hashchange', () => {
      if (!FrameSession.launchTokenFrom(location.hash)) return;
      const href = location.href;
      win.history.replaceState(null, '', `${location.pathname}${location.search}`);
      void launch(href);
    });
    return token !== null;
  }

  return { launch, start };
}
