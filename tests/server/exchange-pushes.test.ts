import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { databaseKinds } from './support/harness';
import { createExchangeWorld, openMatch, placed, punter, type ExchangeWorld } from './support/exchange-service';
import type { ExchangeServerMessage } from '../../src/contract/exchange-stream';

/** A real socket on the exchange's /ws that names a session, and everything it is sent. */
async function listen(address: string, sessionToken?: string) {
  const socket = new WebSocket(`${address.replace(/^http/, 'ws')}/ws`);
  const messages: ExchangeServerMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as ExchangeServerMessage));
  await new Promise((resolve) => socket.on('open', resolve));
  if (sessionToken) socket.send(JSON.stringify({ type: 'auth', sessionToken }));
  socket.send(JSON.stringify({ type: 'subscribe', marketIds: [] }));
  const of = <T extends ExchangeServerMessage['type']>(type: T) =>
    messages.filter((message): message is Extract<ExchangeServerMessage, { type: T }> => message.type === type);
  return { socket, messages, of, lastBalance: () => of('balance').at(-1)?.balance };
}

for (const kind of databaseKinds()) {
  describe(`the exchange's order pushes over a real WebSocket [${kind}]`, () => {
    let world: ExchangeWorld;
    let address: string;
    beforeAll(async () => {
      world = await createExchangeWorld(kind);
      address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    }, 60_000);
    afterAll(async () => world?.close());

    it('tells the customer at once when someone else matches, a goal cancels and the market settles their order, and tells nobody else', async () => {
      const match = await openMatch(world);
      const layer = await punter(world, 10_000);
      const backer = await punter(world, 10_000);
      const mine = await listen(address, layer.token);
      const anonymous = await listen(address);
      const stale = await listen(address, 'not-a-session');
      // The session is resolved before the first change is pushed.
      await new Promise((resolve) => setTimeout(resolve, 100));

      const lay = await placed(world, layer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'lay',
        price: 3,
        size: 1_000,
        persistence: 'keep',
      });
      // The hold for the lay's liability, 1,000 x (3 - 1), leaves 8,000.
      await vi.waitFor(() => expect(mine.lastBalance()).toBe(8_000));
      expect(mine.of('order').at(-1)!.order).toMatchObject({ orderId: lay.orderId, sizeMatched: 0 });

      // Another customer takes 600 of it: the layer hears of the match without asking.
      await placed(world, backer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 3,
        size: 600,
      });
      await vi.waitFor(() =>
        expect(mine.of('order').at(-1)!.order).toMatchObject({
          orderId: lay.orderId,
          sizeMatched: 600,
          sizeRemaining: 400,
          averagePriceMatched: 3,
        }),
      );
      await vi.waitFor(() =>
        expect(mine.of('position').at(-1)!.position).toEqual({
          marketId: match.marketId,
          held: 2_000,
          ifWins: { [match.home]: -1_200, [match.draw]: 600, [match.away]: 600 },
        }),
      );

      // In play, a goal cancels the unmatched 400 and its liability (800) goes back.
      world.feed.update(match.eventId, { status: 'live' });
      await world.services.feed.poll();
      world.feed.update(match.eventId, { score: { home: 1, away: 0 }, goals: 1 });
      await world.services.feed.poll();
      await world.services.outbox.drain();
      await vi.waitFor(() =>
        expect(mine.of('order').at(-1)!.order).toMatchObject({ sizeCancelled: 400, sizeRemaining: 0 }),
      );
      await vi.waitFor(() => expect(mine.lastBalance()).toBe(8_800));

      // Away wins 1-2: the lay wins the backer's 600, less 2% commission (12), and the hold of 1,200 comes back.
      world.feed.update(match.eventId, { status: 'finished', score: { home: 1, away: 2 }, goals: 3 });
      await world.services.feed.poll();
      await world.services.outbox.drain();
      await vi.waitFor(() => expect(mine.of('order').at(-1)!.order).toMatchObject({ result: 'won', profit: 600 }));
      await vi.waitFor(() => expect(mine.lastBalance()).toBe(10_000 + 600 - 12));
      expect(mine.of('position').at(-1)!.position.held).toBe(0);

      // Only the ladder reached the others: no order, position or balance of the layer's.
      for (const other of [anonymous, stale]) {
        expect(other.messages.filter((message) => message.type !== 'market')).toEqual([]);
        expect(other.socket.readyState).toBe(WebSocket.OPEN);
      }
      // Each order change was pushed once, not once per ladder change.
      const layPushes = mine.of('order').filter((message) => message.order.orderId === lay.orderId);
      expect(new Set(layPushes.map((message) => JSON.stringify(message.order))).size).toBe(layPushes.length);
      for (const socket of [mine, anonymous, stale]) socket.socket.close();
    });

    it('pushes to every open screen of the customer and stops once the socket is closed', async () => {
      const match = await openMatch(world);
      const customer = await punter(world, 5_000);
      const phone = await listen(address, customer.token);
      const desktop = await listen(address, customer.token);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await placed(world, customer, {
        marketId: match.marketId,
        selectionId: match.away,
        side: 'back',
        price: 4,
        size: 1_000,
      });
      await vi.waitFor(() => expect(phone.lastBalance()).toBe(4_000));
      await vi.waitFor(() => expect(desktop.lastBalance()).toBe(4_000));
      desktop.socket.close();
      await new Promise((resolve) => desktop.socket.on('close', resolve));
      const before = desktop.messages.length;
      await placed(world, customer, {
        marketId: match.marketId,
        selectionId: match.away,
        side: 'back',
        price: 4,
        size: 1_000,
      });
      await vi.waitFor(() => expect(phone.lastBalance()).toBe(3_000));
      expect(desktop.messages).toHaveLength(before);
      expect(world.services.pushes.listening(customer.userId)).toBe(1);
      phone.socket.close();
    });
  });
}
