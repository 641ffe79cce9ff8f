import type { WebSocket } from 'ws';
import { textOf } from '../../platform/live/socket-text';
import { exchangeSocketRequest, type ExchangeSocketMessage } from '../../../src/contract/exchange-live';
import { framedText, writeFramed } from '../../platform/live/ws-frame';
import type { LiveMarket } from '../orders/live-market';
import type { MarketRegistry } from '../orders/registry';

/** The shortest time between two sends of one market's ladder; changes meanwhile go together in the next. */
export const LADDER_INTERVAL_MS = 50;

/** Where a socket's `auth` message goes: the customer's own pushes (live/order-pushes.ts). */
export interface SocketSessions {
  authenticate(socket: WebSocket, sessionToken: string): Promise<void>;
  remove(socket: WebSocket): void;
}

/** Sends each subscribed socket a market's ladder now and after every change to it; `auth` goes to the sessions. */
export class LadderHub {
  private readonly subscribers = new Map<string, Set<WebSocket>>();
  /** When each market's ladder last went out (performance.now()), and the sends waiting out the interval. */
  private readonly sentAt = new Map<string, number>();
  private readonly due = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly markets: MarketRegistry,
    private readonly sessions?: SocketSessions,
  ) {
    markets.onChange((market) => this.publish(market));
  }

  add(socket: WebSocket): void {
    let subscribed: string[] = [];
    socket.on('message', (data, isBinary) => {
      let parsed: unknown;
      try {
        parsed = isBinary ? undefined : JSON.parse(textOf(data));
      } catch {
        parsed = undefined;
      }
      const request = exchangeSocketRequest.safeParse(parsed);
      // A client that speaks something else is closed with the policy-violation code, not answered.
      if (!request.success) return socket.close(1008, 'Unknown message');
      if (request.data.type === 'auth') return void this.sessions?.authenticate(socket, request.data.sessionToken);
      for (const marketId of subscribed) this.subscribers.get(marketId)?.delete(socket);
      subscribed = request.data.marketIds.map((id) => id.toLowerCase());
      for (const marketId of subscribed) {
        const market = this.markets.get(marketId);
        if (!market) continue;
        let sockets = this.subscribers.get(market.marketId);
        if (!sockets) this.subscribers.set(market.marketId, (sockets = new Set()));
        sockets.add(socket);
        send(socket, { type: 'market', market: market.view(market.definition.eventId) });
      }
    });
    socket.on('close', () => {
      this.sessions?.remove(socket);
      for (const marketId of subscribed) this.subscribers.get(marketId)?.delete(socket);
    });
  }

  /**
   * A change goes out at once, unless its market went out less than LADDER_INTERVAL_MS ago: then one send at the
   * interval's end carries every change since, as the latest ladder (docs/exchange.md, "The ladder socket"), so a busy
   * market costs each socket a bounded number of messages a second.
   */
  publish(market: LiveMarket): void {
    if (this.due.has(market.marketId)) return;
    const wait = (this.sentAt.get(market.marketId) ?? -Infinity) + LADDER_INTERVAL_MS - performance.now();
    if (wait <= 0) return this.send(market);
    const timer = setTimeout(() => {
      this.due.delete(market.marketId);
      this.send(market);
    }, wait);
    timer.unref();
    this.due.set(market.marketId, timer);
  }

  /** The market's ladder, encoded and framed once for all its sockets. */
  private send(market: LiveMarket): void {
    this.sentAt.set(market.marketId, performance.now());
    const sockets = this.subscribers.get(market.marketId);
    if (!sockets || sockets.size === 0) return;
    const message: ExchangeSocketMessage = { type: 'market', market: market.view(market.definition.eventId) };
    const framed = framedText(Buffer.from(JSON.stringify(message)));
    for (const socket of sockets) if (socket.readyState === socket.OPEN) writeFramed(socket, framed);
  }
}

const send = (socket: WebSocket, message: ExchangeSocketMessage) => socket.send(JSON.stringify(message));
