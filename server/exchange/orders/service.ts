import { createHash, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  EXCHANGE_REFUSALS,
  orderRefusal,
  type ExchangeRefusal,
  type Order,
  type PlaceOrder,
  type Position,
} from '../../../src/contract/exchange';
import { decimalOf, hundredthsOf, tickOf } from '../../../src/contract/exchange-ladder';
import type { Clock } from '../../platform/clock';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors';
import type { BookEvents } from '../book';
import type { ExchangeDatabase, ExchangeDb, OrdersTable } from '../db/schema';
import { customerFills, matchedIfWins, settleMarket } from '../positions';
import type { MarketOutcome } from '../markets';
import type { ExchangeSession, SessionService } from '../sessions/service';
import { walletUnreachable } from '../sessions/service';
import type { WalletOutbox } from '../wallet/outbox';
import type { P2pWalletClient, WalletAnswer } from '../wallet/p2p-client';
import type { LiveMarket } from './live-market';
import type { MarketRegistry } from './registry';
import { cancelledWhole } from './whole-cancel';

type Trx = Transaction<ExchangeDatabase>;
type OrderRow = Pick<
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

const ORDER_COLUMNS = [
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

const refusal = (code: ExchangeRefusal) =>
  code === 'OrderIdReused' ? conflict(EXCHANGE_REFUSALS[code], code) : unprocessable(EXCHANGE_REFUSALS[code], code);

/** Tries of a hold before the placement answers 503 (the order stays pending; recovery finishes it). */
const HOLD_ATTEMPTS = 3;

export interface OrdersDeps {
  db: ExchangeDb;
  clock: Clock;
  wallet: P2pWalletClient;
  outbox: WalletOutbox;
  sessions: SessionService;
  markets: MarketRegistry;
  commissionBp: number;
  /** How long an in-play order that would take liquidity waits before it meets the book (Betfair's bet delay). */
  inPlayDelayMs: number;
  /** Waits that long; tests pass one they release by hand. */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Placement, cancel, lapse and settlement (DESIGN.md, "The exchange"). Durable before acknowledged: an order and
 * the hold it needs are stored together before the hold is sent; every fall in a customer's hold is a release
 * stored with the fills that caused it and sent by the outbox.
 */
export class OrdersService {
  constructor(private readonly deps: OrdersDeps) {}

  async place(session: ExchangeSession, request: PlaceOrder): Promise<{ order: Order; status: 201 | 202 }> {
    const rule = orderRefusal(request);
    if (rule) throw refusal(rule);
    const market = this.deps.markets.get(request.marketId);
    if (!market) throw notFound('Unknown market');
    const runner = market.runnerOf(request.selectionId);
    if (runner < 0) throw notFound('Unknown selection');
    const price = hundredthsOf(request.price)!;
    const requestHash = createHash('sha256')
      .update(
        JSON.stringify([
          session.playerId,
          request.marketId,
          request.selectionId,
          request.side,
          price,
          request.size,
          request.persistence,
        ]),
      )
      .digest('hex');
    const earlier = await this.answerToRepeat(request.orderId, requestHash);
    if (earlier) return earlier;

    return market.run(async () => {
      const again = await this.answerToRepeat(request.orderId, requestHash);
      if (again) return again;
      if (market.status === 'suspended') throw refusal('MarketSuspended');
      if (market.status !== 'open') throw refusal('MarketClosed');
      const current = market.held.get(session.playerId) ?? 0;
      const after = market.exposure(session.playerId, {
        runner,
        side: request.side,
        price,
        sizeRemaining: request.size,
      }).held;
      const raise = after - current;
      const hold =
        raise > 0
          ? {
              transactionId: randomUUID(),
              playerId: session.playerId,
              sessionId: session.pamSessionId,
              marketId: market.marketId,
              amount: raise,
            }
          : undefined;
      await this.deps.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('exchange.orders')
          .values({
            id: request.orderId,
            player_id: session.playerId,
            market_id: market.marketId,
            selection_id: request.selectionId,
            runner,
            side: request.side,
            price,
            size: request.size,
            persistence: request.persistence,
            status: 'pending',
            refusal: null,
            request_hash: requestHash,
            placed_at: this.deps.clock.now(),
            result: null,
            profit: null,
          })
          .execute();
        if (hold)
          await trx
            .insertInto('exchange.wallet_calls')
            .values({
              transaction_id: hold.transactionId,
              call: 'hold',
              player_id: session.playerId,
              market_id: market.marketId,
              order_id: request.orderId,
              body: JSON.stringify(hold) as never,
              outcome: null,
              refusal: null,
              created_at: this.deps.clock.now(),
              answered_at: null,
            })
            .execute();
      });
      if (hold) {
        const answer = await this.sendHold(hold);
        if (answer.outcome === 'unanswered') throw walletUnreachable();
        await this.recordHold(market, request.orderId, hold.transactionId, session.playerId, raise, answer);
        if (answer.outcome === 'refused') {
          if (answer.code === 'SessionExpired') await this.deps.sessions.expire(session);
          if (answer.code === 'InsufficientFunds' || answer.code === 'PlayerBlocked') throw refusal(answer.code);
          throw new AppError(answer.status, answer.message, answer.code);
        }
      }
      if (market.inPlay && this.deps.inPlayDelayMs > 0 && this.wouldTake(market, runner, request.side, price)) {
        market.delayed.set(request.orderId, {
          playerId: session.playerId,
          order: { runner, side: request.side, price, sizeRemaining: request.size },
        });
        void this.afterDelay(market, request.orderId);
        return { order: await this.order(request.orderId), status: 202 as const };
      }
      await this.rest(market, request.orderId);
      return { order: await this.order(request.orderId), status: 201 as const };
    });
  }

  /** Whether the order would match something at once (an order that only rests is placed without the delay). */
  private wouldTake(market: LiveMarket, runner: number, side: 'back' | 'lay', price: number): boolean {
    const { bestLay, bestBack } = market.book.touch(runner);
    const tick = tickOf(price);
    return side === 'back' ? bestLay >= tick : bestBack <= tick;
  }

  /**
   * The in-play delay: the held order meets the book as it stands once the delay has passed, or is cancelled
   * whole (its hold released) if the market was suspended or closed meanwhile.
   */
  private async afterDelay(market: LiveMarket, orderId: string): Promise<void> {
    await (this.deps.wait ?? sleep)(this.deps.inPlayDelayMs);
    await market.run(async () => {
      market.delayed.delete(orderId);
      const row = await this.row(orderId);
      if (row?.status !== 'pending') return;
      if (market.status === 'open') return this.rest(market, orderId);
      await this.store(market, { fills: [], orders: [cancelledWhole(market, row)] });
    });
  }

  /** The first answer again for the same id and body; 409 for the same id with another body or customer. */
  private async answerToRepeat(orderId: string, requestHash: string): Promise<{ order: Order; status: 201 } | null> {
    const row = await this.row(orderId);
    if (!row) return null;
    if (row.request_hash !== requestHash) throw refusal('OrderIdReused');
    if (row.status === 'refused' && row.refusal) throw refusal(row.refusal as ExchangeRefusal);
    if (row.status === 'pending') throw walletUnreachable();
    return { order: toOrder(row, await this.averagePrices([row.id])), status: 201 };
  }

  private async sendHold(hold: Record<string, unknown>): Promise<WalletAnswer> {
    let answer: WalletAnswer = { outcome: 'unanswered', reason: 'not sent' };
    for (let attempt = 0; attempt < HOLD_ATTEMPTS && answer.outcome === 'unanswered'; attempt++)
      answer = await this.deps.wallet.call('hold', hold);
    return answer;
  }

  /** The PAM's answer to a hold: the hold raised, or the order refused and nothing resting. */
  private async recordHold(
    market: LiveMarket,
    orderId: string,
    transactionId: string,
    playerId: number,
    raise: number,
    answer: Exclude<WalletAnswer, { outcome: 'unanswered' }>,
  ): Promise<void> {
    const held = (market.held.get(playerId) ?? 0) + raise;
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.outbox.record(transactionId, answer, trx);
      if (answer.outcome === 'refused') {
        await trx
          .updateTable('exchange.orders')
          .set({ status: 'refused', refusal: answer.code })
          .where('id', '=', orderId)
          .execute();
        return;
      }
      await this.storeHeld(trx, playerId, market.marketId, held);
    });
    if (answer.outcome === 'ok') market.held.set(playerId, held);
  }

  private async storeHeld(trx: Trx, playerId: number, marketId: string, held: number): Promise<void> {
    await trx
      .insertInto('exchange.holds')
      .values({ player_id: playerId, market_id: marketId, held })
      .onConflict((oc) => oc.columns(['player_id', 'market_id']).doUpdateSet({ held }))
      .execute();
  }

  /** Puts a held order through the book and stores what it did. */
  private async rest(market: LiveMarket, orderId: string): Promise<void> {
    const row = (await this.row(orderId))!;
    const result = market.book.place({
      orderId,
      customerId: String(row.player_id),
      runner: market.runnerOf(row.selection_id),
      side: row.side,
      tick: tickOf(row.price),
      size: row.size,
      persistence: row.persistence,
    });
    if (!result.ok) throw new Error(`The book refused order ${orderId}: ${result.reason}`);
    await this.store(market, result);
  }

  /**
   * Stores a book operation: its fills, the orders' sizes, and for each customer whose hold can fall now a
   * release, in one transaction; the outbox sends the releases.
   */
  async store(market: LiveMarket, events: BookEvents): Promise<void> {
    const touched = new Set<number>();
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
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      for (const order of events.orders)
        await trx
          .updateTable('exchange.orders')
          .set({
            size_matched: order.sizeMatched,
            size_cancelled: order.sizeCancelled,
            size_lapsed: order.sizeLapsed,
            status: order.status,
          })
          .where('id', '=', order.orderId)
          .execute();
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
      for (const release of releases) {
        const transactionId = randomUUID();
        const body = { transactionId, playerId: release.playerId, marketId: market.marketId, amount: release.amount };
        await trx
          .insertInto('exchange.wallet_calls')
          .values({
            transaction_id: transactionId,
            call: 'release',
            player_id: release.playerId,
            market_id: market.marketId,
            order_id: null,
            body: JSON.stringify(body) as never,
            outcome: null,
            refusal: null,
            created_at: now,
            answered_at: null,
          })
          .execute();
        await this.storeHeld(trx, release.playerId, market.marketId, release.held);
      }
    });
    for (const release of releases) market.held.set(release.playerId, release.held);
    if (releases.length > 0) this.deps.outbox.kick();
    this.deps.markets.changed(market);
  }

  async cancel(session: ExchangeSession, orderId: string, size?: number): Promise<{ order: Order }> {
    const row = await this.row(orderId);
    if (!row || row.player_id !== session.playerId || row.status === 'refused') throw notFound('Unknown order');
    const market = this.deps.markets.get(row.market_id);
    if (!market) throw notFound('Unknown order');
    return market.run(async () => {
      const result = market.book.cancel(orderId, size);
      if (!result.ok) throw refusal('NothingToCancel');
      await this.store(market, result);
      return { order: await this.order(orderId) };
    });
  }

  /** Suspends or reopens a market (an operator's hand, or a goal); a settled or closed market stays as it is. */
  setStatus(market: LiveMarket, status: 'open' | 'suspended'): Promise<void> {
    return market.run(async () => {
      if (market.status !== 'open' && market.status !== 'suspended') throw refusal('MarketClosed');
      market.status = status;
      await this.deps.db.updateTable('exchange.markets').set({ status }).where('id', '=', market.marketId).execute();
      this.deps.markets.changed(market);
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
      if (events.orders.length > 0) await this.store(market, events);
    });
  }

  /**
   * Settles a market: the unmatched remainder lapses, then each customer is paid their hold plus net winnings
   * less commission (a settle call each, through the outbox), and each matched order gets its result.
   */
  settle(market: LiveMarket, outcome: MarketOutcome): Promise<void> {
    return market.run(async () => {
      if (market.status === 'settled') return;
      market.status = 'closed';
      const lapsed = market.book.lapseWhere(() => true);
      if (lapsed.orders.length > 0) await this.store(market, lapsed);
      const now = this.deps.clock.now();
      const fills = await this.deps.db
        .selectFrom('exchange.fills')
        .select(['runner', 'stake', 'winnings', 'back_order_id', 'lay_order_id'])
        .where('market_id', '=', market.marketId)
        .execute();
      const profits = new Map<string, number>();
      for (const fill of fills) {
        const backWins = outcome.kind === 'winner' && outcome.runner === fill.runner;
        const backProfit = outcome.kind === 'void' ? 0 : backWins ? fill.winnings : -fill.stake;
        profits.set(fill.back_order_id, (profits.get(fill.back_order_id) ?? 0) + backProfit);
        profits.set(fill.lay_order_id, (profits.get(fill.lay_order_id) ?? 0) - backProfit);
      }
      await this.deps.db.transaction().execute(async (trx) => {
        for (const playerId of market.customers()) {
          const held = market.held.get(playerId) ?? 0;
          const ifWins = matchedIfWins(market.book.runnerCount, market.fills.get(playerId) ?? []);
          const { payout } = settleMarket(held, ifWins, outcome, this.deps.commissionBp);
          const transactionId = randomUUID();
          const body = { transactionId, playerId, marketId: market.marketId, amount: payout };
          await trx
            .insertInto('exchange.wallet_calls')
            .values({
              transaction_id: transactionId,
              call: 'settle',
              player_id: playerId,
              market_id: market.marketId,
              order_id: null,
              body: JSON.stringify(body) as never,
              outcome: null,
              refusal: null,
              created_at: now,
              answered_at: null,
            })
            .execute();
          await trx
            .insertInto('exchange.holds')
            .values({ player_id: playerId, market_id: market.marketId, held, settled: true })
            .onConflict((oc) => oc.columns(['player_id', 'market_id']).doUpdateSet({ settled: true }))
            .execute();
        }
        for (const [orderId, profit] of profits)
          await trx
            .updateTable('exchange.orders')
            .set({ result: outcome.kind === 'void' ? 'void' : profit > 0 ? 'won' : 'lost', profit })
            .where('id', '=', orderId)
            .execute();
        await trx
          .updateTable('exchange.markets')
          .set({ status: 'settled', winner: outcome.kind === 'void' ? 'void' : outcome.selectionId })
          .where('id', '=', market.marketId)
          .execute();
      });
      market.status = 'settled';
      this.deps.outbox.kick();
      this.deps.markets.changed(market);
    });
  }

  async list(session: ExchangeSession, status?: 'open' | 'settled'): Promise<{ orders: Order[] }> {
    let query = this.deps.db
      .selectFrom('exchange.orders')
      .select(ORDER_COLUMNS)
      .where('player_id', '=', session.playerId)
      .where('status', '!=', 'refused');
    if (status === 'open') query = query.where('status', 'in', ['pending', 'executable']);
    if (status === 'settled') query = query.where('result', 'is not', null);
    const rows = await query.orderBy('seq', 'desc').limit(500).execute();
    const averages = await this.averagePrices(rows.filter((row) => row.size_matched > 0).map((row) => row.id));
    return { orders: rows.map((row) => toOrder(row, averages)) };
  }

  /** A customer's orders on one market, for the WebSocket's order pushes (live/order-pushes.ts). */
  async onMarket(playerId: number, marketId: string): Promise<Order[]> {
    const rows = await this.deps.db
      .selectFrom('exchange.orders')
      .select(ORDER_COLUMNS)
      .where('player_id', '=', playerId)
      .where('market_id', '=', marketId)
      .where('status', '!=', 'refused')
      .execute();
    const averages = await this.averagePrices(rows.filter((row) => row.size_matched > 0).map((row) => row.id));
    return rows.map((row) => toOrder(row, averages));
  }

  positions(session: ExchangeSession, marketId?: string): { positions: Position[] } {
    const markets = marketId
      ? [this.deps.markets.get(marketId)].filter((market) => market !== undefined)
      : this.deps.markets.all();
    const positions: Position[] = [];
    for (const market of markets) {
      if (market.status === 'settled') continue;
      const fills = market.fills.get(session.playerId) ?? [];
      const held = market.held.get(session.playerId) ?? 0;
      if (fills.length === 0 && held === 0) continue;
      const ifWins = matchedIfWins(market.book.runnerCount, fills);
      positions.push({
        marketId: market.marketId,
        held,
        ifWins: Object.fromEntries(
          market.definition.runners.map((runner, index) => [runner.selectionId, ifWins[index]!]),
        ),
      });
    }
    return { positions };
  }

  /**
   * After a restart: each market's book from its stored open orders (in the order they were placed), its fills
   * and holds; then every order left waiting for its hold is finished (the hold sent again with the same id).
   */
  async recover(): Promise<void> {
    const holds = await this.deps.db
      .selectFrom('exchange.holds')
      .select(['player_id', 'market_id', 'held'])
      .where('settled', '=', false)
      .execute();
    for (const hold of holds) this.deps.markets.get(hold.market_id)?.held.set(hold.player_id, hold.held);
    const fills = await this.deps.db.selectFrom('exchange.fills').selectAll().orderBy('id').execute();
    for (const fill of fills) {
      const market = this.deps.markets.get(fill.market_id);
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
    const open = await this.deps.db
      .selectFrom('exchange.orders')
      .select([
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
        'seq',
      ])
      .where('status', 'in', ['pending', 'executable'])
      .orderBy('seq')
      .execute();
    for (const order of open.filter((row) => row.status === 'executable')) {
      const market = this.deps.markets.get(order.market_id);
      if (!market) continue;
      // Resting orders never cross, so placing them again matches nothing.
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
      const market = this.deps.markets.get(order.market_id);
      if (market) await market.run(() => this.finishPending(market, order.id, order.player_id));
    }
  }

  private async finishPending(market: LiveMarket, orderId: string, playerId: number): Promise<void> {
    const call = await this.deps.db
      .selectFrom('exchange.wallet_calls')
      .select(['transaction_id', 'body', 'outcome'])
      .where('order_id', '=', orderId)
      .where('call', '=', 'hold')
      .executeTakeFirst();
    if (call && call.outcome !== 'ok') {
      const answer = call.outcome === 'refused' ? undefined : await this.sendHold(call.body);
      if (!answer || answer.outcome === 'unanswered') return;
      await this.recordHold(market, orderId, call.transaction_id, playerId, call.body.amount as number, answer);
      if (answer.outcome === 'refused') return;
    }
    if (market.status !== 'open') {
      await this.deps.db
        .updateTable('exchange.orders')
        .set({ status: 'refused', refusal: 'MarketClosed' })
        .where('id', '=', orderId)
        .execute();
      return;
    }
    await this.rest(market, orderId);
  }

  private async row(orderId: string): Promise<OrderRow | undefined> {
    return this.deps.db
      .selectFrom('exchange.orders')
      .select(ORDER_COLUMNS)
      .where('id', '=', orderId)
      .executeTakeFirst();
  }

  private async order(orderId: string): Promise<Order> {
    return toOrder((await this.row(orderId))!, await this.averagePrices([orderId]));
  }

  /** Each order's stake-weighted matched price (hundredths, to the nearest), from its fills on either side. */
  private async averagePrices(orderIds: string[]): Promise<Map<string, number>> {
    const averages = new Map<string, number>();
    if (orderIds.length === 0) return averages;
    const fills = await this.deps.db
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

function toOrder(row: OrderRow, averages: ReadonlyMap<string, number>): Order {
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
