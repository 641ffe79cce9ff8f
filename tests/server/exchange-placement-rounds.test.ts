import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKinds } from './support/harness';
import {
  createExchangeWorld,
  expectHoldsMatchExposure,
  openMatch,
  punter,
  type ExchangeWorld,
  type Punter,
} from './support/exchange-service';
import type { PlaceOrder } from '../../src/contract/exchange';
import { AppError } from '../../server/platform/errors';

for (const kind of databaseKinds()) {
  describe(`placement rounds across markets [${kind}]`, () => {
    let world: ExchangeWorld;
    beforeAll(async () => {
      world = await createExchangeWorld(kind);
    }, 60_000);
    afterAll(async () => world?.close());

    const answerOf = async (
      placing: Promise<{ order: { sizeMatched: number; sizeRemaining: number }; status: number }>,
    ) => {
      try {
        const { order, status } = await placing;
        return { status, sizeMatched: order.sizeMatched, sizeRemaining: order.sizeRemaining };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { status: error.statusCode, code: error.code };
      }
    };

    it('places orders of two markets sent at the same moment in one round: one holds call, each market answered on its own', async () => {
      const first = await openMatch(world);
      const second = await openMatch(world);
      const cast = {
        layer: await punter(world, 100_000),
        backer: await punter(world, 100_000),
        poor: await punter(world, 1_500),
      } satisfies Record<string, Punter>;
      const session = async (who: Punter) => world.services.sessions.resolve(who.token);
      const [layer, backer, poor] = await Promise.all([session(cast.layer), session(cast.backer), session(cast.poor)]);
      const order = (
        market: { marketId: string; home: string },
        fields: Omit<PlaceOrder, 'marketId' | 'selectionId' | 'orderId'>,
        orderId = randomUUID(),
      ): PlaceOrder => ({
        ...fields,
        orderId,
        marketId: market.marketId,
        selectionId: market.home,
      });
      // Stored before the round: its id is sent again within it.
      const earlier = order(first, { side: 'back', price: 5, size: 300, persistence: 'lapse' });
      const earlierAnswer = await world.services.orders.place(backer, earlier);

      const holds = vi.spyOn(world.services.wallet, 'holds');
      const answers = await Promise.all(
        [
          // The first market: a lay that rests, a hold refused for want of funds, a repeat, a back that takes the lay.
          world.services.orders.place(
            layer,
            order(first, { side: 'lay', price: 3, size: 1_000, persistence: 'lapse' }),
          ),
          world.services.orders.place(
            poor,
            order(first, { side: 'back', price: 4, size: 2_000, persistence: 'lapse' }),
          ),
          world.services.orders.place(backer, earlier),
          world.services.orders.place(
            backer,
            order(first, { side: 'back', price: 3, size: 600, persistence: 'lapse' }),
          ),
          // The second market: a lay that rests and a back that takes part of it.
          world.services.orders.place(layer, order(second, { side: 'lay', price: 2, size: 500, persistence: 'lapse' })),
          world.services.orders.place(
            backer,
            order(second, { side: 'back', price: 2, size: 800, persistence: 'lapse' }),
          ),
        ].map(answerOf),
      );
      const calls = holds.mock.calls.map(([sent]) => sent.map((hold) => hold.marketId));
      holds.mockRestore();

      // One call for both markets' holds (the repeat holds nothing; the refused one is in it and refused alone).
      expect(calls).toEqual([[first.marketId, first.marketId, first.marketId, second.marketId, second.marketId]]);
      expect(answers).toEqual([
        { status: 201, sizeMatched: 0, sizeRemaining: 1_000 },
        { status: 422, code: 'InsufficientFunds' },
        { status: 201, sizeMatched: earlierAnswer.order.sizeMatched, sizeRemaining: earlierAnswer.order.sizeRemaining },
        { status: 201, sizeMatched: 600, sizeRemaining: 0 },
        { status: 201, sizeMatched: 0, sizeRemaining: 500 },
        { status: 201, sizeMatched: 500, sizeRemaining: 300 },
      ]);
      await expectHoldsMatchExposure(world, first.marketId, Object.values(cast));
      await expectHoldsMatchExposure(world, second.marketId, Object.values(cast));
      const fills = await world.services.db
        .selectFrom('exchange.fills')
        .select(['market_id', 'stake'])
        .where('market_id', 'in', [first.marketId, second.marketId])
        .orderBy('id')
        .execute();
      expect(fills).toEqual([
        { market_id: first.marketId, stake: 600 },
        { market_id: second.marketId, stake: 500 },
      ]);
    });
  });
}
