import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Clock } from '../../platform/clock';
import { executeNamed } from '../../platform/db/named-query';
import type { BookEvents, Fill, OrderState } from '../book';
import type { ExchangeDatabase, ExchangeDb } from '../db/schema';
import { customerFills } from '../positions';
import type { NewWalletCall, WalletOutbox } from '../wallet/outbox';
import type { LiveMarket } from './live-market';
import type { OrderRows } from './order-rows';
import type { MarketRegistry } from './registry';
import { endedWhole, newOrderOf } from './unbooked-order';

export type Trx = Transaction<ExchangeDatabase>;

/**
 * Stores what a market's book did: its fills, the orders' sizes and, for each customer whose hold can fall now, a
 * release in the same transaction (the outbox sends it). The one place the book's events reach the database.
 */
export class MarketStore {
  constructor(
    private readonly db: ExchangeDb,
    private readonly clock: Clock,
    private readonly outbox: WalletOutbox,
    private readonly markets: MarketRegistry,
    private readonly rows: OrderRows,
  ) {}

  store(market: LiveMarket, events: BookEvents, alsoCheck: readonly number[] = []): Promise<void> {
    return this.storeMany([{ market, events, alsoCheck }]);
  }

  /**
   * What several markets' books did, in one statement, with `alongside` (a placement round's hold answers) written
   * in it too. Call holding each of these markets' queues.
   */
  async storeMany(parts: readonly MarketWrites[], alongside: ReadonlyArray<Write> = []): Promise<void> {
    const now = this.clock.now();
    const sizes: SizeRow[] = [];
    const fills: Array<{ marketId: string; fill: Fill }> = [];
    const calls: NewWalletCall[] = [];
    const held: HeldRow[] = [];
    const released: Array<{ market: LiveMarket; playerId: number; held: number }> = [];
    for (const { market, events, alsoCheck = [], heldChanged = [] } of parts) {
      const touched = new Set<number>(alsoCheck);
      for (const order of events.orders) touched.add(Number(order.customerId));
      for (const fill of events.fills) {
        for (const playerId of [Number(fill.backCustomerId), Number(fill.layCustomerId)]) touched.add(playerId);
        for (const mine of customerFills(fill.backCustomerId, [fill]))
          market.addFill(Number(fill.backCustomerId), mine);
        if (fill.layCustomerId !== fill.backCustomerId)
          for (const mine of customerFills(fill.layCustomerId, [fill]))
            market.addFill(Number(fill.layCustomerId), mine);
        fills.push({ marketId: market.marketId, fill });
      }
      const heldNow = new Map<number, number>();
      for (const playerId of heldChanged) heldNow.set(playerId, market.held.get(playerId) ?? 0);
      for (const playerId of touched) {
        const before = market.held.get(playerId) ?? 0;
        const after = market.exposure(playerId).held;
        if (after >= before) continue;
        const transactionId = randomUUID();
        const body = { transactionId, playerId, marketId: market.marketId, amount: before - after };
        calls.push({ transactionId, call: 'release', playerId, marketId: market.marketId, body });
        released.push({ market, playerId, held: after });
        heldNow.set(playerId, after);
      }
      for (const [playerId, amount] of heldNow) held.push({ playerId, marketId: market.marketId, held: amount });
      sizes.push(...sizeRows(market, events.orders));
    }
    await inOneStatement(this.db, [
      ...alongside,
      storeSizes(sizes),
      storeFills(fills, now),
      this.outbox.enqueueStatement(calls, now),
      storeHeldMany(held),
    ]);
    for (const { market, events } of parts)
      for (const order of events.orders)
        if (order.status === 'execution_complete') market.restored.delete(order.orderId);
    for (const release of released) release.market.held.set(release.playerId, release.held);
    if (released.length > 0) this.outbox.kick();
    for (const { market } of parts) this.markets.changed(market);
  }

  /** Puts a held order through the book and stores what it did. */
  async rest(market: LiveMarket, orderId: string): Promise<void> {
    const row = (await this.rows.row(orderId))!;
    const result = market.book.place(newOrderOf(market, row));
    if (!result.ok) throw new Error(`The book refused order ${orderId}: ${result.reason}`);
    await this.store(market, result);
  }

  /** Ends an order that never reached the book (waiting for its hold or the in-play delay), whole, releasing its hold. */
  async endUnbooked(market: LiveMarket, orderId: string, how: 'cancel' | 'lapse'): Promise<void> {
    market.delayed.delete(orderId);
    const row = await this.rows.row(orderId);
    if (row?.status !== 'pending') return;
    await this.store(market, { fills: [], orders: [endedWhole(market, row, how)] });
  }

  /** Releases whatever the customer's hold exceeds their exposure by (after an order was refused or ended). */
  releaseExcess(market: LiveMarket, playerId: number): Promise<void> {
    return this.store(market, { fills: [], orders: [] }, [playerId]);
  }
}

/** A write to go in the one statement; undefined when there is nothing to write. */
export type Write = RawBuilder<unknown> | undefined;

