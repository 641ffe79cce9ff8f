import { reaction } from 'mobx';
import type { QueryClient } from '@tanstack/react-query';
import { createHttp, type Http } from '../api/http';
import { authApi, type AuthApi } from '../api/auth';
import type { AppStorage } from '../db/lazy';
import { SessionStore, type SignOutReason } from './SessionStore';
import { OverlayStore } from './OverlayStore';
import type { OverlayCatalog } from '../overlays/types';
import { BalanceStore, BALANCE_POLL_MS } from './BalanceStore';
import { LiveConnection, type SocketLike } from './LiveConnection';
import { NetworkStatus } from './NetworkStatus';
import { browserTimers, type Timers } from './timers';
import { contentApi } from '../api/content';
import { ContentStore } from '../features/legal/ContentStore';
import { limitsApi } from '../api/limits';
import { LimitsStore } from '../features/limits/LimitsStore';
import { LimitQuestionStore } from '../features/limits/LimitQuestionStore';
import { realityChecksApi } from '../api/reality-checks';
import { RealityCheckStore } from '../features/reality-checks/RealityCheckStore';
import { InstallPrompt } from '../app/pwa/InstallPrompt';
import { takeEarlyInstallOffer } from '../app/pwa/earlyInstallOffer';
import { UpdateStore } from '../app/pwa/UpdateStore';
import { clearUserStorage, type StorageAreas } from '../app/pwa/clearUserStorage';
import { ExchangeAccess } from '../features/exchange/ExchangeAccess';
import { registrationApi } from '../api/registration';
import { FirstScreen } from './FirstScreen';
import { pageMeta } from '../app/pageMeta';
import { EXCHANGE_IN_BROWSER_META } from '../contract/host-page';
import { whenIdle, type IdleScheduler } from '../features/legal/idle';

export interface RootDeps {
  db: AppStorage;
  queryClient: QueryClient;
  /** Every drawer and modal the app can open (the registry; handed in so the stores never import the overlays). */
  overlayCatalog: OverlayCatalog;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  timers?: Timers;
  /** Idle time for background work; requestIdleCallback unless given (tests run it at once). */
  whenIdle?: IdleScheduler;
  now?: () => number;
  fetch?: typeof fetch;
  createSocket?: (url: string) => SocketLike;
  alert?: (message: string) => void;
  origin?: string;
  /** Web storage and Cache Storage wiped of the customer's data at logout. */
  userStorage?: StorageAreas;
  /** Running as the installed app; read from display-mode unless given (tests emulate it). */
  standalone?: boolean;
}

/** Builds every store once and wires them: the session drives the balance, the live connection and the caches. */
export class RootStore {
  readonly http: Http;
  readonly api: AuthApi;
  readonly session: SessionStore;
  readonly overlays: OverlayStore;
  readonly balance: BalanceStore;
  readonly live: LiveConnection;
  readonly network: NetworkStatus;
  readonly db: AppStorage;
  readonly queryClient: QueryClient;
  readonly content: ContentStore;
  readonly limits: LimitsStore;
  readonly limitQuestion: LimitQuestionStore;
  readonly realityChecks: RealityCheckStore;
  /** The browser's alert, or the test's. */
  readonly alert: (message: string) => void;
  readonly install: InstallPrompt;
  readonly exchange: ExchangeAccess;
  readonly firstScreen: FirstScreen;
  readonly update = new UpdateStore();
  private readonly userStorage: StorageAreas;
  private pollTimer: unknown = undefined;
  private readonly timers: Timers;
  private readonly disposers: Array<() => void> = [];

