import type { OrderState } from '../book';
import type { ExchangeDb } from '../db/schema';
import type { LiveMarket } from '../orders/live-market';
import type { MarketRegistry } from '../orders/registry';
import type { OrdersService } from '../orders/service';
import { endedWhole } from '../orders/unbooked-order';

/**
 * What the match does to its markets, each change one task in the market's queue (docs/exchange.md, "In play"), so
 * an order is either wholly before it (and then treated by it) or wholly after it: none is matched in between.
 */
export class InPlayEvents {
  constructor(
    private readonly db: ExchangeDb,
    private readonly registry: MarketRegistry,
    private readonly orders: OrdersService,
  ) {}

  /** Kick-off: the market goes in play and the unmatched part of every 'lapse' order lapses. */
  kickOff(market: LiveMarket): Promise<void> {
    return market.run(async () => {
      market.inPlay = true;
      await this.db.updateTable('exchange.markets').set({ in_play: true }).where('id', '=', market.marketId).execute();
      const lapsed = market.book.lapseWhere((order) => order.persistence === 'lapse');
      if (lapsed.orders.length > 0) await this.orders.store(market, lapsed);
      else this.registry.changed(market);
    });
  }

  /**
   * A goal: the market is suspended and every unmatched order on it cancelled, those waiting out the in-play
   * delay too (they were priced before the goal, and the market may reopen before their delay ends).
   */
  goal(market: LiveMarket): Promise<void> {
    return market.run(async () => {
      if (market.status === 'open') {
        market.status = 'suspended';
        await this.db
          .updateTable('exchange.markets')
          .set({ status: 'suspended' })
          .where('id', '=', market.marketId)
          .execute();
      }
      const events = market.book.cancelWhere(() => true);
      events.orders.push(...(await this.delayedCancelled(market)));
      if (events.orders.length > 0) await this.orders.store(market, events);
      else this.registry.changed(market);
    });
  }

  /** The goal's suspension over: a market still suspended opens again. */
  reopen(market: LiveMarket): Promise<void> {
    return market.run(async () => {
      if (market.status !== 'suspended') return;
      market.status = 'open';
      await this.db.updateTable('exchange.markets').set({ status: 'open' }).where('id', '=', market.marketId).execute();
      this.registry.changed(market);
    });
  }

  /** The delayed orders as cancelled whole; once stored so, their delay's end finds them no longer pending. */
  private async delayedCancelled(market: LiveMarket): Promise<OrderState[]> {
    const ids = [...market.delayed.keys()];
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('exchange.orders')
      .select(['id', 'player_id', 'selection_id', 'side', 'price', 'size', 'persistence'])
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .execute();
    market.delayed.clear();
    return rows.map((row) => endedWhole(market, row));
  }
}
