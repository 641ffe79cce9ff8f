import { sql } from 'kysely';
import { executeNamed } from '../../platform/db/named-query';
import type { ExchangeDb, OrdersTable } from '../db/schema';
import type { NewWalletCall } from '../wallet/outbox';

export type PlacedRow = Pick<
  OrdersTable,
  | 'id'
  | 'player_id'
  | 'market_id'
  | 'selection_id'
  | 'runner'
  | 'side'
  | 'price'
  | 'size'
  | 'persistence'
  | 'request_hash'
  | 'placed_at'
>;

/**
 * New orders stored 'pending' with the holds they need, in one statement (so together or not at all, in one round
 * trip): an id already stored is left as it is, and so is its hold; the holds are queued in the order given, which
 * is the order the outbox sends them again in. Answers the ids this stored.
 */
export async function storePlaced(
  db: ExchangeDb,
  orders: readonly PlacedRow[],
  holds: ReadonlyArray<NewWalletCall & { orderId: string }>,
  now: Date,
): Promise<Set<string>> {
  const column = <K extends keyof PlacedRow>(key: K) => orders.map((order) => order[key]);
  const result = await executeNamed(
    db,
    sql<{ id: string }>`
    WITH placed AS (
      INSERT INTO exchange.orders (id, player_id, market_id, selection_id, runner, side, price, size, persistence, status,
        request_hash, placed_at)
      SELECT v.id, v.player_id, v.market_id, v.selection_id, v.runner, v.side, v.price, v.size, v.persistence, 'pending',
        v.request_hash, v.placed_at
      FROM unnest(${column('id')}::uuid[], ${column('player_id')}::int[], ${column('market_id')}::text[],
        ${column('selection_id')}::text[], ${column('runner')}::int[], ${column('side')}::text[], ${column('price')}::int[],
        ${column('size')}::bigint[], ${column('persistence')}::text[], ${column('request_hash')}::text[],
        ${column('placed_at')}::timestamptz[]) WITH ORDINALITY
        AS v (id, player_id, market_id, selection_id, runner, side, price, size, persistence, request_hash, placed_at, ord)
      ORDER BY v.ord
      ON CONFLICT (id) DO NOTHING
      RETURNING id
    ),
    held AS (
      INSERT INTO exchange.wallet_calls (transaction_id, call, player_id, market_id, order_id, body, created_at)
      SELECT c.transaction_id, c.call, c.player_id, c.market_id, c.order_id, c.body::jsonb, ${now}
      FROM unnest(${holds.map((h) => h.transactionId)}::uuid[], ${holds.map((h) => h.call)}::text[],
        ${holds.map((h) => h.playerId)}::int[], ${holds.map((h) => h.marketId)}::text[],
        ${holds.map((h) => h.orderId)}::uuid[], ${holds.map((h) => JSON.stringify(h.body))}::text[]) WITH ORDINALITY
        AS c (transaction_id, call, player_id, market_id, order_id, body, ord)
      JOIN placed p ON p.id = c.order_id
      ORDER BY c.ord
      RETURNING transaction_id
    )
    SELECT id FROM placed`,
  );
  return new Set(result.rows.map((row) => row.id));
}
