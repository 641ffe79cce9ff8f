import { Observable } from '../../ui/frame/Observable';
import type { Order, PlaceOrderRequest, Position } from '../../contract/exchange';
import type { ExchangeApi, PlaceOrderResult } from '../services/api';

type OrdersApi = Pick<ExchangeApi, 'orders' | 'positions' | 'placeOrder' | 'cancelOrder'>;

export interface OrdersDeps {
  api: OrdersApi;
  randomUUID: () => string;
  /** An order was placed, matched or cancelled: the host refreshes what it shows. */
  onOrdersChanged: () => void;
}

/** The customer's orders and positions; cancel and edit (cancel and replace) live here, beside the orders. */
export class OrdersStore extends Observable {
  private readonly byId = new Map<string, Order>();
  private readonly positions = new Map<string, Position>();
  loaded = false;
  failed: string | null = null;
  /** Per order id: a cancel or edit in flight, and its error in words. */
  readonly busy = new Set<string>();
  readonly errors = new Map<string, string>();

  constructor(private readonly deps: OrdersDeps) {
    super();
  }

  async load(): Promise<void> {
    try {
      const orders = await this.deps.api.orders();
      for (const order of orders) this.byId.set(order.orderId, order);
      this.loaded = true;
      this.failed = null;
    } catch (error) {
      this.failed = (error as Error).message;
    }
    this.changed();
  }

  async loadPosition(marketId: string): Promise<void> {
    try {
      const positions = await this.deps.api.positions(marketId);
      const position = positions.find((entry) => entry.marketId === marketId);
      if (position) this.onPosition(position);
    } catch {
      // The figures stay as last seen; the next push or order brings them up to date.
    }
  }

  reset(): void {
    this.byId.clear();
    this.positions.clear();
    this.loaded = false;
    this.changed();
  }

  newOrderId(): string {
    return this.deps.randomUUID();
  }

  find(orderId: string): Order | undefined {
    return this.byId.get(orderId);
  }

  /** Unmatched remainders on a market, newest first. */
  openOn(marketId: string): Order[] {
    return this.list((order) => order.marketId === marketId && order.sizeRemaining > 0);
  }

  /** Orders with something matched and not yet settled, newest first. */
  matchedOn(marketId: string): Order[] {
    return this.list((order) => order.marketId === marketId && order.sizeMatched > 0 && order.result === undefined);
  }

  get allOpen(): Order[] {
    return this.list((order) => order.sizeRemaining > 0);
  }

  get allMatched(): Order[] {
    return this.list((order) => order.sizeMatched > 0 && order.result === undefined);
  }

  /** Settled orders with a result, newest first. */
  get allSettled(): Order[] {
    return this.list((order) => order.result !== undefined && order.sizeMatched > 0);
  }

  get marketIds(): string[] {
    return [...new Set(this.list((order) => order.result === undefined).map((order) => order.marketId))];
  }

  positionOn(marketId: string): Position | undefined {
    return this.positions.get(marketId);
  }

  onOrder(order: Order): void {
    this.byId.set(order.orderId, order);
    this.changed();
  }

  onPosition(position: Position): void {
    this.positions.set(position.marketId, position);
    this.changed();
  }

  /** Sends one order; an answer with an order is kept and the position fetched again. */
  async place(request: PlaceOrderRequest): Promise<PlaceOrderResult> {
    const result = await this.deps.api.placeOrder(request);
    if (result.outcome !== 'refused') {
      this.onOrder(result.order);
      void this.loadPosition(request.marketId);
      this.deps.onOrdersChanged();
    }
    return result;
  }

  async cancel(orderId: string): Promise<Order | null> {
    return this.whileBusy(orderId, async () => {
      const order = await this.deps.api.cancelOrder(orderId);
      this.onOrder(order);
      void this.loadPosition(order.marketId);
      this.deps.onOrdersChanged();
      return order;
    });
  }

  /**
   * Cancel and replace, as Betfair's replaceOrders: the unmatched remainder is cancelled, then a new order goes in
   * at the new price and stake. A part matched meanwhile stands; nothing is placed if the cancel fails.
   */
  async edit(orderId: string, price: number, size: number): Promise<PlaceOrderResult | null> {
    return this.whileBusy(orderId, async () => {
      const old = this.byId.get(orderId);
      if (!old) return null;
      const cancelled = await this.deps.api.cancelOrder(orderId);
      this.onOrder(cancelled);
      const result = await this.place({
        orderId: this.deps.randomUUID(),
        marketId: old.marketId,
        selectionId: old.selectionId,
        side: old.side,
        price,
        size,
        persistence: old.persistence,
      });
      if (result.outcome === 'refused') {
        this.errors.set(orderId, `Cancelled, but the new order was refused: ${result.message}`);
        void this.loadPosition(old.marketId);
        this.deps.onOrdersChanged();
      }
      return result;
    });
  }

  private async whileBusy<T>(orderId: string, work: () => Promise<T>): Promise<T | null> {
    if (this.busy.has(orderId)) return null;
    this.busy.add(orderId);
    this.errors.delete(orderId);
    this.changed();
    try {
      return await work();
    } catch (error) {
      this.errors.set(orderId, (error as Error).message);
      return null;
    } finally {
      this.busy.delete(orderId);
      this.changed();
    }
  }

  private list(keep: (order: Order) => boolean): Order[] {
    return [...this.byId.values()].filter(keep).sort((a, b) => b.placedAt.localeCompare(a.placedAt));
  }
}