/** What one market's book did, to be stored with the releases it makes possible. */
export interface MarketWrites {
  market: LiveMarket;
  events: BookEvents;
  /** Customers to check for a release though the book did nothing of theirs (an order refused or ended). */
  alsoCheck?: readonly number[];
  /** Customers whose hold changed in memory already (a placement round's answered holds): stored with the releases'. */
  heldChanged?: readonly number[];
}

/**
 * Writes as one statement (each a data-modifying CTE of it): together or not at all, in one round trip, with no
 * BEGIN and COMMIT. They all see the database as it was before the statement, so no two may touch the same row.
 */
async function inOneStatement(db: ExchangeDb, writes: readonly Write[]): Promise<void> {
  const statements = writes.filter((write) => write !== undefined);
  if (statements.length === 0) return;
  if (statements.length === 1) {
    await executeNamed(db, statements[0]!);
    return;
  }
  // Each write's text is fixed (arrays, not rows), so the few combinations are a few named statements.
  await executeNamed(
    db,
    sql`WITH ${sql.join(
      statements.map((statement, n) => sql`${sql.id(`w${n}`)} AS (${statement})`),
      sql`, `,
    )} SELECT 1`,
  );
}

interface SizeRow {
  id: string;
  matched: number;
  cancelled: number;
  lapsed: number;
  status: string;
}

interface HeldRow {
  playerId: number;
  marketId: string;
  held: number;
}

/** Each order's sizes and status after the book's operation; restored orders count what they had. */
function sizeRows(market: LiveMarket, orders: readonly OrderState[]): SizeRow[] {
  return orders.map((order) => {
    const before = market.restored.get(order.orderId) ?? { matched: 0, cancelled: 0, lapsed: 0 };
    return {
      id: order.orderId,
      matched: before.matched + order.sizeMatched,
      cancelled: before.cancelled + order.sizeCancelled,
      lapsed: before.lapsed + order.sizeLapsed,
      status: order.status,
    };
  });
}

function storeSizes(sizes: readonly SizeRow[]): Write {
  if (sizes.length === 0) return undefined;
  const column = <K extends keyof SizeRow>(key: K) => sizes.map((size) => size[key]);
  return sql`
    UPDATE exchange.orders o SET size_matched = v.matched, size_cancelled = v.cancelled, size_lapsed = v.lapsed,
      status = v.status
    FROM unnest(${column('id')}::uuid[], ${column('matched')}::bigint[], ${column('cancelled')}::bigint[],
      ${column('lapsed')}::bigint[], ${column('status')}::text[]) AS v (id, matched, cancelled, lapsed, status)
    WHERE o.id = v.id`;
}

/** The fills, numbered in the order the books made them. */
function storeFills(fills: ReadonlyArray<{ marketId: string; fill: Fill }>, now: Date): Write {
  if (fills.length === 0) return undefined;
  const column = <K extends keyof Fill>(key: K) => fills.map(({ fill }) => fill[key]);
  return sql`
    INSERT INTO exchange.fills (market_id, runner, price, stake, winnings, back_order_id, back_player_id, lay_order_id,
      lay_player_id, created_at)
    SELECT v.market_id, v.runner, v.price, v.stake, v.winnings, v.back_order_id, v.back_player_id, v.lay_order_id,
      v.lay_player_id, ${now}
    FROM unnest(${fills.map(({ marketId }) => marketId)}::text[], ${column('runner')}::int[], ${column('price')}::int[],
      ${column('stake')}::bigint[], ${column('winnings')}::bigint[], ${column('backOrderId')}::uuid[],
      ${fills.map(({ fill }) => Number(fill.backCustomerId))}::int[], ${column('layOrderId')}::uuid[],
      ${fills.map(({ fill }) => Number(fill.layCustomerId))}::int[]) WITH ORDINALITY
      AS v (market_id, runner, price, stake, winnings, back_order_id, back_player_id, lay_order_id, lay_player_id, ord)
    ORDER BY v.ord`;
}

/** What the wallet holds for each of these customers on each market. */
function storeHeldMany(held: readonly HeldRow[]): Write {
  if (held.length === 0) return undefined;
  return sql`
    INSERT INTO exchange.holds (player_id, market_id, held)
    SELECT v.player_id, v.market_id, v.held
    FROM unnest(${held.map((row) => row.playerId)}::int[], ${held.map((row) => row.marketId)}::text[],
      ${held.map((row) => row.held)}::bigint[]) AS v (player_id, market_id, held)
    ON CONFLICT (player_id, market_id) DO UPDATE SET held = EXCLUDED.held`;
}

export async function storeHeld(trx: Trx, playerId: number, marketId: string, held: number): Promise<void> {
  await trx
    .insertInto('exchange.holds')
    .values({ player_id: playerId, market_id: marketId, held })
    .onConflict((oc) => oc.columns(['player_id', 'market_id']).doUpdateSet({ held }))
    .execute();
}
