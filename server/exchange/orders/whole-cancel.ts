import { tickOf } from '../../../src/contract/exchange-ladder';
import type { OrderState } from '../book';
import type { OrdersTable } from '../db/schema';
import type { LiveMarket } from './live-market';

/**
 * An order that never reached the book, ended whole: its hold or in-play delay ended on a market no longer open, a goal
 * came while it waited, or kick-off lapsed it.
 */
export function endedWhole(
  market: LiveMarket,
  row: Pick<OrdersTable, 'id' | 'player_id' | 'selection_id' | 'side' | 'price' | 'size' | 'persistence'>,
  how: 'cancel' | 'lapse' = 'cancel',
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
    sizeCancelled: how === 'cancel' ? row.size : 0,
    sizeLapsed: how === 'lapse' ? row.size : 0,
    persistence: row.persistence,
    status: 'execution_complete',
  };
}
