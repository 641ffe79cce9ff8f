import { tickOf } from '../../../src/contract/exchange-ladder';
import type { OrderState } from '../book';
import type { OrdersTable } from '../db/schema';
import type { LiveMarket } from './live-market';

/**
 * An order that never reached the book, cancelled whole: its in-play delay ended on a market no longer open, or a
 * goal came while it waited.
 */
export function cancelledWhole(
  market: LiveMarket,
  row: Pick<OrdersTable, 'id' | 'player_id' | 'selection_id' | 'side' | 'price' | 'size' | 'persistence'>,
): OrderState {
  return {
    orderId: row.id,
    customerId: String(row.player_id),
    runner: market.runnerOf(row.selection_id),
    side: row.side,
    tick: tickOf(row.price),
    size: row.size,
    sizeMatched: 0,
    sizeRemaining: 0,
    sizeCancelled: row.size,
    sizeLapsed: 0,
    persistence: row.persistence,
    status: 'execution_complete',
  };
}
