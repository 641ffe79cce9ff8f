import { Observable } from '../../ui/frame/Observable';
import { isFrameRoute } from '../../contract/bridge';

export type Route = { name: 'home' } | { name: 'event'; eventId: string } | { name: 'bets' };

export function parseRoute(path: string): Route {
  const event = /^\/event\/([A-Za-z0-9._:~-]{1,120})$/.exec(path);
  if (event) return { name: 'event', eventId: event[1]! };
  if (path === '/bets') return { name: 'bets' };
  return { name: 'home' };
}

/** The frame's three pages in its own history; every move is reported so the host's address can deep-link it. */
export class RouterStore extends Observable {
  path: string;

  constructor(
    initial: string,
    private readonly history: Pick<History, 'pushState' | 'replaceState'>,
    private readonly onRoute: (path: string) => void,
  ) {
    super();
    this.path = isFrameRoute(initial) ? initial : '/';
  }

  get route(): Route {
    return parseRoute(this.path);
  }

  go(path: string, { replace = false } = {}): void {
    if (!isFrameRoute(path) || path === this.path) return;
    this.path = path;
    (replace ? this.history.replaceState : this.history.pushState).call(this.history, null, '', path);
    this.onRoute(path);
    this.changed();
  }

  /** The browser's back and forward. */
  popped(path: string): void {
    this.path = isFrameRoute(path) ? path : '/';
    this.onRoute(this.path);
    this.changed();
  }
}
