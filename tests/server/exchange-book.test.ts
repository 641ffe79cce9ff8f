import { describe, expect, it } from 'vitest';
import { OrderBook, type NewOrder } from '../../server/exchange/book';
import { tickOf } from '../../src/contract/exchange';

let sequence = 0;
function order(side: 'back' | 'lay', price: number, size: number, extra: Partial<NewOrder> = {}): NewOrder {
  return {
    orderId: `o${++sequence}`,
    customerId: 'alice',
    runner: 0,
    side,
    tick: tickOf(price),
    size,
    persistence: 'lapse',
    ...extra,
  };
}

function placed(book: OrderBook, input: NewOrder) {
  const result = book.place(input);
  if (!result.ok) throw new Error(result.reason);
  return result;
}

describe('the exchange order book', () => {
  it('rests an order that meets nothing and shows it on the other side’s ladder', () => {
    const book = new OrderBook(3);
    const result = placed(book, order('lay', 250, 1_000));
    expect(result.fills).toEqual([]);
    expect(result.orders[0]).toMatchObject({ sizeRemaining: 1_000, sizeMatched: 0, status: 'executable' });
    expect(book.runnerPrices(0)).toEqual({
      availableToBack: [{ price: 2.5, size: 1_000 }],
      availableToLay: [],
      lastTradedPrice: null,
    });
  });

  it('matches a back against resting lays at its price or higher, highest first, at the resting price', () => {
    const book = new OrderBook(1);
    const low = order('lay', 240, 500, { customerId: 'layer' });
    const high = order('lay', 260, 500, { customerId: 'layer' });
    placed(book, low);
    placed(book, high);
    placed(book, order('lay', 230, 500, { customerId: 'layer' }));
    const back = order('back', 240, 800, { customerId: 'backer' });
    const result = placed(book, back);
    expect(result.fills.map((fill) => [fill.layOrderId, fill.price, fill.stake, fill.winnings])).toEqual([
      [high.orderId, 260, 500, 800],
      [low.orderId, 240, 300, 420],
    ]);
    expect(result.fills[0]).toMatchObject({
      backOrderId: back.orderId,
      backCustomerId: 'backer',
      takerOrderId: back.orderId,
    });
    expect(result.orders[0]).toMatchObject({
      orderId: back.orderId,
      sizeMatched: 800,
      sizeRemaining: 0,
      status: 'execution_complete',
    });
    expect(book.runnerPrices(0).availableToBack).toEqual([
      { price: 2.4, size: 200 },
      { price: 2.3, size: 500 },
    ]);
    expect(book.runnerPrices(0).lastTradedPrice).toBe(2.4);
  });

  it('matches a lay against resting backs at its price or lower, lowest first, and rests the remainder', () => {
    const book = new OrderBook(1);
    placed(book, order('back', 300, 400));
    placed(book, order('back', 280, 400));
    placed(book, order('back', 320, 400));
    const lay = order('lay', 300, 1_000);
    const result = placed(book, lay);
    expect(result.fills.map((fill) => [fill.price, fill.stake])).toEqual([
      [280, 400],
      [300, 400],
    ]);
    expect(result.orders[0]).toMatchObject({ sizeMatched: 800, sizeRemaining: 200, status: 'executable' });
    expect(book.runnerPrices(0)).toMatchObject({
      availableToBack: [{ price: 3, size: 200 }],
      availableToLay: [{ price: 3.2, size: 400 }],
    });
  });

  it('fills orders at one price oldest first', () => {
    const book = new OrderBook(1);
    const first = order('back', 200, 300);
    const second = order('back', 200, 300);
    placed(book, first);
    placed(book, second);
    const result = placed(book, order('lay', 200, 400));
    expect(result.fills.map((fill) => [fill.backOrderId, fill.stake])).toEqual([
      [first.orderId, 300],
      [second.orderId, 100],
    ]);
    expect(book.order(second.orderId)).toMatchObject({ sizeMatched: 100, sizeRemaining: 200 });
    expect(book.order(first.orderId)).toBeUndefined();
  });

  it('never matches across runners', () => {
    const book = new OrderBook(3);
    placed(book, order('lay', 200, 500, { runner: 1 }));
    expect(placed(book, order('back', 200, 500, { runner: 0 })).fills).toEqual([]);
    expect(placed(book, order('back', 200, 500, { runner: 2 })).fills).toEqual([]);
  });

  it('does not match a back against a lay priced below it', () => {
    const book = new OrderBook(1);
    placed(book, order('lay', 190, 500));
    expect(placed(book, order('back', 200, 500)).fills).toEqual([]);
    expect(book.touch(0)).toEqual({ bestLay: tickOf(190), bestBack: tickOf(200) });
  });

  it('cancels part of an order, keeping its place, and then the rest', () => {
    const book = new OrderBook(1);
    const first = order('back', 200, 1_000);
    placed(book, first);
    placed(book, order('back', 200, 1_000));
    expect(book.cancel(first.orderId, 400)).toMatchObject({
      ok: true,
      orders: [{ sizeRemaining: 600, sizeCancelled: 400, status: 'executable' }],
    });
    expect(placed(book, order('lay', 200, 600)).fills.map((fill) => fill.backOrderId)).toEqual([first.orderId]);
    expect(book.cancel(first.orderId)).toEqual({ ok: false, reason: 'NothingToCancel' });
    expect(book.runnerPrices(0).availableToLay).toEqual([{ price: 2, size: 1_000 }]);
  });

  it('cancels more than remains as the whole remainder', () => {
    const book = new OrderBook(1);
    const back = order('back', 200, 1_000);
    placed(book, back);
    const result = book.cancel(back.orderId, 5_000);
    expect(result).toMatchObject({
      ok: true,
      orders: [{ sizeCancelled: 1_000, sizeRemaining: 0, status: 'execution_complete' }],
    });
    expect(book.runnerPrices(0).availableToLay).toEqual([]);
    expect(book.touch(0).bestBack).toBe(350);
  });

  it('lapses the orders a test picks and counts them as lapsed, not cancelled', () => {
    const book = new OrderBook(2);
    placed(book, order('back', 200, 500, { persistence: 'lapse' }));
    const kept = order('lay', 190, 500, { persistence: 'keep', runner: 1 });
    placed(book, kept);
    const events = book.lapseWhere((resting) => resting.persistence === 'lapse');
    expect(events.orders).toMatchObject([{ sizeLapsed: 500, sizeCancelled: 0, sizeRemaining: 0 }]);
    expect(book.orders().map((resting) => resting.orderId)).toEqual([kept.orderId]);
    expect(book.cancelWhere(() => true).orders).toMatchObject([{ orderId: kept.orderId, sizeCancelled: 500 }]);
    expect(book.orderCount).toBe(0);
  });

  it('shows three levels each way with their totals, best first', () => {
    const book = new OrderBook(1);
    for (const price of [150, 160, 170, 180]) {
      placed(book, order('lay', price, 100));
      placed(book, order('lay', price, 200));
    }
    for (const price of [200, 210, 220, 230]) placed(book, order('back', price, 100));
    expect(book.runnerPrices(0)).toEqual({
      availableToBack: [
        { price: 1.8, size: 300 },
        { price: 1.7, size: 300 },
        { price: 1.6, size: 300 },
      ],
      availableToLay: [
        { price: 2, size: 100 },
        { price: 2.1, size: 100 },
        { price: 2.2, size: 100 },
      ],
      lastTradedPrice: null,
    });
  });

  it('refuses a bad runner, tick or size, a duplicate id, and orders past its limit', () => {
    const book = new OrderBook(2, { maxOrders: 2, maxOrdersPerCustomer: 2 });
    expect(book.place(order('back', 200, 100, { runner: 2 }))).toEqual({ ok: false, reason: 'InvalidOrder' });
    expect(book.place(order('back', 200, 100, { tick: 350 }))).toEqual({ ok: false, reason: 'InvalidOrder' });
    expect(book.place(order('back', 200, 0))).toEqual({ ok: false, reason: 'InvalidOrder' });
    expect(book.place(order('back', 200, 1.5))).toEqual({ ok: false, reason: 'InvalidOrder' });
    const first = order('back', 200, 100);
    placed(book, first);
    expect(book.place({ ...first })).toEqual({ ok: false, reason: 'DuplicateOrder' });
    placed(book, order('back', 200, 100));
    expect(book.place(order('back', 200, 100))).toEqual({ ok: false, reason: 'BookFull' });
    expect(book.cancel(first.orderId, 0)).toEqual({ ok: false, reason: 'InvalidOrder' });
    expect(() => new OrderBook(0)).toThrow(RangeError);
  });

  it('limits the orders one customer may have resting, and frees a place when one matches or is cancelled', () => {
    const book = new OrderBook(1, { maxOrders: 100, maxOrdersPerCustomer: 2 });
    placed(book, order('back', 200, 100));
    const second = order('back', 210, 100);
    placed(book, second);
    expect(book.place(order('back', 220, 100))).toEqual({ ok: false, reason: 'TooManyOrders' });
    expect(book.place(order('back', 220, 100, { customerId: 'bob' })).ok).toBe(true);
    placed(book, order('lay', 200, 100, { customerId: 'bob' }));
    placed(book, order('back', 220, 100));
    expect(book.place(order('back', 230, 100)).ok).toBe(false);
    book.cancel(second.orderId);
    expect(book.place(order('back', 230, 100)).ok).toBe(true);
  });

  it('counts a customer’s resting orders right when their own order matches one of them', () => {
    const book = new OrderBook(1, { maxOrders: 100, maxOrdersPerCustomer: 2 });
    placed(book, order('back', 200, 100));
    // The lay takes the customer's own back and rests the rest: one order resting, so one more fits.
    placed(book, order('lay', 200, 300));
    expect(book.place(order('back', 300, 100)).ok).toBe(true);
    expect(book.place(order('back', 310, 100))).toEqual({ ok: false, reason: 'TooManyOrders' });
  });
});
