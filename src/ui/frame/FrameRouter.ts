import { Observable } from './Observable';
import { isFrameRoute } from '../../contract/bridge';

/** A frame's pages in its own history; every move is reported so the host's address can deep-link it. */
export class FrameRouter<Route> extends Observable {
  path: string;

  constructor(
    initial: string,
    private readonly history: Pick<History, 'pushState' | 'replaceState'>,
    private readonly onRoute: (path: string) => void,
    private readonly parse: (path: string) => Route,
  ) {
    super();
    this.path = isFrameRoute(initial) ? initial : '/';
  }

  get route(): Route {
    return this.parse(this.path);
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
