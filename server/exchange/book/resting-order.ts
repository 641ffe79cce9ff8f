import type { OrderSide, Persistence } from '../../../src/contract/exchange';
import type { OrderState } from './types';

/** An order while it has something unmatched: a node of its price level's FIFO queue, changed in place. */
export class RestingOrder {
  sizeMatched = 0;
  sizeCancelled = 0;
  sizeLapsed = 0;
  sizeRemaining: number;
  prev: RestingOrder | null = null;
  next: RestingOrder | null = null;

  constructor(
    readonly orderId: string,
    readonly customerId: string,
    readonly runner: number,
    readonly side: OrderSide,
    readonly tick: number,
    readonly size: number,
    readonly persistence: Persistence,
  ) {
    this.sizeRemaining = size;
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
