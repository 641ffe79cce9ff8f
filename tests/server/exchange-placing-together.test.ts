import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKinds } from './support/harness';
import { balanceOf } from './support/money';
import {
  createExchangeWorld,
  expectHoldsMatchExposure,
  openMatch,
  pamHeld,
  punter,
  type ExchangeWorld,
  type Punter,
} from './support/exchange-service';
import type { PlaceOrder } from '../../src/contract/exchange';
import { AppError } from '../../server/platform/errors';
import { P2pWalletClient } from '../../server/exchange/wallet/p2p-client';

type Role = 'layer' | 'backer' | 'poor';
interface Step {
  who: Role;
  runner: 'home' | 'draw';
  order: Omit<PlaceOrder, 'marketId' | 'selectionId' | 'orderId'>;
  /** The script's earlier order whose id this one sends again. */
  sameIdAs?: number;
}

/**
 * One script of orders: a lay rests, a back takes part of it, a hold refused for want of funds, then the same
 * customer's lay that nets off against the refused back (so its hold must be made good alone), a repeat of an order,
 * an order id reused with another body, and a back that takes the rest of the lay and rests its remainder.
 */
const SCRIPT: Step[] = [
  { who: 'layer', runner: 'home', order: { side: 'lay', price: 3, size: 1_000, persistence: 'lapse' } },
  { who: 'backer', runner: 'home', order: { side: 'back', price: 2.5, size: 600, persistence: 'lapse' } },
  { who: 'poor', runner: 'draw', order: { side: 'back', price: 4, size: 2_000, persistence: 'lapse' } },
  { who: 'poor', runner: 'draw', order: { side: 'lay', price: 2, size: 1_000, persistence: 'lapse' } },
  { who: 'backer', runner: 'home', order: { side: 'back', price: 2.5, size: 600, persistence: 'lapse' }, sameIdAs: 1 },
  { who: 'layer', runner: 'home', order: { side: 'lay', price: 3, size: 999, persistence: 'lapse' }, sameIdAs: 0 },
  { who: 'backer', runner: 'home', order: { side: 'back', price: 3, size: 500, persistence: 'lapse' } },
];

for (const kind of databaseKinds()) {
  describe(`orders a market places together [${kind}]`, () => {
    let world: ExchangeWorld;
    beforeAll(async () => {
      world = await createExchangeWorld(kind);
    }, 60_000);
    afterAll(async () => world?.close());

    /** The script on a fresh match with fresh customers: each order as placed, and the placements' promises. */
    async function stage() {
      const match = await openMatch(world);
      const cast: Record<Role, Punter> = {
        layer: await punter(world, 100_000),
        backer: await punter(world, 100_000),
        poor: await punter(world, 1_500),
      };
      const sessions = new Map<Role, Awaited<ReturnType<typeof world.services.sessions.resolve>>>();
      for (const role of Object.keys(cast) as Role[])
        sessions.set(role, await world.services.sessions.resolve(cast[role].token));
      const ids: string[] = [];
      const orders = SCRIPT.map((step, index) => {
        ids[index] = step.sameIdAs === undefined ? randomUUID() : ids[step.sameIdAs]!;
        const request: PlaceOrder = {
          ...step.order,
          orderId: ids[index]!,
          marketId: match.marketId,
          selectionId: match[step.runner],
        };
        return () => world.services.orders.place(sessions.get(step.who)!, request);
      });
      /** What the customer saw, without what differs between the two runs (ids, times). */
      const seen = async (placing: Promise<Awaited<ReturnType<(typeof orders)[number]>>>) => {
        try {
          const { order, status } = await placing;
          const { orderId: _id, marketId: _market, selectionId: _selection, placedAt: _at, ...rest } = order;
          return { status, order: rest };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return { status: error.statusCode, code: error.code };
        }
      };
      /** The money and the matches afterwards, by role, in the order made. */
      const outcome = async () => {
        const held = await pamHeld(world, match.marketId);
        const fills = await world.services.db
          .selectFrom('exchange.fills')
          .select(['runner', 'price', 'stake', 'winnings'])
          .where('market_id', '=', match.marketId)
          .orderBy('id')
          .execute();
        const roles = Object.keys(cast) as Role[];
        await expectHoldsMatchExposure(world, match.marketId, Object.values(cast));
        return {
          fills,
          held: roles.map((role) => held.get(cast[role].userId) ?? 0),
          balances: await Promise.all(roles.map((role) => balanceOf(world.pam, cast[role].userId))),
        };
      };
      return { orders, seen, outcome };
    }

    it('answers orders placed together as if placed one by one, with their holds sent in one call', async () => {
      const alone = await stage();
      const oneByOne = [];
      for (const order of alone.orders) oneByOne.push(await alone.seen(order()));
      const aloneOutcome = await alone.outcome();

      const together = await stage();
      const holds = vi.spyOn(P2pWalletClient.prototype, 'holds');
      // Placed in one go: all of them wait for the market's queue and go through it as one batch.
      const answers = await Promise.all(together.orders.map((order) => together.seen(order())));
      expect(holds).toHaveBeenCalledTimes(1);
      expect(holds.mock.calls[0]![0]).toHaveLength(4);
      holds.mockRestore();

      expect(answers).toEqual(oneByOne);
      expect(await together.outcome()).toEqual(aloneOutcome);
      // The script did what it says, so the comparison compared something.
      expect(oneByOne.map((answer) => answer.status)).toEqual([201, 201, 422, 201, 201, 409, 201]);
      expect(oneByOne[2]).toEqual({ status: 422, code: 'InsufficientFunds' });
      expect(oneByOne[6]!.order).toMatchObject({ sizeMatched: 400, sizeRemaining: 100, averagePriceMatched: 3 });
      expect(aloneOutcome.held).toEqual([2_000, 1_100, 1_000]);
    });
  });
}
