import type { OrderSide, Persistence } from '../../../src/contract/exchange';
import type { NewOrder, OrderState } from './types';

/**
 * An order while it has something unmatched: a node of its price level's FIFO queue, changed in place. Nodes are
 * reused once their order leaves the book (see OrderPool), so nothing outside the book ever holds one.
 */
export class RestingOrder {
  orderId = '';
  customerId = '';
  runner = 0;
  side: OrderSide = 'back';
  tick = 0;
  size = 0;
  persistence: Persistence = 'lapse';
  sizeMatched = 0;
  sizeCancelled = 0;
  sizeLapsed = 0;
  sizeRemaining = 0;
  prev: RestingOrder | null = null;
  next: RestingOrder | null = null;

  init(order: NewOrder): this {
    this.orderId = order.orderId;
    this.customerId = order.customerId;
    this.runner = order.runner;
    this.side = order.side;
    this.tick = order.tick;
    this.size = order.size;
    this.persistence = order.persistence;
    this.sizeMatched = this.sizeCancelled = this.sizeLapsed = 0;
    this.sizeRemaining = order.size;
    this.prev = this.next = null;
    return this;
  }

  state(): OrderState {
    return {
      orderId: this.orderId,
      customerId: this.customerId,
      runner: this.runner,
      side: this.side,
      tick: this.tick,
      size: this.size,
      sizeMatched: this.sizeMatched,
      sizeRemaining: this.sizeRemaining,
      sizeCancelled: this.sizeCancelled,
      sizeLapsed: this.sizeLapsed,
      persistence: this.persistence,
      status: this.sizeRemaining > 0 ? 'executable' : 'execution_complete',
    };
  }
}

/**
 * Spare nodes of orders that left the book. An order that rests lives long enough to be promoted to the old
 * generation; reusing its node keeps a busy book from handing the garbage collector a dead order per operation.
 */
export class OrderPool {
  private readonly spare: RestingOrder[] = [];

  constructor(private readonly capacity = 10_000) {}

  take(order: NewOrder): RestingOrder {
    return (this.spare.pop() ?? new RestingOrder()).init(order);
  }

  give(order: RestingOrder): void {
    if (this.spare.length < this.capacity) this.spare.push(order);
  }
}
