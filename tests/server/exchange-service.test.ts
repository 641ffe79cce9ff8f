import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { databaseKinds } from './support/harness';
import { balanceOf, invariantMismatches } from './support/money';
import {
  createExchangeWorld,
  delayedTake,
  expectHoldsMatchExposure,
  feedSays,
  openMatch,
  ordersOf,
  pamHeld,
  place,
  placed,
  punter,
  releaseDelayed,
  type ExchangeWorld,
} from './support/exchange-service';
import type { Order } from '../../src/contract/exchange';
import { exchangeCommands } from '../../server/exchange/operator/commands';

for (const kind of databaseKinds()) {
  describe(`the exchange service with the PAM's wallet [${kind}]`, () => {
    let world: ExchangeWorld;
    beforeAll(async () => {
      world = await createExchangeWorld(kind);
    }, 60_000);
    afterAll(async () => world?.close());

    it("lists the feed's matches and their markets, each runner with an empty ladder", async () => {
      const match = await openMatch(world);
      const events = await world.app.inject({ method: 'GET', url: '/api/events?status=upcoming' });
      expect(events.json().events).toContainEqual(
        expect.objectContaining({ eventId: match.eventId, name: 'Arsenal v Chelsea', inPlay: false, score: null }),
      );
      const markets = await world.app.inject({ method: 'GET', url: `/api/markets?eventId=${match.eventId}` });
      expect(markets.json().markets.map((market: { name: string }) => market.name)).toContain('Match Odds');
      const market = await world.app.inject({ method: 'GET', url: `/api/markets/${match.marketId}` });
      expect(market.json()).toMatchObject({ marketId: match.marketId, status: 'open', inPlay: false });
      expect(market.json().runners[0]).toEqual({
        selectionId: match.home,
        name: 'Arsenal',
        availableToBack: [],
        availableToLay: [],
        lastTradedPrice: null,
      });
      expect((await world.app.inject({ method: 'GET', url: '/api/markets/nope~match-odds' })).statusCode).toBe(404);
    });

    it('matches a back against a resting lay in full and in part, holding at the PAM exactly each worst case', async () => {
      const match = await openMatch(world);
      const backer = await punter(world, 100_000);
      const layer = await punter(world, 100_000);
      const lay = await placed(world, layer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'lay',
        price: 3,
        size: 1_000,
      });
      expect(lay).toMatchObject({ sizeMatched: 0, sizeRemaining: 1_000, status: 'executable' });
      // The lay's liability, 1,000 x (3 - 1), is held.
      expect((await pamHeld(world, match.marketId)).get(layer.userId)).toBe(2_000);
      await expectHoldsMatchExposure(world, match.marketId, [backer, layer]);

      const back = await placed(world, backer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2.5,
        size: 600,
      });
      expect(back).toMatchObject({ sizeMatched: 600, sizeRemaining: 0, status: 'execution_complete' });
      await expectHoldsMatchExposure(world, match.marketId, [backer, layer]);
      const book = await world.app.inject({ method: 'GET', url: `/api/markets/${match.marketId}` });
      expect(book.json().runners[0]).toMatchObject({ availableToBack: [{ price: 3, size: 400 }], lastTradedPrice: 3 });

      const positions = await world.app.inject({
        method: 'GET',
        url: `/api/positions?marketId=${match.marketId}`,
        headers: { authorization: `Bearer ${backer.token}` },
      });
      expect(positions.json().positions).toEqual([
        {
          marketId: match.marketId,
          held: 600,
          ifWins: { [match.home]: 1_200, [match.draw]: -600, [match.away]: -600 },
        },
      ]);

      // A bigger back takes the rest of the lay and rests its remainder.
      const second = await placed(world, backer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 3,
        size: 1_000,
      });
      expect(second).toMatchObject({ sizeMatched: 400, sizeRemaining: 600, status: 'executable' });
      expect(back.averagePriceMatched).toBe(3);
      expect(lay.averagePriceMatched).toBeNull();
      await expectHoldsMatchExposure(world, match.marketId, [backer, layer]);
      expect(await invariantMismatches(world.pam)).toEqual([]);
    });

    it('cancels all or part of an unmatched order and releases what it held', async () => {
      const match = await openMatch(world);
      const customer = await punter(world, 10_000);
      const order = await placed(world, customer, {
        marketId: match.marketId,
        selectionId: match.away,
        side: 'back',
        price: 4,
        size: 2_000,
      });
      expect(await balanceOf(world.pam, customer.userId)).toBe(8_000);
      const cancel = (query = '') =>
        world.app.inject({
          method: 'DELETE',
          url: `/api/orders/${order.orderId}${query}`,
          headers: { authorization: `Bearer ${customer.token}` },
        });
      const part = await cancel('?size=500');
      expect(part.json().order).toMatchObject({ sizeRemaining: 1_500, sizeCancelled: 500 });
      await expectHoldsMatchExposure(world, match.marketId, [customer]);
      const rest = await cancel();
      expect(rest.json().order).toMatchObject({ sizeRemaining: 0, sizeCancelled: 2_000, status: 'execution_complete' });
      await world.services.outbox.drain();
      expect(await balanceOf(world.pam, customer.userId)).toBe(10_000);
      const again = await cancel();
      expect(again.statusCode).toBe(422);
      expect(again.json().code).toBe('NothingToCancel');
    });

    it('refuses bad orders with their codes and holds nothing for them', async () => {
      const match = await openMatch(world);
      const customer = await punter(world, 5_000);
      const base = { marketId: match.marketId, selectionId: match.home, side: 'back' as const, price: 2, size: 100 };
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ price: 2.01 + 0.005 }, 422, 'InvalidOdds'],
        [{ price: 1000.5 }, 422, 'InvalidOdds'],
        [{ size: 99 }, 422, 'BelowMinimumStake'],
        [{ side: 'lay', price: 200, size: 6_000 }, 422, 'LiabilityTooLarge'],
        [{ size: 1_000_000 }, 422, 'InsufficientFunds'],
        [{ marketId: 'nope~match-odds' }, 404, ''],
        [{ selectionId: `${match.marketId}~nobody` }, 404, ''],
      ];
      for (const [change, status, code] of cases) {
        const response = await place(world, customer, { ...base, ...change } as never);
        expect(response.statusCode, JSON.stringify(change)).toBe(status);
        if (code) expect(response.json().code, JSON.stringify(change)).toBe(code);
      }
      const stale = await place(world, { ...customer, token: 'not-a-session' }, base);
      expect(stale.statusCode).toBe(401);
      expect(stale.json().code).toBe('SessionExpired');
      expect(await balanceOf(world.pam, customer.userId)).toBe(5_000);
      expect((await pamHeld(world, match.marketId)).get(customer.userId) ?? 0).toBe(0);
      const open = await ordersOf(world, customer, 'open');
      expect(open).toEqual([]);
    });

    it('answers the same order id and body with the first answer, and refuses it with another body', async () => {
      const match = await openMatch(world);
      const customer = await punter(world, 5_000);
      const body = {
        orderId: crypto.randomUUID(),
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back' as const,
        price: 2,
        size: 500,
      };
      const first = await placed(world, customer, body);
      const again = await placed(world, customer, { ...body, orderId: body.orderId.toUpperCase() });
      expect(again).toEqual(first);
      const reused = await place(world, customer, { ...body, size: 600 });
      expect(reused.statusCode).toBe(409);
      expect(reused.json().code).toBe('OrderIdReused');
      expect(await balanceOf(world.pam, customer.userId)).toBe(4_500);
    });

    it('refuses orders from a blocked customer, and on a suspended market after a goal', async () => {
      const match = await openMatch(world);
      const blocked = await punter(world, 5_000);
      await world.pam.database.db
        .updateTable('users')
        .set({ locked_out: true })
        .where('id', '=', blocked.userId)
        .execute();
      const refused = await place(world, blocked, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2,
        size: 100,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('PlayerBlocked');

      const customer = await punter(world, 5_000);
      const resting = await placed(world, customer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2,
        size: 1_000,
        persistence: 'keep',
      });
      await feedSays(world, match.eventId, { status: 'live' });
      await feedSays(world, match.eventId, { score: { home: 1, away: 0 }, goals: 1 });
      const suspended = await place(world, customer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2,
        size: 100,
      });
      expect(suspended.statusCode).toBe(422);
      expect(suspended.json().code).toBe('MarketSuspended');
      // The goal cancelled the unmatched order and its hold went back.
      const orders = await ordersOf(world, customer);
      expect(orders.find((order: Order) => order.orderId === resting.orderId)).toMatchObject({
        sizeCancelled: 1_000,
      });
      await world.services.outbox.drain();
      expect(await balanceOf(world.pam, customer.userId)).toBe(5_000);
    });

    it('lapses unmatched orders at kick-off unless they asked to be kept', async () => {
      const match = await openMatch(world);
      const customer = await punter(world, 5_000);
      const lapse = await placed(world, customer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2,
        size: 1_000,
      });
      const keep = await placed(world, customer, {
        marketId: match.marketId,
        selectionId: match.away,
        side: 'back',
        price: 5,
        size: 1_000,
        persistence: 'keep',
      });
      await feedSays(world, match.eventId, { status: 'live' });
      const orders = await ordersOf(world, customer);
      expect(orders.find((order) => order.orderId === lapse.orderId)).toMatchObject({
        sizeLapsed: 1_000,
        sizeRemaining: 0,
      });
      expect(orders.find((order) => order.orderId === keep.orderId)).toMatchObject({
        sizeLapsed: 0,
        sizeRemaining: 1_000,
      });
      await expectHoldsMatchExposure(world, match.marketId, [customer]);
    });

    it('matches two crossing orders sent at the same moment once', async () => {
      const match = await openMatch(world);
      const backer = await punter(world, 10_000);
      const layer = await punter(world, 10_000);
      const [back, lay] = await Promise.all([
        place(world, backer, {
          marketId: match.marketId,
          selectionId: match.draw,
          side: 'back',
          price: 3.5,
          size: 1_000,
        }),
        place(world, layer, {
          marketId: match.marketId,
          selectionId: match.draw,
          side: 'lay',
          price: 3.5,
          size: 1_000,
        }),
      ]);
      const matched = [back.json().order as Order, lay.json().order as Order];
      expect(matched.map((order) => order.sizeMatched).sort()).toEqual([0, 1_000]);
      const fills = await world.services.db
        .selectFrom('exchange.fills')
        .selectAll()
        .where('market_id', '=', match.marketId)
        .execute();
      expect(fills).toHaveLength(1);
      await expectHoldsMatchExposure(world, match.marketId, [backer, layer]);
    });

    it("raises one customer's hold once for two orders sent at the same moment that net off", async () => {
      const match = await openMatch(world);
      const customer = await punter(world, 10_000);
      // A back on a runner loses on the others, a lay on it loses on it: one £10 covers both.
      const answers = await Promise.all([
        place(world, customer, {
          marketId: match.marketId,
          selectionId: match.home,
          side: 'back',
          price: 3,
          size: 1_000,
        }),
        place(world, customer, {
          marketId: match.marketId,
          selectionId: match.home,
          side: 'lay',
          price: 2,
          size: 1_000,
        }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
      expect((await pamHeld(world, match.marketId)).get(customer.userId)).toBe(1_000);
      await expectHoldsMatchExposure(world, match.marketId, [customer]);
    });

    it('holds an in-play order that would take liquidity for the delay, then matches it at the book as it stands', async () => {
      const { match, backer, layer, taking } = await delayedTake(world);
      expect(taking.json().order).toMatchObject({ sizeMatched: 0, sizeRemaining: 600 });
      const waiting = await world.app.inject({ method: 'GET', url: `/api/markets/${match.marketId}` });
      expect(waiting.json().runners[0].availableToBack).toEqual([{ price: 2, size: 1_000 }]);
      await expectHoldsMatchExposure(world, match.marketId, [layer]);
      expect((await pamHeld(world, match.marketId)).get(backer.userId)).toBe(600);
      await releaseDelayed(world, match.marketId);
      const orders = await ordersOf(world, backer);
      expect(orders[0]).toMatchObject({ sizeMatched: 600, averagePriceMatched: 2 });
      await expectHoldsMatchExposure(world, match.marketId, [backer, layer]);
    });

    it('cancels a delayed in-play order whole when a goal suspends the market during the delay', async () => {
      const { match, backer, layer } = await delayedTake(world);
      await feedSays(world, match.eventId, { score: { home: 0, away: 1 }, goals: 1 });
      await releaseDelayed(world, match.marketId);
      const orders = await ordersOf(world, backer);
      expect(orders[0]).toMatchObject({
        sizeMatched: 0,
        sizeCancelled: 600,
        status: 'execution_complete',
      });
      await world.services.outbox.drain();
      expect(await balanceOf(world.pam, backer.userId)).toBe(10_000);
      expect(await balanceOf(world.pam, layer.userId)).toBe(10_000);
    });

    it("cancels a suspended customer's unmatched orders and releases their holds; matched bets stand", async () => {
      const match = await openMatch(world);
      const customer = await punter(world, 10_000);
      const other = await punter(world, 10_000);
      await placed(world, other, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'lay',
        price: 2,
        size: 500,
      });
      const matched = await placed(world, customer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2,
        size: 500,
      });
      const resting = await placed(world, customer, {
        marketId: match.marketId,
        selectionId: match.away,
        side: 'back',
        price: 4,
        size: 1_000,
      });
      expect((await pamHeld(world, match.marketId)).get(customer.userId)).toBe(1_500);
      await world.pam.services.accounts.suspend(customer.userId);
      // The PAM lists a block once every older transaction on its server has ended (its cursor is the snapshot's
      // xmin, server-wide), so on a shared PostgreSQL another database's open transaction can hold it back a poll.
      for (let poll = 0; poll < 200; poll++) {
        await world.services.blocks.poll();
        const order = await world.services.db
          .selectFrom('exchange.orders')
          .select('size_cancelled')
          .where('id', '=', resting.orderId)
          .executeTakeFirstOrThrow();
        if (order.size_cancelled > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await world.services.outbox.drain();
      const orders = await world.services.db
        .selectFrom('exchange.orders')
        .select(['id', 'size_matched', 'size_cancelled'])
        .where('id', 'in', [matched.orderId, resting.orderId])
        .execute();
      expect(orders).toEqual(
        expect.arrayContaining([
          { id: matched.orderId, size_matched: 500, size_cancelled: 0 },
          { id: resting.orderId, size_matched: 0, size_cancelled: 1_000 },
        ]),
      );
      expect((await pamHeld(world, match.marketId)).get(customer.userId)).toBe(500);
      await expectHoldsMatchExposure(world, match.marketId, [customer, other]);
    });

    it('settles on the result: the winner is paid less 2% commission, the loser nothing more, and the ledger balances', async () => {
      const match = await openMatch(world);
      const backer = await punter(world, 10_000);
      const layer = await punter(world, 10_000);
      await placed(world, layer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'lay',
        price: 2.5,
        size: 2_000,
        persistence: 'keep',
      });
      await placed(world, backer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2.5,
        size: 2_000,
      });
      // A resting order of the backer's lapses at settlement and its hold comes back.
      await placed(world, backer, {
        marketId: match.marketId,
        selectionId: match.away,
        side: 'back',
        price: 6,
        size: 500,
      });
      await feedSays(world, match.eventId, { status: 'live' });
      await feedSays(world, match.eventId, { status: 'finished', score: { home: 2, away: 1 }, goals: 3 });
      await world.services.outbox.drain();
      // The backer wins 2,000 x 1.5 = 3,000, less 60 commission.
      expect(await balanceOf(world.pam, backer.userId)).toBe(10_000 + 3_000 - 60);
      expect(await balanceOf(world.pam, layer.userId)).toBe(10_000 - 3_000);
      const market = await world.app.inject({ method: 'GET', url: `/api/markets/${match.marketId}` });
      expect(market.json().status).toBe('settled');
      const settled = await ordersOf(world, backer, 'settled');
      expect(settled).toEqual([expect.objectContaining({ result: 'won', profit: 3_000 })]);
      expect(await invariantMismatches(world.pam)).toEqual([]);
      // A second result changes nothing.
      await world.services.feed.poll();
      await world.services.outbox.drain();
      expect(await balanceOf(world.pam, backer.userId)).toBe(12_940);
    });

    it('finishes after a restart an order whose hold got no answer, and sends again a release that got none', async () => {
      const match = await openMatch(world);
      const customer = await punter(world, 10_000);
      world.walletDown = true;
      const unanswered = await place(world, customer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2,
        size: 1_000,
      });
      expect(unanswered.statusCode).toBe(503);
      world.walletDown = false;
      await world.restart();
      const open = await ordersOf(world, customer, 'open');
      expect(open).toEqual([expect.objectContaining({ sizeRemaining: 1_000, status: 'executable' })]);
      await expectHoldsMatchExposure(world, match.marketId, [customer]);

      world.walletDown = true;
      const cancelled = await world.app.inject({
        method: 'DELETE',
        url: `/api/orders/${open[0].orderId}`,
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(cancelled.statusCode).toBe(200);
      await world.services.outbox.drain();
      expect(await balanceOf(world.pam, customer.userId)).toBe(9_000);
      world.walletDown = false;
      await world.restart();
      await world.services.outbox.drain();
      expect(await balanceOf(world.pam, customer.userId)).toBe(10_000);
      await expectHoldsMatchExposure(world, match.marketId, [customer]);
    });

    it('lets an operator list a book, suspend and reopen a market, and void one, returning every hold', async () => {
      const match = await openMatch(world);
      const customer = await punter(world, 10_000);
      await placed(world, customer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2,
        size: 700,
      });
      const run = (name: string, ...args: string[]) => exchangeCommands.find(name)!.run(world.services, args);
      const book = (await run('ex-book', match.marketId)) as { positions: unknown[] };
      expect(book.positions).toEqual([{ playerId: customer.userId, held: 700, worstCase: 700 }]);
      await run('ex-suspend', match.marketId);
      const suspended = await place(world, customer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2,
        size: 100,
      });
      expect(suspended.json().code).toBe('MarketSuspended');
      await run('ex-reopen', match.marketId);
      await placed(world, customer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2,
        size: 100,
      });
      await run('ex-void', match.marketId);
      await world.services.outbox.drain();
      expect(await balanceOf(world.pam, customer.userId)).toBe(10_000);
      await expect(run('ex-settle', match.marketId, 'two-one')).rejects.toThrow('Not a score');
    });

    it('pushes a subscribed market over the WebSocket now and after each change to its ladder, the frame naming its session first', async () => {
      const match = await openMatch(world);
      const customer = await punter(world, 10_000);
      const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = new WebSocket(`${address.replace(/^http/, 'ws')}/ws`);
      const messages: Array<{ type: string; market: { runners: Array<{ availableToBack: unknown[] }> } }> = [];
      socket.on('message', (data) => messages.push(JSON.parse(String(data))));
      await new Promise((resolve) => socket.on('open', resolve));
      // The frame names its session before subscribing (src/exchange/services/ExchangeSocket.ts).
      socket.send(JSON.stringify({ type: 'auth', sessionToken: 'the-frame-session' }));
      socket.send(JSON.stringify({ type: 'subscribe', marketIds: [match.marketId] }));
      await vi.waitFor(() => expect(messages).toHaveLength(1));
      expect(messages[0]!.market.runners[0]!.availableToBack).toEqual([]);
      await placed(world, customer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'lay',
        price: 1.5,
        size: 1_000,
      });
      await vi.waitFor(() => expect(messages).toHaveLength(2));
      expect(messages[1]!.market.runners[0]!.availableToBack).toEqual([{ price: 1.5, size: 1_000 }]);
      socket.send('not json');
      expect(await new Promise((resolve) => socket.on('close', resolve))).toBe(1008);
    });

    it('rebuilds its books after a restart from the stored open orders', async () => {
      const match = await openMatch(world);
      const layer = await punter(world, 10_000);
      const backer = await punter(world, 10_000);
      await placed(world, layer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'lay',
        price: 2,
        size: 1_000,
      });
      await world.restart();
      const book = await world.app.inject({ method: 'GET', url: `/api/markets/${match.marketId}` });
      expect(book.json().runners[0].availableToBack).toEqual([{ price: 2, size: 1_000 }]);
      const back = await placed(world, backer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2,
        size: 1_000,
      });
      expect(back.sizeMatched).toBe(1_000);
      await expectHoldsMatchExposure(world, match.marketId, [backer, layer]);
    });
  });
}