  constructor(deps: RootDeps) {
    const timers = (this.timers = deps.timers ?? browserTimers);
    const now = deps.now ?? Date.now;
    this.firstScreen = new FirstScreen(timers, deps.whenIdle ?? whenIdle);
    const origin = deps.origin ?? globalThis.location?.origin ?? 'http://localhost';
    this.overlays = new OverlayStore(deps.overlayCatalog);
    this.db = deps.db;
    this.queryClient = deps.queryClient;
    this.network = new NetworkStatus();
    this.http = createHttp({
      baseUrl: origin,
      fetch: deps.fetch,
      getCredentials: () => this.session.credentials,
      onAuthFailure: (status) => this.session.handleAuthFailure(status),
    });
    this.api = authApi(this.http);
    this.content = new ContentStore({ api: contentApi(this.http), cache: this.db.documents, now });
    this.limits = new LimitsStore({
      api: limitsApi(this.http),
      now,
      userId: () => this.session.user?.id,
      userError: () => this.session.userError,
    });
    this.limitQuestion = new LimitQuestionStore({ api: limitsApi(this.http) });
    this.realityChecks = new RealityCheckStore({ api: realityChecksApi(this.http), timers });
    const standalone = deps.standalone ?? globalThis.matchMedia?.('(display-mode: standalone)').matches ?? false;
    this.install = new InstallPrompt({
      target: globalThis.window,
      earlyOffer: takeEarlyInstallOffer(globalThis.window),
      userAgent: globalThis.navigator?.userAgent ?? '',
      standalone,
    });
    const exchangeInPage = globalThis.document ? pageMeta(EXCHANGE_IN_BROWSER_META) : null;
    this.exchange = new ExchangeAccess({
      standalone,
      inBrowserAtBuild: import.meta.env.VITE_EXCHANGE_IN_BROWSER === 'true',
      inBrowserInPage: exchangeInPage === null ? undefined : exchangeInPage === 'true',
      inBrowserFromServer: async () => (await registrationApi(this.http).config()).exchangeInBrowser,
      location: globalThis.location,
      history: globalThis.history,
      target: globalThis.window,
    });
    this.userStorage = deps.userStorage ?? {
      local: globalThis.localStorage,
      session: globalThis.sessionStorage,
      caches: globalThis.caches,
    };
    this.session = new SessionStore({
      api: this.api,
      storage: deps.storage ?? globalThis.sessionStorage,
      now,
      timers,
      alert: (this.alert = deps.alert ?? ((message) => globalThis.alert(message))),
      onSignedIn: () => this.live.openSoon(),
      onSignedOut: (reason) => void this.afterSignOut(reason),
    });
    this.balance = new BalanceStore({
      fetchBalance: () => this.api.balance(),
      now,
      cache: {
        load: (userId) => this.db.lastBalance.get(userId),
        save: async (userId, balance, currency) => {
          await this.db.lastBalance.put({ userId, balance, currency, savedAt: now() });
        },
      },
    });
    const wsOrigin = origin.replace(/^http/, 'ws');
    this.live = new LiveConnection({
      timers,
      createSocket: deps.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike),
      url: `${wsOrigin}/wws`,
      token: () => this.session.token?.accessToken,
      onMessage: (message) => {
        if (message.type === 'updateBalance') this.balance.set(message.data.balance);
        if (message.type === 'userSuspension') this.session.signOut('accountSuspended');
      },
    });

    // The balance is fetched whenever the token changes.
    this.disposers.push(
      reaction(
        () => this.session.tokenVersion,
        () => {
          if (this.session.isLoggedIn) void this.balance.fetch();
        },
      ),
      // Pushes sent while the connection was down are lost; one read when it opens catches up.
      reaction(
        () => this.live.state === 'connected',
        (connected) => {
          if (connected && this.session.isLoggedIn) void this.balance.fetch();
        },
      ),
      reaction(
        () => (this.session.isLoggedIn ? this.session.userId : null),
        (userId) => this.balance.forUser(userId),
        { fireImmediately: true },
      ),
      // Signed in (or the app reloaded signed in): the limit review and this session's reality checks, from the server.
      reaction(
        () => (this.session.isLoggedIn ? this.session.userId : null),
        (userId) => {
          if (userId === null) return;
          void this.limitQuestion.load();
          void this.realityChecks.start();
        },
        { fireImmediately: true },
      ),
      // Offline the header shows the last balance this device saw, marked as such; back online it is fetched afresh.
      reaction(
        () => this.network.online,
        (online) => {
          if (!this.session.isLoggedIn) return;
          void (online ? this.balance.fetch() : this.balance.showLastKnown());
        },
      ),
      // While logged in and the live connection is down, poll every 30 seconds.
      reaction(
        () => this.session.token !== null && this.live.state !== 'connected',
        (shouldPoll) => this.setPolling(shouldPoll),
        { fireImmediately: true },
      ),
    );
  }

  async start(): Promise<void> {
    try {
      await this.session.restore();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    }
  }

  private setPolling(on: boolean): void {
    if (this.pollTimer !== undefined) this.timers.clearInterval(this.pollTimer);
    this.pollTimer = on ? this.timers.setInterval(() => void this.balance.fetch(), BALANCE_POLL_MS) : undefined;
  }

  private async afterSignOut(reason: SignOutReason): Promise<void> {
    this.live.close();
    this.balance.reset();
    this.limits.reset();
    this.limitQuestion.reset();
    this.realityChecks.reset();
    this.overlays.closeAll();
    this.queryClient.clear();
    if (reason === 'accountSuspended') this.overlays.open('account-suspended');
    await Promise.all([this.db.clearUserData(), clearUserStorage(this.userStorage)]);
  }

  dispose(): void {
    this.disposers.forEach((dispose) => dispose());
    this.setPolling(false);
    this.session.dispose();
    this.live.close();
    this.network.dispose();
    this.install.dispose();
    this.exchange.dispose();
    this.realityChecks.reset();
  }
}
