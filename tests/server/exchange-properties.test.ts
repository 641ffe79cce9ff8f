import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OrderBook, type Fill, type OrderState } from '../../server/exchange/book';
import { customerFills, marketExposure, settleMarket, type OpenOrder } from '../../server/exchange/positions';
import { LADDER, TICK_COUNT } from '../../src/contract/exchange';

const CUSTOMERS = ['ann', 'ben', 'cat'] as const;
const COMMISSION_BP = 200;

type Step =
  | { kind: 'place'; customer: number; runner: number; side: 'back' | 'lay'; tick: number; size: number; keep: boolean }
  | { kind: 'cancel'; pick: number; size: number | null }
  | { kind: 'lapse'; keptToo: boolean }
  | { kind: 'cancel-customer'; customer: number };

const step = (runners: number): fc.Arbitrary<Step> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('place' as const),
        customer: fc.nat(CUSTOMERS.length - 1),
        runner: fc.nat(runners - 1),
        side: fc.constantFrom('back' as const, 'lay' as const),
        // Around the middle of the ladder so orders meet, with the odd one anywhere.
        tick: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 95, max: 115 }) }, fc.nat(TICK_COUNT - 1)),
        size: fc.oneof(fc.integer({ min: 100, max: 5_000 }), fc.integer({ min: 1, max: 200_000 })),
        keep: fc.boolean(),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('cancel' as const),
        pick: fc.nat(),
        size: fc.option(fc.integer({ min: 1, max: 5_000 })),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('lapse' as const), keptToo: fc.boolean() }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('cancel-customer' as const), customer: fc.nat(CUSTOMERS.length - 1) }),
    },
  );

const scenario = fc.integer({ min: 2, max: 4 }).chain((runners) =>
  fc.record({
    runners: fc.constant(runners),
    steps: fc.array(step(runners), { maxLength: 120 }),
    winner: fc.option(fc.nat(runners - 1), { freq: 5 }),
    /** Settle with the unmatched orders lapsed first (as the service will), or still counted in the holds. */
    lapseFirst: fc.boolean(),
  }),
);

/** The hold as the rules define it, written out again from scratch: each outcome's matched result plus, for every
 * unmatched remainder, what matching it at its own price would do to that outcome where that is a loss. */
function expectedHold(runners: number, fills: readonly Fill[], open: readonly OrderState[], customer: string): number {
  let worst = Infinity;
  for (let outcome = 0; outcome < runners; outcome++) {
    let result = 0n;
    for (const fill of fills) {
      const won = fill.runner === outcome;
      if (fill.backCustomerId === customer) result += BigInt(won ? fill.winnings : -fill.stake);
      if (fill.layCustomerId === customer) result += BigInt(won ? -fill.winnings : fill.stake);
    }
    for (const order of open) {
      if (order.customerId !== customer) continue;
      const won = order.runner === outcome;
      const remaining = BigInt(order.sizeRemaining);
      const odds = BigInt(LADDER[order.tick]! - 100);
      if (order.side === 'back' && !won) result -= remaining;
      if (order.side === 'lay' && won) result -= (remaining * odds + 99n) / 100n;
    }
    worst = Math.min(worst, Number(result));
  }
  return Math.max(0, -worst);
}

function exposureOf(runners: number, fills: readonly Fill[], open: readonly OrderState[], customer: string) {
  const openOrders: OpenOrder[] = open
    .filter((order) => order.customerId === customer)
    .map((order) => ({ ...order, price: LADDER[order.tick]! }));
  return marketExposure(runners, customerFills(customer, fills), openOrders);
}

