import { ApiError, NO_ANSWER, SportsbookApi } from '../services/api';
import { FrameHttp } from '../../ui/frame/FrameHttp';
import { lazyApi } from '../services/lazy-api';
import type { LaterApi } from '../services/later-api';
import { PriceSocket, type SocketLike } from '../services/PriceSocket';
import { FrameBridge, hostOriginOf, type FrameWindow } from '../../ui/frame/FrameBridge';
import { SessionStore } from '../stores/SessionStore';
import { CatalogStore } from '../stores/CatalogStore';
import { OutrightsGate } from '../stores/OutrightsGate';
import { SlipGate, type SlipCode } from '../stores/SlipGate';
import { PrefsStore } from '../stores/PrefsStore';
import { RouterStore } from '../stores/RouterStore';
import { NetworkStore } from '../../ui/frame/NetworkStore';
import { BetsGate, type BetsModule } from '../stores/BetsGate';
import type { StoreCode } from '../stores/LazyStore';
import type { ConfirmTimers } from '../stores/CashOutConfirmations';
import { FreeBetsStore } from '../stores/FreeBetsStore';
import type { HostToFrameMessage } from '../../contract/bridge';
import { FIRST_LISTS_ELEMENT_ID, type FirstLists } from '../../contract/sportsbook-page';
import { frameLaunch, initialRoute } from '../../ui/frame/FrameLaunch';

export interface SportsbookEnvironment {
  window: Window & FrameWindow;
  fetch?: typeof fetch;
  createSocket?: (url: string) => SocketLike;
  /** The frame's timers for what lapses on screen (cash out's confirmation); the window's unless given. */
  timers?: ConfirmTimers;
  /** The slip's code: loaded at its first use unless given (tests of the whole frame give it at once). */
  slipCode?: SlipCode;
  /** My Bets' store's code, the same way. */
  betsCode?: StoreCode<BetsModule>;
}

/** The lists the page came with (server/sportsbook/frame-page.ts), or null: then the home screen fetches them. */
function firstLists(document: Document): FirstLists | null {
  const block = document.getElementById(FIRST_LISTS_ELEMENT_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as FirstLists;
  } catch {
    return null;
  }
}

