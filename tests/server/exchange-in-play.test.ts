import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import { balanceOf } from './support/money';
import {
  createExchangeWorld,
  delayedTake,
  expectHoldsMatchExposure,
  openMatch,
  place,
  placed,
  punter,
  releaseDelayed,
  type ExchangeWorld,
} from './support/exchange-service';
import type { Market, Order } from '../../src/contract/exchange';

for (const kind of databaseKinds()) {
  describe(`the exchange in play: kick-off, goals and the bet delay [${kind}]`, () => {
    let world: ExchangeWorld;
    beforeAll(async () => {
      world = await createExchangeWorld(kind);
    }, 60_000);
    afterAll(async () => world?.close());

    const marketView = async (marketId: string) =>
      (await world.app.inject({ method: 'GET', url: `/api/markets/${marketId}` })).json() as Market;
    const ordersOf = async (token: string) =>
      (
        await world.app.inject({ method: 'GET', url: '/api/orders', headers: { authorization: `Bearer ${token}` } })
      ).json().orders as Order[];

    it("shows the in-play delay as the market's betDelayMs once the match kicks off, and none before", async () => {
      const match = await openMatch(world);
      expect(await marketView(match.marketId)).toMatchObject({ inPlay: false, betDelayMs: 0 });
      world.feed.update(match.eventId, { status: 'live' });
      await world.services.feed.poll();
      expect(await marketView(match.marketId)).toMatchObject({ inPlay: true, betDelayMs: 5_000 });
    });

    it('treats an order that reached the market before kick-off as pre-match: matched at once, its rest lapsed', async () => {
      const match = await openMatch(world);
      const layer = await punter(world, 10_000);
      const backer = await punter(world, 10_000);
      await placed(world, layer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'lay',
        price: 2,
        size: 400,
        persistence: 'keep',
      });
      // The market's queue is busy when the order arrives; kick-off is read while the order waits its turn.
      const market = world.services.markets.get(match.marketId)!;
      let free!: () => void;
      const busy = market.run(() => new Promise<void>((resolve) => (free = resolve)));
      const sent = place(world, backer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2,
        size: 1_000,
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      world.feed.update(match.eventId, { status: 'live' });
      const kickOff = world.services.feed.poll();
      await new Promise((resolve) => setTimeout(resolve, 50));
      free();
      await busy;
      const answer = await sent;
      await kickOff;
      expect(answer.statusCode, answer.body).toBe(201);
      expect(world.delay.count).toBe(0);
      const [order] = await ordersOf(backer.token);
      expect(order).toMatchObject({ sizeMatched: 400, sizeLapsed: 600, sizeRemaining: 0 });
      await expectHoldsMatchExposure(world, match.marketId, [backer, layer]);
    });

    it('cancels an order waiting out the in-play delay when a goal comes, even if the market reopens before the delay ends', async () => {
      const { match, backer, layer, resting } = await delayedTake(world);
      world.feed.update(match.eventId, { score: { home: 1, away: 0 }, goals: 1 });
      await world.services.feed.poll();
      expect(await marketView(match.marketId)).toMatchObject({ status: 'suspended' });
      // The suspension ends before the order's delay does.
      world.pam.clock.advance(10_000);
      await world.services.feed.poll();
      expect(await marketView(match.marketId)).toMatchObject({ status: 'open' });
      await releaseDelayed(world, match.marketId);

      const [order] = await ordersOf(backer.token);
      expect(order).toMatchObject({ sizeMatched: 0, sizeCancelled: 600, status: 'execution_complete' });
      const [lay] = await ordersOf(layer.token);
      expect(lay).toMatchObject({ orderId: resting.orderId, sizeMatched: 0, sizeCancelled: 1_000 });
      await world.services.outbox.drain();
      expect(await balanceOf(world.pam, backer.userId)).toBe(10_000);
      expect(await balanceOf(world.pam, layer.userId)).toBe(10_000);
    });

    it('suspends every market of the match and cancels their unmatched orders in one step of each queue', async () => {
      const match = await openMatch(world);
      const customer = await punter(world, 10_000);
      world.feed.update(match.eventId, { status: 'live' });
      await world.services.feed.poll();
      const overUnder = `${match.eventId}~over-under-2.5`;
      await placed(world, customer, {
        marketId: overUnder,
        selectionId: `${overUnder}~over`,
        side: 'back',
        price: 3,
        size: 500,
        persistence: 'keep',
      });
      // An order queued on the market before the goal is read meets the book first; the goal then cancels it.
      const market = world.services.markets.get(match.marketId)!;
      let free!: () => void;
      const busy = market.run(() => new Promise<void>((resolve) => (free = resolve)));
      const sent = place(world, customer, {
        marketId: match.marketId,
        selectionId: match.draw,
        side: 'back',
        price: 4,
        size: 700,
        persistence: 'keep',
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      world.feed.update(match.eventId, { score: { home: 0, away: 1 }, goals: 1 });
      const goal = world.services.feed.poll();
      await new Promise((resolve) => setTimeout(resolve, 50));
      free();
      await busy;
      expect((await sent).statusCode).toBe(201);
      await goal;
      for (const marketId of [match.marketId, overUnder])
        expect(await marketView(marketId)).toMatchObject({ status: 'suspended' });
      expect((await ordersOf(customer.token)).map((order) => order.sizeCancelled).sort()).toEqual([500, 700]);
      await world.services.outbox.drain();
      expect(await balanceOf(world.pam, customer.userId)).toBe(10_000);
    });
  });
}
