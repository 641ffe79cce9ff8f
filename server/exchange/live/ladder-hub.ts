import type { WebSocket } from 'ws';
import { textOf } from '../../platform/live/socket-text';
import { exchangeSocketRequest, type ExchangeSocketMessage } from '../../../src/contract/exchange-live';
import type { LiveMarket } from '../orders/live-market';
import type { MarketRegistry } from '../orders/registry';

/** Where a socket's `auth` message goes: the customer's own pushes (live/order-pushes.ts). */
export interface SocketSessions {
  authenticate(socket: WebSocket, sessionToken: string): Promise<void>;
  remove(socket: WebSocket): void;
}

/** Sends each subscribed socket a market's ladder now and after every change to it; `auth` goes to the sessions. */
export class LadderHub {
  private readonly subscribers = new Map<string, Set<WebSocket>>();

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

  publish(market: LiveMarket): void {
    const sockets = this.subscribers.get(market.marketId);
    if (!sockets || sockets.size === 0) return;
    const frame = JSON.stringify({ type: 'market', market: market.view(market.definition.eventId) });
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(frame);
  }
}

const send = (socket: WebSocket, message: ExchangeSocketMessage) => socket.send(JSON.stringify(message));
