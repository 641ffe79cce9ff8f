/**
 * Property tests of the whole exchange (issue 25, "How we will know"): random sequences of orders, cancels, lapses,
 * goals and a settlement, through the real order service's routes and the real PAM door on the database, then the
 * money rules checked from both sides. Bounded: a few runs of a few dozen steps each.
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import { invariantMismatches } from './support/money';
import { p2pCall } from './support/p2p-wallet';
import {
  createExchangeWorld,
  expectHoldsMatchExposure,
  openMatch,
  place,
  punter,
  releaseDelayed,
  type ExchangeWorld,
  type Punter,
} from './support/exchange-service';
import { LADDER, winnings, floorDiv } from '../../src/contract/exchange-ladder';
import type { PositionsResponse } from '../../src/contract/p2p-wallet';
import { exchangeCommands } from '../../server/exchange/operator/commands';
import type { ExchangeReconciliationReport } from '../../server/exchange/operator/reconciliation';

const COMMISSION_BP = 200;
const CUSTOMERS = 3;

type Step =
  | { kind: 'place'; customer: number; runner: number; side: 'back' | 'lay'; tick: number; size: number; keep: boolean }
  | { kind: 'cancel'; pick: number; part: number | null }
  | { kind: 'kick-off' }
  | { kind: 'goal' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      customer: fc.nat(CUSTOMERS - 1),
      runner: fc.nat(2),
      side: fc.constantFrom('back' as const, 'lay' as const),
      // Prices 1.95 to 2.3 mostly, so orders meet; now and then anywhere from 1.5 to 10.
      tick: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 94, max: 110 }) }, fc.integer({ min: 49, max: 229 })),
      size: fc.integer({ min: 100, max: 3_000 }),
      keep: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      pick: fc.nat(),
      part: fc.option(fc.integer({ min: 1, max: 1_500 }), { freq: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('kick-off' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('goal' as const) }) },
);

const scenario = fc.record({
  steps: fc.array(step, { minLength: 4, maxLength: 18 }),
  /** The winning runner of Match Odds (home, draw, away), or null: the match abandoned, the market void. */
  winner: fc.option(fc.nat(2), { freq: 5 }),
});

