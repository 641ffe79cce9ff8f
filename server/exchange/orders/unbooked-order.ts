import { tickOf } from '../../../src/contract/exchange-ladder';
import type { NewOrder, OrderState } from '../book';
import type { OrdersTable } from '../db/schema';
import type { LiveMarket } from './live-market';

type StoredOrder = Pick<OrdersTable, 'id' | 'player_id' | 'selection_id' | 'side' | 'price' | 'size' | 'persistence'>;

/** A stored order as the book takes it, whole. */
export function newOrderOf(market: LiveMarket, row: StoredOrder): NewOrder {
  return {
    orderId: row.id,
    customerId: String(row.player_id),
    runner: market.runnerOf(row.selection_id),
    side: row.side,
    tick: tickOf(row.price),
    size: row.size,
    persistence: row.persistence,
  };
}

/**
 * An order that never reached the book, ended whole: its hold or in-play delay ended on a market no longer open, a goal
 * came while it waited, or kick-off lapsed it.
 */
export function endedWhole(market: LiveMarket, row: StoredOrder, how: 'cancel' | 'lapse' = 'cancel'): OrderState {
  return {
    ...newOrderOf(market, row),
    sizeMatched: 0,
    sizeRemaining: 0,
    sizeCancelled: how === 'cancel' ? row.size : 0,
    sizeLapsed: how === 'lapse' ? row.size : 0,
    status: 'execution_complete',
  };
}
