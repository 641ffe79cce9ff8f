import type { PriceSize } from '../../../src/contract/exchange';
import { LADDER, TICK_COUNT, decimalOf, winnings } from '../../../src/contract/exchange-ladder';
import { PriceLevels } from './price-levels';
import { OrderPool, type RestingOrder } from './resting-order';
import {
  DEFAULT_BOOK_LIMITS,
  MAX_RUNNERS,
  type BookEvents,
  type BookLimits,
  type BookResult,
  type Fill,
  type NewOrder,
  type OrderState,
} from './types';

/** Keeps size x price an exact integer (the contract's bound on size). */
const MAX_SIZE = Math.floor(Number.MAX_SAFE_INTEGER / LADDER[TICK_COUNT - 1]!);
const NO_TRADE = -1;

interface RunnerBook {
  /** Resting backs: a lay arriving takes them lowest price first. Shown to others as availableToLay. */
  backs: PriceLevels;
  /** Resting lays: a back arriving takes them highest price first. Shown to others as availableToBack. */
  lays: PriceLevels;
  /** Lowest tick holding backs, TICK_COUNT when none. */
  bestBack: number;
  /** Highest tick holding lays, -1 when none. */
  bestLay: number;
  lastTradedTick: number;
}

/**
 * The order book and matching engine of one market: in memory, synchronous, one writer (the caller serialises
 * operations per market). Price-time priority as on Betfair: a back matches resting lays at its price or higher,
 * highest first; a lay matches resting backs at its price or lower, lowest first; each fill at the resting order's
 * price. Runners never cross-match. Every operation returns what it did (BookEvents) for the caller to persist.
 */
export class OrderBook {
  private readonly runners: RunnerBook[];
  private readonly live = new Map<string, RestingOrder>();
  private readonly restingPerCustomer = new Map<string, number>();
  private readonly pool = new OrderPool();

  constructor(
    readonly runnerCount: number,
    private readonly limits: BookLimits = DEFAULT_BOOK_LIMITS,
  ) {
    if (!Number.isInteger(runnerCount) || runnerCount < 1 || runnerCount > MAX_RUNNERS)
      throw new RangeError(`A market has 1 to ${MAX_RUNNERS} runners`);
    this.runners = Array.from({ length: runnerCount }, () => ({
      backs: new PriceLevels(),
      lays: new PriceLevels(),
      bestBack: TICK_COUNT,
      bestLay: -1,
      lastTradedTick: NO_TRADE,
    }));
  }

  /** Resting orders on the whole market. */
  get orderCount(): number {
    return this.live.size;
  }

  /** Matches what it can at once and rests the remainder. */
  place(input: NewOrder): BookResult {
    const { runner, tick, size } = input;
    if (
      !Number.isInteger(runner) ||
      runner < 0 ||
      runner >= this.runnerCount ||
      !Number.isInteger(tick) ||
      tick < 0 ||
      tick >= TICK_COUNT ||
      !Number.isInteger(size) ||
      size < 1 ||
      size > MAX_SIZE
    )
      return { ok: false, reason: 'InvalidOrder' };
    if (this.live.has(input.orderId)) return { ok: false, reason: 'DuplicateOrder' };
    if (this.live.size >= this.limits.maxOrders) return { ok: false, reason: 'BookFull' };
    if ((this.restingPerCustomer.get(input.customerId) ?? 0) >= this.limits.maxOrdersPerCustomer)
      return { ok: false, reason: 'TooManyOrders' };

    const order = this.pool.take(input);
    const events = { ok: true as const, fills: [] as Fill[], orders: [] as OrderState[] };
    const book = this.runners[runner]!;
    if (order.side === 'back') this.matchBack(book, order, events);
    else this.matchLay(book, order, events);

    if (order.sizeRemaining > 0) {
      this.live.set(order.orderId, order);
      // Read again: matching may have taken this customer's own resting orders off the book.
      this.restingPerCustomer.set(order.customerId, (this.restingPerCustomer.get(order.customerId) ?? 0) + 1);
      if (order.side === 'back') {
        book.backs.append(order);
        if (tick < book.bestBack) book.bestBack = tick;
      } else {
        book.lays.append(order);
        if (tick > book.bestLay) book.bestLay = tick;
      }
    }
    events.orders.unshift(order.state());
    if (order.sizeRemaining === 0) this.pool.give(order);
    return events;
  }

  /** Cancels the unmatched remainder, or `size` of it (Betfair's sizeReduction): the order keeps its place in the queue. */
  cancel(orderId: string, size?: number): BookResult {
    const order = this.live.get(orderId);
    if (!order) return { ok: false, reason: 'NothingToCancel' };
    if (size !== undefined && (!Number.isInteger(size) || size < 1)) return { ok: false, reason: 'InvalidOrder' };
    const amount = size === undefined ? order.sizeRemaining : Math.min(size, order.sizeRemaining);
    order.sizeCancelled += amount;
    this.reduce(order, amount);
    return { ok: true, fills: [], orders: [order.state()] };
  }

  /** Cancels every order the test picks (a goal: all of them; a blocked customer: theirs). */
  cancelWhere(test: (order: OrderState) => boolean): BookEvents {
    return this.removeWhere(test, 'sizeCancelled');
  }

  /** Lapses every order the test picks (kick-off: persistence 'lapse'; closing the market: all). */
  lapseWhere(test: (order: OrderState) => boolean): BookEvents {
    return this.removeWhere(test, 'sizeLapsed');
  }

  /** Whether the order still has something unmatched on the book. */
  isResting(orderId: string): boolean {
    return this.live.has(orderId);
  }

  /** A resting order's sizes, or undefined once nothing of it is unmatched. */
  order(orderId: string): OrderState | undefined {
    return this.live.get(orderId)?.state();
  }

