import { ExchangeApi } from '../services/api';
import { ExchangeSocket } from '../services/ExchangeSocket';
import { FrameBridge, hostOriginOf, type FrameWindow } from '../../ui/frame/FrameBridge';
import { FrameSession } from '../../ui/frame/FrameSession';
import { FrameRouter } from '../../ui/frame/FrameRouter';
import { NetworkStore } from '../../ui/frame/NetworkStore';
import type { SocketLike } from '../../ui/frame/LiveSocket';
import { frameLaunch, initialRoute } from '../../ui/frame/FrameLaunch';
import type { HostToFrameMessage } from '../../contract/bridge';
import { isExchangeServerMessage } from '../../contract/exchange-stream';
import { MarketsStore } from '../stores/MarketsStore';
import { OrdersStore } from '../stores/OrdersStore';
import { SlipStore } from '../stores/SlipStore';
import { parseExchangeRoute, type ExchangeRoute } from '../stores/routes';

export const EXCHANGE_SESSION_KEY = 'ex.session';

export interface ExchangeEnvironment {
  window: Window & FrameWindow;
  fetch?: typeof fetch;
  createSocket?: (url: string) => SocketLike;
  now?: () => number;
}

/** Builds and wires every store of the exchange's frame once; collaborators come in through the constructors. */
export function createExchange({ window: win, fetch: fetchImpl, createSocket, now = Date.now }: ExchangeEnvironment) {
  const location = win.location;
  const network = new NetworkStore(win, win.navigator.onLine);
  const bridge = new FrameBridge(win, hostOriginOf(location, win.document.referrer), (message) =>
    onHostMessage(message),
  );
  const session: FrameSession = new FrameSession({
    api: () => api,
    storageKey: EXCHANGE_SESSION_KEY,
    storage: win.sessionStorage,
    onExpired: () => bridge.post({ type: 'session-expired' }),
  });
  const api = new ExchangeApi({
    baseUrl: location.origin,
    fetch: fetchImpl?.bind(win) ?? win.fetch.bind(win),
    token: () => session.token,
    onSessionExpired: () => session.end(true),
  });
  const markets = new MarketsStore(api);
  const orders = new OrdersStore({
    api,
    randomUUID: () => win.crypto.randomUUID(),
    onOrdersChanged: () => bridge.post({ type: 'bets-changed' }),
  });
  const router = new FrameRouter<ExchangeRoute>(
    initialRoute(location),
    win.history,
    (path) => bridge.post({ type: 'route', path }),
    parseExchangeRoute,
  );
  const slip = new SlipStore({
    orders,
    storage: win.localStorage,
    randomUUID: () => win.crypto.randomUUID(),
    now,
    signedIn: () => session.signedIn,
    balance: () => session.balance,
    online: () => network.online,
    betDelayMs: (marketId) => markets.find(marketId)?.betDelayMs ?? 0,
    requestLogin: () => bridge.post({ type: 'login-requested' }),
    requestDeposit: (shortfall) => bridge.post({ type: 'deposit-requested', shortfall }),
    afterHold: (ms) => win.setTimeout(() => void orders.load().then(() => followSlipOrder()), ms + 500),
  });
  const socket = new ExchangeSocket({
    url: `${location.origin.replace(/^http/, 'ws')}/ws`,
    createSocket: createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike),
    token: () => session.token,
    onMessage: (message) => {
      if (!isExchangeServerMessage(message)) return;
      if (message.type === 'market') markets.apply(message.market);
      else if (message.type === 'order') {
        orders.onOrder(message.order);
        slip.onOrder(message.order);
        bridge.post({ type: 'bets-changed' });
      } else if (message.type === 'position') orders.onPosition(message.position);
      else if (message.type === 'balance') session.setBalance(message.balance);
      else resync();
    },
    onReconnected: () => resync(),
  });

  const shownMarketIds = () => {
    const route = router.route;
    return [
      ...(route.name === 'market' ? [route.marketId] : []),
      ...(slip.choice ? [slip.choice.marketId] : []),
      ...(route.name === 'orders' ? orders.marketIds : []),
    ];
  };
  const watch = () => socket.watch(shownMarketIds());

  /** What was pushed while the socket was away is lost: fetch what is on screen again. */
  function resync(): void {
    for (const marketId of shownMarketIds()) {
      void markets.loadMarket(marketId);
      if (session.signedIn) void orders.loadPosition(marketId);
    }
    if (session.signedIn) void orders.load().then(() => followSlipOrder());
  }

  /** After a reload or a reconnect, the slip's answer follows the order as it now stands. */
  function followSlipOrder(): void {
    const orderId = slip.answer?.order?.orderId;
    const order = orderId ? orders.find(orderId) : undefined;
    if (order) slip.onOrder(order);
  }

  router.subscribe(watch);
  slip.subscribe(watch);
  orders.subscribe(watch);
  network.subscribe(() => {
    if (!network.online) return;
    socket.retryNow();
    void slip.retry();
  });

  async function signedInChanged(): Promise<void> {
    socket.authenticate();
    orders.reset();
    if (session.signedIn) resync();
  }

  const launcher = frameLaunch({ window: win, router, session, afterLaunch: signedInChanged });

  function onHostMessage(message: HostToFrameMessage): void {
    if (message.type === 'launch') void launcher.launch(message.url);
    else if (message.type === 'logout' || message.type === 'suspended') {
      session.end(false);
      void signedInChanged();
    } else if (message.type === 'navigate') router.go(message.path);
  }

  async function start(): Promise<void> {
    await launcher.start();
    watch();
    socket.start();
    if (session.signedIn) resync();
    // An order whose answer was lost before a reload is asked again under its own id.
    void slip.retry();
    bridge.post({ type: 'ready' });
    bridge.post({ type: 'route', path: router.path });
  }

  return { api, session, markets, orders, slip, router, socket, bridge, network, now, start };
}

export type Exchange = ReturnType<typeof createExchange>;
