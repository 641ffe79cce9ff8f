import type { Order, PlaceOrder, Position } from '../../../src/contract/exchange';
import type { Clock } from '../../platform/clock';
import type { BookEvents } from '../book';
import type { ExchangeDb } from '../db/schema';
import type { MarketOutcome } from '../markets';
import type { ExchangeSession, SessionService } from '../sessions/service';
import type { WalletOutbox } from '../wallet/outbox';
import type { P2pWalletClient } from '../wallet/p2p-client';
import { Cancellation } from './cancellation';
import type { LiveMarket } from './live-market';
import { MarketSettlement } from './market-settlement';
import { MarketStore } from './market-store';
import { OrderHolds } from './order-holds';
import { OrderRows } from './order-rows';
import { Placement } from './placement';
import { OrderQueries } from './queries';
import { recoverOrders } from './recovery';
import type { MarketRegistry } from './registry';

export interface OrdersDeps {
  db: ExchangeDb;
  clock: Clock;
  wallet: P2pWalletClient;
  outbox: WalletOutbox;
  sessions: SessionService;
  markets: MarketRegistry;
  commissionBp: number;
  /** How long an in-play order that would take liquidity waits before it meets the book (Betfair's bet delay). */
  inPlayDelayMs: number;
  /** Waits that long; tests pass one they release by hand. */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The exchange's orders (docs/exchange.md): one door over the parts that each do one job: placement, the holds an
 * order waits for, cancel and lapse, settlement, the customer's reads and recovery after a restart.
 */
export class OrdersService {
  private readonly marketStore: MarketStore;
  private readonly holds: OrderHolds;
  private readonly placement: Placement;
  private readonly cancellation: Cancellation;
  private readonly settlement: MarketSettlement;
  private readonly queries: OrderQueries;

  constructor(private readonly deps: OrdersDeps) {
    const { db, clock, wallet, outbox, sessions, markets } = deps;
    const rows = new OrderRows(db);
    this.marketStore = new MarketStore(db, clock, outbox, markets, rows);
    this.holds = new OrderHolds({
      db,
      wallet,
      outbox,
      markets,
      store: this.marketStore,
      rows,
      inPlayDelayMs: deps.inPlayDelayMs,
      wait: deps.wait ?? sleep,
    });
    this.placement = new Placement({
      db,
      clock,
      wallet,
      outbox,
      sessions,
      markets,
      store: this.marketStore,
      rows,
      holds: this.holds,
      inPlayDelayMs: deps.inPlayDelayMs,
    });
    this.cancellation = new Cancellation(db, markets, this.marketStore, rows);
    this.settlement = new MarketSettlement({
      db,
      clock,
      outbox,
      markets,
      store: this.marketStore,
      holds: this.holds,
      commissionBp: deps.commissionBp,
    });
    this.queries = new OrderQueries(db, markets, rows);
  }

  place(session: ExchangeSession, request: PlaceOrder): Promise<{ order: Order; status: 201 | 202 }> {
    return this.placement.place(session, request);
  }

  cancel(session: ExchangeSession, orderId: string, size?: number): Promise<{ order: Order }> {
    return this.cancellation.cancel(session, orderId, size);
  }

  setStatus(market: LiveMarket, status: 'open' | 'suspended'): Promise<void> {
    return this.cancellation.setStatus(market, status);
  }

  removeWhere(
    market: LiveMarket,
    how: 'cancel' | 'lapse',
    test: Parameters<LiveMarket['book']['cancelWhere']>[0],
  ): Promise<void> {
    return this.cancellation.removeWhere(market, how, test);
  }

  /** Stores what a market's book did (kick-off's lapses, a goal's cancels) with the releases it allows. */
  store(market: LiveMarket, events: BookEvents): Promise<void> {
    return this.marketStore.store(market, events);
  }

  settle(market: LiveMarket, outcome: MarketOutcome): Promise<void> {
    return this.settlement.settle(market, outcome);
  }

  list(session: ExchangeSession, status?: 'open' | 'settled'): Promise<{ orders: Order[] }> {
    return this.queries.list(session, status);
  }

  /** A customer's orders on one market, for the WebSocket's order pushes (live/order-pushes.ts). */
  onMarket(playerId: number, marketId: string): Promise<Order[]> {
    return this.queries.onMarket(playerId, marketId);
  }

  positions(session: ExchangeSession, marketId?: string): { positions: Position[] } {
    return this.queries.positions(session, marketId);
  }

  recover(): Promise<void> {
    return recoverOrders(this.deps.db, this.deps.markets, this.holds);
  }
}