for (const kind of databaseKinds()) {
  describe(`exchange service properties [${kind}]`, () => {
    let world: ExchangeWorld;
    let customers: Punter[];
    beforeAll(async () => {
      world = await createExchangeWorld(kind);
      customers = [];
      for (let index = 0; index < CUSTOMERS; index++) customers.push(await punter(world, 10_000_000));
    }, 120_000);
    afterAll(async () => world?.close());

    it('after any orders, cancels, lapses, goals and a settlement: holds equal worst cases, matches pair, and the money balances to the penny', async () => {
      await fc.assert(
        fc.asyncProperty(scenario, async ({ steps, winner }) => {
          const match = await openMatch(world);
          const selections = [match.home, match.draw, match.away];
          const market = world.services.markets.get(match.marketId)!;
          let live = false;
          let goals = 0;
          for (const action of steps) {
            if (action.kind === 'place') {
              const response = await place(world, customers[action.customer]!, {
                orderId: randomUUID(),
                marketId: match.marketId,
                selectionId: selections[action.runner]!,
                side: action.side,
                price: LADDER[action.tick]! / 100,
                size: action.size,
                persistence: action.keep ? 'keep' : 'lapse',
              });
              // Refused only by the rules: too much liability at a long price.
              expect([201, 202, 422], response.body).toContain(response.statusCode);
              if (response.statusCode === 422) expect(response.json().code).toBe('LiabilityTooLarge');
              if (response.statusCode === 202) await releaseDelayed(world, match.marketId);
            } else if (action.kind === 'cancel') {
              const open = market.book.orders();
              if (open.length === 0) continue;
              const order = open[action.pick % open.length]!;
              const owner = customers.find((customer) => String(customer.userId) === order.customerId)!;
              const response = await world.app.inject({
                method: 'DELETE',
                url: `/api/orders/${order.orderId}${action.part === null ? '' : `?size=${action.part}`}`,
                headers: { authorization: `Bearer ${owner.token}` },
              });
              expect(response.statusCode, response.body).toBe(200);
            } else if (action.kind === 'kick-off') {
              if (live) continue;
              live = true;
              world.feed.update(match.eventId, { status: 'live' });
              await world.services.feed.poll();
            } else {
              if (!live) continue;
              goals++;
              world.feed.update(match.eventId, { goals, score: { home: goals, away: 0 } });
              await world.services.feed.poll();
              expect(market.book.orders()).toEqual([]);
              // The suspension after a goal ends, and the market takes orders again.
              world.pam.clock.advance(11_000);
              await world.services.feed.poll();
            }
            await expectHoldsMatchExposure(world, match.marketId, customers);
          }

          // The result: its score picks the winner (goals so far all the home side's).
          const score =
            winner === null
              ? { home: goals, away: 0 }
              : { home: goals + (winner === 0 ? 1 : 0), away: goals + (winner === 2 ? 1 : 0) };
          world.feed.update(match.eventId, { status: winner === null ? 'abandoned' : 'finished', score });
          await world.services.feed.poll();
          await world.services.outbox.drain();
          expect(market.status).toBe('settled');
          const winningRunner =
            winner === null ? null : score.home > score.away ? 0 : score.home === score.away ? 1 : 2;

          // Every match pairs the backer's stake and the layer's liability at one price, as its orders allowed.
          const fills = await world.services.db
            .selectFrom('exchange.fills')
            .innerJoin('exchange.orders as b', 'b.id', 'exchange.fills.back_order_id')
            .innerJoin('exchange.orders as l', 'l.id', 'exchange.fills.lay_order_id')
            .select([
              'exchange.fills.runner',
              'exchange.fills.price',
              'exchange.fills.stake',
              'exchange.fills.winnings',
              'exchange.fills.back_player_id',
              'exchange.fills.lay_player_id',
              'b.price as back_price',
              'b.side as back_side',
              'b.runner as back_runner',
              'l.price as lay_price',
              'l.side as lay_side',
              'l.runner as lay_runner',
            ])
            .where('exchange.fills.market_id', '=', match.marketId)
            .execute();
          const net = new Map<number, number>();
          for (const fill of fills) {
            expect([fill.back_side, fill.lay_side, fill.back_runner, fill.lay_runner]).toEqual([
              'back',
              'lay',
              fill.runner,
              fill.runner,
            ]);
            expect(fill.price).toBeGreaterThanOrEqual(fill.back_price);
            expect(fill.price).toBeLessThanOrEqual(fill.lay_price);
            expect(fill.winnings).toBe(winnings(fill.stake, fill.price));
            const backerGains =
              winningRunner === null ? 0 : winningRunner === fill.runner ? fill.winnings : -fill.stake;
            net.set(fill.back_player_id, (net.get(fill.back_player_id) ?? 0) + backerGains);
            net.set(fill.lay_player_id, (net.get(fill.lay_player_id) ?? 0) - backerGains);
          }

          // Money paid out equals money held less commission, to the penny, per customer and for the market.
          const positions = (
            await p2pCall(world.pam, 'positions', { marketId: match.marketId })
          ).json() as PositionsResponse;
          let commission = 0;
          for (const customer of customers) {
            const result = net.get(customer.userId) ?? 0;
            const charged = result > 0 ? floorDiv(COMMISSION_BP * result, 10_000) : 0;
            commission += charged;
            const position = positions.positions.find((row) => row.playerId === customer.userId);
            if (!position) {
              expect(result).toBe(0);
              continue;
            }
            expect(position.status).toBe('settled');
            const held = positions.postings
              .filter((row) => row.playerId === customer.userId && row.call !== 'settle')
              .reduce((sum, row) => sum - (row.posted ?? 0), 0);
            expect(position.paid, `customer ${customer.userId}`).toBe(held + result - charged);
          }
          expect(positions.totalHeld - positions.totalPaid).toBe(commission);
          const report = (await exchangeCommands
            .find('ex-reconcile')!
            .run(world.services, [match.marketId])) as ExchangeReconciliationReport;
          expect(report.pending).toEqual([]);
          expect(report.differences).toEqual([]);
        }),
        { numRuns: 6, endOnFailure: true },
      );
      expect(await invariantMismatches(world.pam)).toEqual([]);
    }, 120_000);
  });
}
