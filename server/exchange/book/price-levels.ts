import { TICK_COUNT } from '../../../src/contract/exchange-ladder';
import type { RestingOrder } from './resting-order';

/**
 * The resting orders of one side of one runner: a FIFO queue per ladder tick (time priority within a price) and
 * the total unmatched size at each tick. Arrays indexed by tick (350 of them) keep every step a read or a write:
 * no sorting, no maps, no allocation.
 */
export class PriceLevels {
  private readonly heads: Array<RestingOrder | null> = new Array<RestingOrder | null>(TICK_COUNT).fill(null);
  private readonly tails: Array<RestingOrder | null> = new Array<RestingOrder | null>(TICK_COUNT).fill(null);
  /** Pence at each tick; a Float64Array holds whole numbers exactly up to 2^53. */
  readonly sizes = new Float64Array(TICK_COUNT);

  head(tick: number): RestingOrder | null {
    return this.heads[tick]!;
  }

  isEmpty(tick: number): boolean {
    return this.heads[tick] === null;
  }

  append(order: RestingOrder): void {
    const tail = this.tails[order.tick]!;
    order.prev = tail;
    order.next = null;
    if (tail) tail.next = order;
    else this.heads[order.tick] = order;
    this.tails[order.tick] = order;
    this.sizes[order.tick]! += order.sizeRemaining;
  }

  /** Takes the order out of its queue; the caller has already taken its remaining size off the level. */
  unlink(order: RestingOrder): void {
    if (order.prev) order.prev.next = order.next;
    else this.heads[order.tick] = order.next;
    if (order.next) order.next.prev = order.prev;
    else this.tails[order.tick] = order.prev;
    order.prev = order.next = null;
  }

  /** The nearest tick from `from` stepping by `step` (+1 or -1) that holds orders, or -1 / TICK_COUNT past the end. */
  scan(from: number, step: 1 | -1): number {
    let tick = from;
    while (tick >= 0 && tick < TICK_COUNT && this.heads[tick] === null) tick += step;
    return tick;
  }
}
