import type { Market, MarketStatus } from '../../../src/contract/exchange';
import { LADDER } from '../../../src/contract/exchange-ladder';
import { OrderBook } from '../book';
import type { ExchangeMarketDefinition } from '../markets';
import { marketExposure, type CustomerFill, type Exposure, type OpenOrder } from '../positions';

/**
 * One market in memory: its definition, its book, each customer's matched fills and what the wallet holds for
 * them. Every change goes through `run`, one task at a time, so the book has one writer.
 */
export class LiveMarket {
  readonly book: OrderBook;
  readonly fills = new Map<number, CustomerFill[]>();
  readonly held = new Map<number, number>();
  /**
   * What orders put back on the book after a restart had already matched, cancelled or lapsed: the book counts only
   * from their remainder, so these are added back to its counts before they are stored.
   */
  readonly restored = new Map<string, { matched: number; cancelled: number; lapsed: number }>();
  /** Orders held by the in-play delay: not on the book yet, but held for as if they were. */
  readonly delayed = new Map<string, { playerId: number; order: OpenOrder }>();
  /** The in-play delay, which the API shows as `betDelayMs` while the market is in play. */
  inPlayDelayMs = 0;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly definition: ExchangeMarketDefinition,
    public status: MarketStatus,
    public inPlay: boolean,
  ) {
    this.book = new OrderBook(definition.runners.length);
  }

  get marketId(): string {
    return this.definition.marketId;
  }

  /** Runs the task after every task queued before it; a failure fails that task only. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task, task);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Runs the task once it holds every one of these markets' queues, so no other task of theirs interleaves. Each
   * queue is joined in the same synchronous step, so two such tasks sharing markets join them in one order and cannot
   * wait on each other.
   */
  static runTogether<T>(markets: readonly LiveMarket[], task: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = markets.map(
      (market) =>
        new Promise<void>((inside) => {
          void market.run(() => {
            inside();
            return released;
          });
        }),
    );
    return Promise.all(held).then(task).finally(release);
  }

  runnerOf(selectionId: string): number {
    return this.definition.runners.findIndex((runner) => runner.selectionId === selectionId);
  }

  /** The customer's exposure now, with `extra` counted as more unmatched orders (a placement's worst case). */
  exposure(playerId: number, ...extra: OpenOrder[]): Exposure {
    const open: OpenOrder[] = this.book.ordersOf(String(playerId)).map((order) => ({
      runner: order.runner,
      side: order.side,
      price: LADDER[order.tick]!,
      sizeRemaining: order.sizeRemaining,
    }));
    for (const waiting of this.delayed.values()) if (waiting.playerId === playerId) open.push(waiting.order);
    open.push(...extra);
    return marketExposure(this.book.runnerCount, this.fills.get(playerId) ?? [], open);
  }

  addFill(playerId: number, fill: CustomerFill): void {
    const list = this.fills.get(playerId);
    if (list) list.push(fill);
    else this.fills.set(playerId, [fill]);
  }

  /** Everyone with a stake in the market: a hold, or matched bets. */
  customers(): number[] {
    return [...new Set([...this.held.keys(), ...this.fills.keys()])];
  }

  view(eventId: string): Market {
    return {
      marketId: this.marketId,
      eventId,
      name: this.definition.name,
      status: this.status,
      inPlay: this.inPlay,
      betDelayMs: this.inPlay ? this.inPlayDelayMs : 0,
      runners: this.definition.runners.map((runner, index) => ({
        selectionId: runner.selectionId,
        name: runner.name,
        ...this.book.runnerPrices(index),
      })),
    };
  }
}