/** Builds and wires every store of the frame once. */
export function createSportsbook({
  window: win,
  fetch: fetchImpl,
  createSocket,
  timers,
  slipCode,
  betsCode,
}: SportsbookEnvironment) {
  const location = win.location;
  const network = new NetworkStore(win, win.navigator.onLine);
  const session: SessionStore = new SessionStore({
    api: () => api,
    storage: win.sessionStorage,
    onExpired: () => bridge.post({ type: 'session-expired' }),
  });
  const http = new FrameHttp({
    baseUrl: location.origin,
    fetch: fetchImpl?.bind(win) ?? win.fetch.bind(win),
    token: () => session.token,
    onSessionExpired: () => session.end(true),
    noAnswer: NO_ANSWER,
  });
  const api = new SportsbookApi(http);
  // Its code unreached (offline) is a call without an answer, as a fetch that failed.
  const later = lazyApi<LaterApi>(() =>
    import('../services/later-api').then(
      ({ LaterApi }) => new LaterApi(http),
      () => {
        throw new ApiError(0, NO_ANSWER);
      },
    ),
  );
  const laterApi = later.api;
  /** A store's code with the later calls' code alongside, so its first call does not wait for a second chunk. */
  const withLaterApi =
    <Module>(code: () => Promise<Module>) =>
    () =>
      Promise.all([code(), later.load().catch(() => undefined)]).then(([module]) => module);
  const catalog = new CatalogStore(api, firstLists(win.document));
  const outrights = new OutrightsGate(laterApi);
  /** A selection as the slip finds it: a league's outright's, or a match's. */
  const findSelection = (id: string) => outrights.findSelection(id) ?? catalog.findSelection(id);
  const prefs = new PrefsStore(win.localStorage, (format) => bridge.post({ type: 'odds-format', format }));
  const bets = new BetsGate(
    ({ BetsStore }) =>
      new BetsStore(laterApi.bets, laterApi.cashOutOffers, {
        fetchLive: laterApi.openBetsLive,
        timers: timers ?? {
          setTimeout: (fn, ms) => win.setTimeout(fn, ms),
          clearTimeout: (id) => win.clearTimeout(id as number),
        },
      }),
    betsCode ?? withLaterApi(() => import('../stores/BetsStore')),
  );
  const freeBets = new FreeBetsStore(laterApi.freeBets);
  const bridge = new FrameBridge(win, hostOriginOf(location, win.document.referrer), (message) =>
    onHostMessage(message),
  );
  const router = new RouterStore(initialRoute(location), win.history, (path) => bridge.post({ type: 'route', path }));
  let started = false;
  const slip = new SlipGate(
    {
      api: laterApi,
      builderApi: laterApi,
      storage: win.localStorage,
      randomUUID: () => win.crypto.randomUUID(),
      signedIn: () => session.signedIn,
      balance: () => session.balance,
      online: () => network.online,
      requestLogin: () => bridge.post({ type: 'login-requested' }),
      sessionOnItsWay: () => (session.starting ? session.settled() : null),
      requestDeposit: (shortfall) => bridge.post({ type: 'deposit-requested', shortfall }),
      formatPrice: prefs.format,
      freeBetFor: freeBets.tokenFor,
      onBetsChanged: () => {
        if (freeBets.tokens.length > 0) void freeBets.load();
        bridge.post({ type: 'bets-changed' });
        void session.refresh();
      },
    },
    (store) => {
      store.reconcile(findSelection);
      if (started) store.checkUnresolved();
    },
    slipCode ?? withLaterApi(() => import('../stores/SlipStore')),
  );
  const wsUrl = `${location.origin.replace(/^http/, 'ws')}/ws`;
  const socket = new PriceSocket({
    url: wsUrl,
    createSocket: createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike),
    token: () => session.token,
    onMessage: (message) => {
      if (message.type === 'event-updates') {
        catalog.apply(message);
        bets.onEventChanges(message.updates);
      } else if (message.type === 'outright-update') outrights.apply(message.outright);
      else if (message.type === 'bet') {
        slip.onBet(message.bet);
        bets.onBet(message.bet);
        // A void free bet's token is the customer's again: the slip's free-bet choice shows it.
        if (message.bet.freeBet && message.bet.status === 'void') void freeBets.load();
        bridge.post({ type: 'bets-changed' });
        // A settled bet may have paid out: the balance shown must not lag the host's.
        if (message.bet.returns !== null) void session.refresh();
      } else if (message.type === 'balance') session.setBalance(message.balance);
      else if (message.type === 'resync') {
        slip.checkUnresolved();
        void bets.reloadShown();
        bridge.post({ type: 'bets-changed' });
        void session.refresh();
      }
    },
    onReconnected: () => {
      void catalog.resync(socket.subscribed.eventIds, socket.subscribed.lists);
      void bets.refreshOffers();
      void bets.refreshLive();
      slip.checkUnresolved();
      void session.refresh();
    },
  });

  const subscribe = () => {
    const route = router.route;
    const eventIds = [
      ...slip.eventIds,
      ...(route.name === 'event' ? [route.eventId] : []),
      ...(route.name === 'bets' || bets.shownInSlip ? bets.openEventIds : []),
    ];
    socket.watch(route.name === 'home', eventIds);
  };
  session.subscribe(() => slip.sessionChanged());
  router.subscribe(subscribe);
  slip.subscribe(subscribe);
  bets.subscribe(subscribe);
  catalog.subscribe(() => {
    slip.reconcile(findSelection);
    // The first prices are on screen: the slip's code comes next, so the first press (even offline) need not wait.
    if (!slip.store && catalog.listsState === 'ready') void slip.loadCode().catch(() => undefined);
  });
  outrights.subscribe(() => slip.reconcile(findSelection));
  network.subscribe(() => {
    if (network.online) {
      socket.retryNow();
      slip.checkUnresolved();
    }
  });

  const launcher = frameLaunch({
    window: win,
    router,
    session,
    afterLaunch: () => {
      socket.authenticate();
      bets.reset();
      freeBets.reset();
    },
  });

  function onHostMessage(message: HostToFrameMessage): void {
    if (message.type === 'launch') void launcher.launch(message.url);
    else if (message.type === 'signing-in') session.expectLaunch();
    else if (message.type === 'logout' || message.type === 'suspended') {
      session.end(false);
      bets.reset();
      freeBets.reset();
      socket.authenticate();
    } else if (message.type === 'odds-format') prefs.setOddsFormat(message.format);
    else if (message.type === 'navigate') router.go(message.path);
  }

  async function start(): Promise<void> {
    if (!(await launcher.start())) void session.refresh();
    started = true;
    subscribe();
    socket.start();
    slip.checkUnresolved();
    bridge.post({ type: 'ready', signedIn: session.signedIn || session.starting });
    bridge.post({ type: 'route', path: router.path });
  }

  return {
    api,
    laterApi,
    session,
    catalog,
    outrights,
    prefs,
    router,
    slip,
    socket,
    bridge,
    network,
    bets,
    freeBets,
    start,
  };
}

export type Sportsbook = ReturnType<typeof createSportsbook>;
