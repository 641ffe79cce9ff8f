import type { Order } from '../../../src/contract/exchange';
import { notFound } from '../../platform/errors';
import type { ExchangeDb } from '../db/schema';
import type { ExchangeSession } from '../sessions/service';
import type { LiveMarket } from './live-market';
import type { MarketStore } from './market-store';
import { toOrder, type OrderRows } from './order-rows';
import { refusal } from './order-answers';
import type { MarketRegistry } from './registry';

/** Taking unmatched orders off the book: a customer's cancel, an operator's suspension, a goal, kick-off's lapse. */
export class Cancellation {
  constructor(
    private readonly db: ExchangeDb,
    private readonly markets: MarketRegistry,
    private readonly store: MarketStore,
    private readonly rows: OrderRows,
  ) {}

  async cancel(session: ExchangeSession, orderId: string, size?: number): Promise<{ order: Order }> {
    const row = await this.rows.row(orderId);
    if (!row || row.player_id !== session.playerId || row.status === 'refused') throw notFound('Unknown order');
    const market = this.markets.get(row.market_id);
    if (!market) throw notFound('Unknown order');
    return market.run(async () => {
      const result = market.book.cancel(orderId, size);
      if (!result.ok) throw refusal('NothingToCancel');
      // The answer from the row's fixed parts and the book's sizes, as stored below: nothing to read back.
      const state = result.orders.find((one) => one.orderId === orderId)!;
      const before = market.restored.get(orderId) ?? { matched: 0, cancelled: 0, lapsed: 0 };
      const after = {
        ...row,
        size_matched: before.matched + state.sizeMatched,
        size_cancelled: before.cancelled + state.sizeCancelled,
        size_lapsed: before.lapsed + state.sizeLapsed,
        status: state.status,
      };
      await this.store.store(market, result);
      return { order: toOrder(after, after.size_matched > 0 ? await this.rows.averagePrices([orderId]) : new Map()) };
    });
  }

  /** Suspends or reopens a market (an operator's hand, or a goal); a settled or closed market stays as it is. */
  setStatus(market: LiveMarket, status: 'open' | 'suspended'): Promise<void> {
    return market.run(async () => {
      if (market.status !== 'open' && market.status !== 'suspended') throw refusal('MarketClosed');
      market.status = status;
      await this.db.updateTable('exchange.markets').set({ status }).where('id', '=', market.marketId).execute();
      this.markets.changed(market);
    });
  }

  /** Cancels (a goal) or lapses (kick-off, the market closing) the unmatched orders the test picks. */
  removeWhere(
    market: LiveMarket,
    how: 'cancel' | 'lapse',
    test: Parameters<LiveMarket['book']['cancelWhere']>[0],
  ): Promise<void> {
    return market.run(async () => {
      const events = how === 'cancel' ? market.book.cancelWhere(test) : market.book.lapseWhere(test);
      if (events.orders.length > 0) await this.store.store(market, events);
    });
  }
}
