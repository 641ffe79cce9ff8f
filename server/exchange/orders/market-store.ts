import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { BookEvents, OrderState } from '../book';
import type { ExchangeDatabase, ExchangeDb } from '../db/schema';
import { customerFills } from '../positions';
import type { WalletOutbox } from '../wallet/outbox';
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

  /**
   * `alongside` (a placement batch's hold answers) is written first in the same transaction; the customers it names
   * had their hold changed in memory already, and their hold is stored with the releases'.
   */
  async store(
    market: LiveMarket,
    events: BookEvents,
    alsoCheck: readonly number[] = [],
    alongside?: StoreAlongside,
  ): Promise<void> {
    const touched = new Set<number>(alsoCheck);
    for (const order of events.orders) touched.add(Number(order.customerId));
    for (const fill of events.fills) {
      for (const playerId of [Number(fill.backCustomerId), Number(fill.layCustomerId)]) touched.add(playerId);
      for (const mine of customerFills(fill.backCustomerId, [fill])) market.addFill(Number(fill.backCustomerId), mine);
      if (fill.layCustomerId !== fill.backCustomerId)
        for (const mine of customerFills(fill.layCustomerId, [fill])) market.addFill(Number(fill.layCustomerId), mine);
    }
    const releases: Array<{ playerId: number; held: number; amount: number }> = [];
    for (const playerId of touched) {
      const held = market.held.get(playerId) ?? 0;
      const after = market.exposure(playerId).held;
      if (after < held) releases.push({ playerId, held: after, amount: held - after });
    }
    const heldNow = new Map<number, number>();
    for (const playerId of alongside?.heldChanged ?? []) heldNow.set(playerId, market.held.get(playerId) ?? 0);
    for (const release of releases) heldNow.set(release.playerId, release.held);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await alongside?.write(trx);
      await storeSizes(trx, market, events.orders);
      if (events.fills.length > 0)
        await trx
          .insertInto('exchange.fills')
          .values(
            events.fills.map((fill) => ({
              market_id: market.marketId,
              runner: fill.runner,
              price: fill.price,
              stake: fill.stake,
              winnings: fill.winnings,
              back_order_id: fill.backOrderId,
              back_player_id: Number(fill.backCustomerId),
              lay_order_id: fill.layOrderId,
              lay_player_id: Number(fill.layCustomerId),
              created_at: now,
            })),
          )
          .execute();
      await this.outbox.enqueueMany(
        trx,
        releases.map((release) => {
          const transactionId = randomUUID();
          return {
            transactionId,
            call: 'release',
            playerId: release.playerId,
            marketId: market.marketId,
            body: { transactionId, playerId: release.playerId, marketId: market.marketId, amount: release.amount },
          };
        }),
      );
      await storeHeldMany(trx, market.marketId, heldNow);
    });
    for (const order of events.orders) if (order.status === 'execution_complete') market.restored.delete(order.orderId);
    for (const release of releases) market.held.set(release.playerId, release.held);
    if (releases.length > 0) this.outbox.kick();
    this.markets.changed(market);
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

/** A placement batch's writes that go in the transaction of what its orders did on the book. */
export interface StoreAlongside {
  heldChanged: readonly number[];
  write(trx: Trx): Promise<void>;
}

/** Each order's sizes and status after the book's operation, in one statement; restored orders count what they had. */
async function storeSizes(trx: Trx, market: LiveMarket, orders: readonly OrderState[]): Promise<void> {
  if (orders.length === 0) return;
  const sizes = orders.map((order) => {
    const before = market.restored.get(order.orderId) ?? { matched: 0, cancelled: 0, lapsed: 0 };
    return {
      id: order.orderId,
      matched: before.matched + order.sizeMatched,
      cancelled: before.cancelled + order.sizeCancelled,
      lapsed: before.lapsed + order.sizeLapsed,
      status: order.status,
    };
  });
  const column = <K extends keyof (typeof sizes)[number]>(key: K) => sizes.map((size) => size[key]);
  await sql`
    UPDATE exchange.orders o SET size_matched = v.matched, size_cancelled = v.cancelled, size_lapsed = v.lapsed,
      status = v.status
    FROM unnest(${column('id')}::uuid[], ${column('matched')}::bigint[], ${column('cancelled')}::bigint[],
      ${column('lapsed')}::bigint[], ${column('status')}::text[]) AS v (id, matched, cancelled, lapsed, status)
    WHERE o.id = v.id`.execute(trx);
}

/** What the wallet holds for each of these customers on the market, in one statement. */
async function storeHeldMany(trx: Trx, marketId: string, held: ReadonlyMap<number, number>): Promise<void> {
  if (held.size === 0) return;
  await trx
    .insertInto('exchange.holds')
    .values([...held].map(([playerId, amount]) => ({ player_id: playerId, market_id: marketId, held: amount })))
    .onConflict((oc) => oc.columns(['player_id', 'market_id']).doUpdateSet((eb) => ({ held: eb.ref('excluded.held') })))
    .execute();
}

export async function storeHeld(trx: Trx, playerId: number, marketId: string, held: number): Promise<void> {
  await trx
    .insertInto('exchange.holds')
    .values({ player_id: playerId, market_id: marketId, held })
    .onConflict((oc) => oc.columns(['player_id', 'market_id']).doUpdateSet({ held }))
    .execute();
}