describe('the exchange under any sequence of orders, cancels and lapses', () => {
  it('pairs fills, holds the worst case, keeps the book uncrossed, adds up sizes and settles in balance', () => {
    fc.assert(
      fc.property(scenario, ({ runners, steps, winner, lapseFirst }) => {
        const book = new OrderBook(runners);
        const fills: Fill[] = [];
        const placed: Array<{ orderId: string; side: 'back' | 'lay'; tick: number; runner: number }> = [];
        const latest = new Map<string, OrderState>();
        const matchedByFills = new Map<string, number>();
        let holds = CUSTOMERS.map(() => 0);

        const record = (events: { fills: Fill[]; orders: OrderState[] }) => {
          for (const fill of events.fills) {
            // (a) a back and a lay of one runner, at one ladder price, the resting order's, with floor winnings.
            const backOrder = placed.find((order) => order.orderId === fill.backOrderId)!;
            const layOrder = placed.find((order) => order.orderId === fill.layOrderId)!;
            expect([backOrder.side, layOrder.side]).toEqual(['back', 'lay']);
            expect([backOrder.runner, layOrder.runner]).toEqual([fill.runner, fill.runner]);
            expect(fill.price).toBe(LADDER[fill.tick]);
            const maker = fill.takerOrderId === fill.backOrderId ? layOrder : backOrder;
            expect(maker.tick).toBe(fill.tick);
            expect(layOrder.tick).toBeGreaterThanOrEqual(fill.tick);
            expect(backOrder.tick).toBeLessThanOrEqual(fill.tick);
            expect(fill.winnings).toBe(Number((BigInt(fill.stake) * BigInt(fill.price - 100)) / 100n));
            for (const id of [fill.backOrderId, fill.layOrderId])
              matchedByFills.set(id, (matchedByFills.get(id) ?? 0) + fill.stake);
            fills.push(fill);
          }
          for (const order of events.orders) latest.set(order.orderId, order);
        };

        const check = (mayRise: string | null) => {
          const open = book.orders();
          // Each customer's own list (what their hold is worked out from) is exactly their resting orders.
          for (const customer of CUSTOMERS)
            expect(new Set(book.ordersOf(customer))).toEqual(
              new Set(open.filter((order) => order.customerId === customer)),
            );
          const next = CUSTOMERS.map((customer) => exposureOf(runners, fills, open, customer).held);
          CUSTOMERS.forEach((customer, index) => {
            // (b) the hold is the worst-case loss, and only a customer's own new order can raise it.
            expect(next[index]).toBe(expectedHold(runners, fills, open, customer));
            if (customer !== mayRise) expect(next[index]).toBeLessThanOrEqual(holds[index]!);
          });
          holds = next;
          for (let runner = 0; runner < runners; runner++) {
            // (d) never crossed: every resting lay is priced below every resting back.
            const { bestLay, bestBack } = book.touch(runner);
            expect(bestLay).toBeLessThan(bestBack);
            // The ladder shown is exactly the resting orders, grouped by price, best first.
            const levels = (side: 'back' | 'lay') => {
              const byTick = new Map<number, number>();
              for (const order of open)
                if (order.runner === runner && order.side === side)
                  byTick.set(order.tick, (byTick.get(order.tick) ?? 0) + order.sizeRemaining);
              return [...byTick.entries()]
                .sort(([a], [b]) => (side === 'lay' ? b - a : a - b))
                .map(([tick, size]) => ({ price: LADDER[tick]! / 100, size }));
            };
            const prices = book.runnerPrices(runner, TICK_COUNT);
            expect(prices.availableToBack).toEqual(levels('lay'));
            expect(prices.availableToLay).toEqual(levels('back'));
            expect(book.runnerPrices(runner)).toMatchObject({
              availableToBack: levels('lay').slice(0, 3),
              availableToLay: levels('back').slice(0, 3),
            });
          }
        };

        for (const [index, action] of steps.entries()) {
          if (action.kind === 'place') {
            const orderId = `o${index}`;
            placed.push({ orderId, side: action.side, tick: action.tick, runner: action.runner });
            const result = book.place({
              orderId,
              customerId: CUSTOMERS[action.customer]!,
              runner: action.runner,
              side: action.side,
              tick: action.tick,
              size: action.size,
              persistence: action.keep ? 'keep' : 'lapse',
            });
            expect(result.ok).toBe(true);
            if (result.ok) record(result);
            check(CUSTOMERS[action.customer]!);
          } else if (action.kind === 'cancel') {
            if (placed.length === 0) continue;
            const target = placed[action.pick % placed.length]!;
            const result = book.cancel(target.orderId, action.size ?? undefined);
            if (result.ok) record(result);
            else expect(latest.get(target.orderId)?.sizeRemaining).toBe(0);
            check(null);
          } else if (action.kind === 'lapse') {
            record(book.lapseWhere((order) => action.keptToo || order.persistence === 'lapse'));
            check(null);
          } else {
            record(book.cancelWhere((order) => order.customerId === CUSTOMERS[action.customer]));
            check(null);
          }
        }

        // (e) each order's sizes add up, and its matched size is what its fills say.
        for (const order of latest.values()) {
          expect(order.sizeMatched + order.sizeRemaining + order.sizeCancelled + order.sizeLapsed).toBe(order.size);
          expect(order.sizeMatched).toBe(matchedByFills.get(order.orderId) ?? 0);
        }

        // (c) the market settles, after what is unmatched lapses or with it still held: nothing made or lost.
        if (lapseFirst) {
          record(book.lapseWhere(() => true));
          check(null);
        }
        const open = book.orders();
        const outcome =
          winner === null ? ({ kind: 'void' } as const) : { kind: 'winner' as const, runner: winner, selectionId: 'x' };
        let paid = 0;
        let commission = 0;
        for (const customer of CUSTOMERS) {
          const exposure = exposureOf(runners, fills, open, customer);
          const settled = settleMarket(exposure.held, exposure.ifWins, outcome, COMMISSION_BP);
          expect(settled.payout).toBeGreaterThanOrEqual(0);
          paid += settled.payout;
          commission += settled.commission;
        }
        expect(paid + commission).toBe(holds.reduce((sum, held) => sum + held, 0));
      }),
      { numRuns: 300 },
    );
  });
});
