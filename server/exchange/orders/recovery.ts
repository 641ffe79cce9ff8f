import { tickOf } from '../../../src/contract/exchange-ladder';
import type { ExchangeDb } from '../db/schema';
import type { OrderHolds } from './order-holds';
import { ORDER_COLUMNS } from './order-rows';
import type { MarketRegistry } from './registry';

/**
 * After a restart: each market's book from its stored open orders (in the order they were placed), its fills and
 * holds; then every order left waiting for its hold is finished (the hold sent again with the same id). One the PAM
 * still does not answer stays pending, and the outbox goes on sending its hold in the background.
 */
export async function recoverOrders(db: ExchangeDb, markets: MarketRegistry, holds: OrderHolds): Promise<void> {
  const held = await db
    .selectFrom('exchange.holds')
    .select(['player_id', 'market_id', 'held'])
    .where('settled', '=', false)
    .execute();
  for (const hold of held) markets.get(hold.market_id)?.held.set(hold.player_id, hold.held);
  const fills = await db.selectFrom('exchange.fills').selectAll().orderBy('id').execute();
  for (const fill of fills) {
    const market = markets.get(fill.market_id);
    if (!market || market.status === 'settled') continue;
    market.addFill(fill.back_player_id, {
      runner: fill.runner,
      side: 'back',
      stake: fill.stake,
      winnings: fill.winnings,
    });
    market.addFill(fill.lay_player_id, {
      runner: fill.runner,
      side: 'lay',
      stake: fill.stake,
      winnings: fill.winnings,
    });
  }
  const open = await db
    .selectFrom('exchange.orders')
    .select(ORDER_COLUMNS)
    .where('status', 'in', ['pending', 'executable'])
    .orderBy('seq')
    .execute();
  for (const order of open.filter((row) => row.status === 'executable')) {
    const market = markets.get(order.market_id);
    if (!market) continue;
    // Resting orders never cross, so placing them again matches nothing.
    if (order.size_matched + order.size_cancelled + order.size_lapsed > 0)
      market.restored.set(order.id, {
        matched: order.size_matched,
        cancelled: order.size_cancelled,
        lapsed: order.size_lapsed,
      });
    market.book.place({
      orderId: order.id,
      customerId: String(order.player_id),
      runner: market.runnerOf(order.selection_id),
      side: order.side,
      tick: tickOf(order.price),
      size: order.size - order.size_matched - order.size_cancelled - order.size_lapsed,
      persistence: order.persistence,
    });
  }
  for (const order of open.filter((row) => row.status === 'pending')) {
    const market = markets.get(order.market_id);
    if (market) await market.run(() => holds.finish(market, order.id));
  }
}