  /** Every resting order (for a restart's check or an operator's listing), in no particular order. */
  orders(): OrderState[] {
    return [...this.live.values()].map((order) => order.state());
  }

  /**
   * One customer's resting orders, in no particular order. Asked for every hold worked out, so only theirs are copied;
   * an index by customer would cost the matching itself more than this walk saves.
   */
  ordersOf(customerId: string): OrderState[] {
    const mine: OrderState[] = [];
    for (const order of this.live.values()) if (order.customerId === customerId) mine.push(order.state());
    return mine;
  }

  /** The best `depth` prices each way on a runner, as Betfair shows them, and the last price matched. */
  runnerPrices(
    runner: number,
    depth = 3,
  ): { availableToBack: PriceSize[]; availableToLay: PriceSize[]; lastTradedPrice: number | null } {
    const book = this.runners[runner]!;
    const availableToBack: PriceSize[] = [];
    for (let tick = book.bestLay; tick >= 0 && availableToBack.length < depth; tick = book.lays.scan(tick - 1, -1))
      availableToBack.push({ price: decimalOf(LADDER[tick]!), size: book.lays.sizes[tick]! });
    const availableToLay: PriceSize[] = [];
    for (
      let tick = book.bestBack;
      tick < TICK_COUNT && availableToLay.length < depth;
      tick = book.backs.scan(tick + 1, 1)
    )
      availableToLay.push({ price: decimalOf(LADDER[tick]!), size: book.backs.sizes[tick]! });
    const last = book.lastTradedTick;
    return { availableToBack, availableToLay, lastTradedPrice: last === NO_TRADE ? null : decimalOf(LADDER[last]!) };
  }

  /** Best resting lay and back ticks of a runner (-1 / TICK_COUNT when none): the book never has lay >= back. */
  touch(runner: number): { bestLay: number; bestBack: number } {
    const book = this.runners[runner]!;
    return { bestLay: book.bestLay, bestBack: book.bestBack };
  }

  private matchBack(book: RunnerBook, taker: RestingOrder, events: BookEvents): void {
    while (taker.sizeRemaining > 0 && book.bestLay >= taker.tick) {
      const tick = book.bestLay;
      this.matchLevel(book, book.lays, tick, taker, events);
      if (book.lays.isEmpty(tick)) book.bestLay = book.lays.scan(tick - 1, -1);
    }
  }

  private matchLay(book: RunnerBook, taker: RestingOrder, events: BookEvents): void {
    while (taker.sizeRemaining > 0 && book.bestBack <= taker.tick) {
      const tick = book.bestBack;
      this.matchLevel(book, book.backs, tick, taker, events);
      if (book.backs.isEmpty(tick)) book.bestBack = book.backs.scan(tick + 1, 1);
    }
  }

  /** Fills the taker against one price level's queue, oldest first, at that level's price. */
  private matchLevel(
    book: RunnerBook,
    levels: PriceLevels,
    tick: number,
    taker: RestingOrder,
    events: BookEvents,
  ): void {
    const price = LADDER[tick]!;
    let maker = levels.head(tick);
    while (maker !== null && taker.sizeRemaining > 0) {
      const stake = Math.min(taker.sizeRemaining, maker.sizeRemaining);
      taker.sizeRemaining -= stake;
      taker.sizeMatched += stake;
      maker.sizeRemaining -= stake;
      maker.sizeMatched += stake;
      levels.sizes[tick]! -= stake;
      const back = taker.side === 'back' ? taker : maker;
      const lay = taker.side === 'back' ? maker : taker;
      const fill: Fill = {
        runner: taker.runner,
        tick,
        price,
        stake,
        winnings: winnings(stake, price),
        backOrderId: back.orderId,
        backCustomerId: back.customerId,
        layOrderId: lay.orderId,
        layCustomerId: lay.customerId,
        takerOrderId: taker.orderId,
      };
      events.fills.push(fill);
      const next: RestingOrder | null = maker.next;
      if (maker.sizeRemaining === 0) {
        levels.unlink(maker);
        this.forget(maker);
      }
      events.orders.push(maker.state());
      maker = next;
    }
    book.lastTradedTick = tick;
  }

  /** Takes `amount` off a resting order's remainder, and the order off the book once nothing is left. */
  private reduce(order: RestingOrder, amount: number): void {
    const book = this.runners[order.runner]!;
    const levels = order.side === 'back' ? book.backs : book.lays;
    order.sizeRemaining -= amount;
    levels.sizes[order.tick]! -= amount;
    if (order.sizeRemaining > 0) return;
    levels.unlink(order);
    this.forget(order);
    if (!levels.isEmpty(order.tick)) return;
    if (order.side === 'back' && order.tick === book.bestBack) book.bestBack = levels.scan(order.tick + 1, 1);
    if (order.side === 'lay' && order.tick === book.bestLay) book.bestLay = levels.scan(order.tick - 1, -1);
  }

  /** Off the book for good. The node goes back to the pool: its fields stay readable until the next place. */
  private forget(order: RestingOrder): void {
    this.pool.give(order);
    this.live.delete(order.orderId);
    const left = this.restingPerCustomer.get(order.customerId)! - 1;
    if (left === 0) this.restingPerCustomer.delete(order.customerId);
    else this.restingPerCustomer.set(order.customerId, left);
  }

  private removeWhere(test: (order: OrderState) => boolean, into: 'sizeCancelled' | 'sizeLapsed'): BookEvents {
    const events: BookEvents = { fills: [], orders: [] };
    for (const order of [...this.live.values()]) {
      const state = order.state();
      if (!test(state)) continue;
      order[into] += order.sizeRemaining;
      this.reduce(order, order.sizeRemaining);
      events.orders.push(order.state());
    }
    return events;
  }
}
