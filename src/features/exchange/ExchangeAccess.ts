import { makeAutoObservable, runInAction } from 'mobx';

const EXCHANGE_PATH = '/exchange';

export interface ExchangeAccessDeps {
  /** Running as the installed app (display-mode standalone). */
  standalone: boolean;
  /** Build-time VITE_EXCHANGE_IN_BROWSER=true: an operator shows the exchange in a browser tab too. */
  inBrowserAtBuild: boolean;
  /** The server's EXCHANGE_IN_BROWSER as the page was told it (undefined in the service worker's copy of the page). */
  inBrowserInPage?: boolean;
  /** The same from GET /api/config (absent on a server that does not say), asked when the page does not say. */
  inBrowserFromServer: () => Promise<boolean | undefined>;
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  history: Pick<History, 'pushState' | 'replaceState'>;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Where Social betting goes. The specification keeps peer-to-peer betting out of the browser tab (the download-app
 * modal); the installed app is the app, so there, or when the operator allows it, it opens the exchange at /exchange.
 */
export class ExchangeAccess {
  path: string;
  private inBrowser: boolean;
  private readonly onPopState = () => runInAction(() => (this.path = this.deps.location.pathname));

  constructor(private readonly deps: ExchangeAccessDeps) {
    this.path = deps.location.pathname;
    this.inBrowser = (deps.inBrowserInPage ?? false) || deps.inBrowserAtBuild;
    makeAutoObservable<ExchangeAccess, 'deps' | 'onPopState'>(this, { deps: false, onPopState: false });
    deps.target?.addEventListener('popstate', this.onPopState);
  }

  /**
   * Asks, unless the page said, once the page can spare it: at /exchange at once (the page shows the exchange or not by it); anywhere else
   * as background work (the first screen up, then idle time), so its request and the zod it parses with stay off
   * `/`'s first load (docs/sportsbook.md, "The first load"). Social betting pressed before then opens the modal, the
   * build's setting.
   */
  loadConfigWhenNeeded(inBackground: (task: () => void) => void): void {
    if (this.deps.inBrowserInPage !== undefined) return;
    if (this.path === EXCHANGE_PATH) void this.loadConfig();
    else inBackground(() => void this.loadConfig());
  }

  /** Asks the server once whether the exchange is shown in browser tabs. */
  async loadConfig(): Promise<void> {
    try {
      const allowed = await this.deps.inBrowserFromServer();
      if (allowed !== undefined) runInAction(() => (this.inBrowser = allowed || this.deps.inBrowserAtBuild));
    } catch {
      // The build's setting stands; the modal is the safe answer.
    }
  }

  get available(): boolean {
    return this.deps.standalone || this.inBrowser;
  }

  /** The host page shows the exchange instead of the sportsbook. */
  get showing(): boolean {
    return this.path === EXCHANGE_PATH && this.available;
  }

  /** Social betting pressed: the exchange where it is available, else false (the caller shows the modal). */
  open(): boolean {
    if (!this.available) return false;
    if (this.path !== EXCHANGE_PATH) this.deps.history.pushState(null, '', EXCHANGE_PATH);
    this.path = EXCHANGE_PATH;
    return true;
  }

  /** Back to the sportsbook at /. */
  leave(): void {
    if (this.path === '/') return;
    this.deps.history.pushState(null, '', '/');
    this.path = '/';
  }

  dispose(): void {
    this.deps.target?.removeEventListener('popstate', this.onPopState);
  }
}
