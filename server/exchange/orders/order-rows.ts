import type { Order } from '../../../src/contract/exchange';
import { decimalOf } from '../../../src/contract/exchange-ladder';
import { sql } from 'kysely';
import { executeNamed } from '../../platform/db/named-query';
import { GroupCommit } from '../../platform/group-commit';
import type { ExchangeDb, OrdersTable } from '../db/schema';

export type OrderRow = Pick<
  OrdersTable,
  | 'id'
  | 'player_id'
  | 'market_id'
  | 'selection_id'
  | 'side'
  | 'price'
  | 'size'
  | 'persistence'
  | 'status'
  | 'refusal'
  | 'request_hash'
  | 'placed_at'
  | 'result'
  | 'profit'
> & { size_matched: number; size_cancelled: number; size_lapsed: number };

export const ORDER_COLUMNS = [
  'id',
  'player_id',
  'market_id',
  'selection_id',
  'side',
  'price',
  'size',
  'size_matched',
  'size_cancelled',
  'size_lapsed',
  'persistence',
  'status',
  'refusal',
  'request_hash',
  'placed_at',
  'result',
  'profit',
] as const;

/** Reads stored orders and shapes them as the contract's Order. */
export class OrderRows {
  /** Every cancel starts with one: the reads asked at the same moment share one named statement. */
  private readonly lookups = new GroupCommit<string, OrderRow | undefined>((ids) => this.rows(ids), {
    maxBatch: 200,
  });

  constructor(private readonly db: ExchangeDb) {}

  row(orderId: string): Promise<OrderRow | undefined> {
    return this.lookups.submit(orderId);
  }

  /** These orders' rows, in order (undefined for an id not stored). */
  private async rows(ids: string[]): Promise<Array<OrderRow | undefined>> {
    const { rows } = await executeNamed(
      this.db,
      sql<OrderRow>`SELECT ${sql.join(ORDER_COLUMNS.map((column) => sql.ref(column)))} FROM exchange.orders
        WHERE id = ANY(${ids}::uuid[])`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id));
  }

  async order(orderId: string): Promise<Order> {
    return toOrder((await this.row(orderId))!, await this.averagePrices([orderId]));
  }

  /** Each order's stake-weighted matched price (hundredths, to the nearest), from its fills on either side. */
  async averagePrices(orderIds: string[]): Promise<Map<string, number>> {
    const averages = new Map<string, number>();
    if (orderIds.length === 0) return averages;
    const fills = await this.db
      .selectFrom('exchange.fills')
      .select(['back_order_id', 'lay_order_id', 'price', 'stake'])
      .where((eb) => eb.or([eb('back_order_id', 'in', orderIds), eb('lay_order_id', 'in', orderIds)]))
      .execute();
    const sums = new Map<string, { weighted: number; stake: number }>();
    for (const fill of fills)
      for (const orderId of new Set([fill.back_order_id, fill.lay_order_id])) {
        const sum = sums.get(orderId) ?? { weighted: 0, stake: 0 };
        sum.weighted += fill.price * fill.stake;
        sum.stake += fill.stake;
        sums.set(orderId, sum);
      }
    for (const [orderId, sum] of sums) averages.set(orderId, Math.round(sum.weighted / sum.stake));
    return averages;
  }
}

export function toOrder(row: OrderRow, averages: ReadonlyMap<string, number>): Order {
  const sizeRemaining =
    row.status === 'executable' || row.status === 'pending'
      ? row.size - row.size_matched - row.size_cancelled - row.size_lapsed
      : 0;
  return {
    orderId: row.id,
    marketId: row.market_id,
    selectionId: row.selection_id,
    side: row.side,
    price: decimalOf(row.price),
    size: row.size,
    sizeMatched: row.size_matched,
    sizeRemaining,
    sizeCancelled: row.size_cancelled,
    sizeLapsed: row.size_lapsed,
    averagePriceMatched: averages.has(row.id) ? decimalOf(averages.get(row.id)!) : null,
    status: row.status === 'execution_complete' ? 'execution_complete' : 'executable',
    persistence: row.persistence,
    placedAt: row.placed_at.toISOString(),
    ...(row.result ? { result: row.result, profit: row.profit ?? 0 } : {}),
  };
}
