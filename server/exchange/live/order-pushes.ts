import type { WebSocket } from 'ws';
import type { Order, Position } from '../../../src/contract/exchange';
import type { ExchangeServerMessage } from '../../../src/contract/exchange-stream';
import type { ExchangeDb } from '../db/schema';
import type { LiveMarket } from '../orders/live-market';
import type { MarketRegistry } from '../orders/registry';
import type { OrdersService } from '../orders/service';
import type { ExchangeSession, SessionService } from '../sessions/service';
import type { P2pWalletClient } from '../wallet/p2p-client';

export interface OrderPushesDeps {
  db: ExchangeDb;
  markets: MarketRegistry;
  orders: Pick<OrdersService, 'onMarket' | 'positions'>;
  sessions: Pick<SessionService, 'resolve'>;
  wallet: P2pWalletClient;
  /** How often, and how long, a balance push waits for the customer's releases and settlements to be answered. */
  pollMs?: number;
  settleWaitMs?: number;
}

interface Listener {
  socket: WebSocket;
  session: ExchangeSession;
}

/**
 * The customer's own channel on `/ws` (docs/exchange.md, "The screens"): once a socket names a live session, every
 * change to a market they have a stake in pushes the orders of theirs that changed, their position and, once the
 * PAM has answered the money calls it caused, their balance. Changes from anyone (a match by another customer, a
 * lapse, a goal's cancels, a settlement) reach them the same way, as each passes through the market registry.
 */
export class OrderPushes {
  private readonly byPlayer = new Map<number, Set<Listener>>();
  /** Per customer, each order as last pushed, so only what changed is sent. */
  private readonly sent = new Map<number, Map<string, string>>();
  /** Per customer, the markets waiting to be pushed, and whether a push round is running. */
  private readonly dirty = new Map<number, Set<string>>();
  private readonly running = new Set<number>();
  private readonly pollMs: number;
  private readonly settleWaitMs: number;

  constructor(private readonly deps: OrderPushesDeps) {
    this.pollMs = deps.pollMs ?? 50;
    this.settleWaitMs = deps.settleWaitMs ?? 5_000;
    deps.markets.onChange((market) => this.marketChanged(market));
  }

  /** A socket names its session: a stale one is left with the public ladders only (the HTTP calls say why). */
  async authenticate(socket: WebSocket, sessionToken: string): Promise<void> {
    this.remove(socket);
    let session: ExchangeSession;
    try {
      session = await this.deps.sessions.resolve(sessionToken);
    } catch {
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    let listeners = this.byPlayer.get(session.playerId);
    if (!listeners) this.byPlayer.set(session.playerId, (listeners = new Set()));
    listeners.add({ socket, session });
  }

  remove(socket: WebSocket): void {
    for (const [playerId, listeners] of this.byPlayer) {
      for (const listener of listeners) if (listener.socket === socket) listeners.delete(listener);
      if (listeners.size === 0) {
        this.byPlayer.delete(playerId);
        this.sent.delete(playerId);
      }
    }
  }

  /** How many sockets carry the customer's pushes now. */
  listening(playerId: number): number {
    return this.byPlayer.get(playerId)?.size ?? 0;
  }

  /** The customers listening who have a stake in the market (a hold or matched bets). */
  private marketChanged(market: LiveMarket): void {
    if (this.byPlayer.size === 0) return;
    for (const playerId of market.customers()) {
      if (!this.byPlayer.has(playerId)) continue;
      let markets = this.dirty.get(playerId);
      if (!markets) this.dirty.set(playerId, (markets = new Set()));
      markets.add(market.marketId);
      if (!this.running.has(playerId)) void this.pushRounds(playerId);
    }
  }

  /** One customer's pushes, one round at a time; changes during a round make another. */
  private async pushRounds(playerId: number): Promise<void> {
    this.running.add(playerId);
    try {
      while (this.dirty.get(playerId)?.size) {
        const marketIds = [...this.dirty.get(playerId)!];
        this.dirty.delete(playerId);
        for (const marketId of marketIds) await this.pushMarket(playerId, marketId);
        await this.pushBalance(playerId);
      }
    } catch {
      // A failed read leaves the screen as it was; the next change, or the frame's resync, brings it up to date.
    } finally {
      this.running.delete(playerId);
    }
  }

  private async pushMarket(playerId: number, marketId: string): Promise<void> {
    const orders = await this.deps.orders.onMarket(playerId, marketId);
    const sent = this.sent.get(playerId) ?? new Map<string, string>();
    this.sent.set(playerId, sent);
    for (const order of orders) {
      const text = JSON.stringify(order);
      if (sent.get(order.orderId) === text) continue;
      sent.set(order.orderId, text);
      this.send(playerId, { type: 'order', order: order satisfies Order });
    }
    const session = this.anySession(playerId);
    if (!session) return;
    const market = this.deps.markets.get(marketId);
    const position: Position = this.deps.orders.positions(session, marketId).positions[0] ?? {
      // Settled (or nothing left): no money is at stake on any outcome now.
      marketId,
      held: 0,
      ifWins: Object.fromEntries((market?.definition.runners ?? []).map((runner) => [runner.selectionId, 0])),
    };
    this.send(playerId, { type: 'position', position });
  }

  /** The balance once the PAM has answered every release and settlement this change stored for the customer. */
  private async pushBalance(playerId: number): Promise<void> {
    const deadline = Date.now() + this.settleWaitMs;
    while (Date.now() < deadline) {
      const waiting = await this.deps.db
        .selectFrom('exchange.wallet_calls')
        .select('transaction_id')
        .where('player_id', '=', playerId)
        .where('answered_at', 'is', null)
        .where('call', 'in', ['release', 'settle'])
        .limit(1)
        .executeTakeFirst();
      if (!waiting) break;
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
    const session = this.anySession(playerId);
    if (!session) return;
    const answer = await this.deps.wallet.call('balance', { playerId, sessionId: session.pamSessionId });
    if (answer.outcome !== 'ok') return;
    const balance = (answer.body as { balance?: unknown }).balance;
    if (Number.isSafeInteger(balance)) this.send(playerId, { type: 'balance', balance: balance as number });
  }

  private anySession(playerId: number): ExchangeSession | undefined {
    for (const listener of this.byPlayer.get(playerId) ?? []) return listener.session;
    return undefined;
  }

  private send(playerId: number, message: ExchangeServerMessage): void {
    const frame = JSON.stringify(message);
    for (const { socket } of this.byPlayer.get(playerId) ?? [])
      if (socket.readyState === socket.OPEN) socket.send(frame);
  }
}
