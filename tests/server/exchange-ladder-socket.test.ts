import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { databaseKinds } from './support/harness';
import { createExchangeWorld, openMatch, placed, punter, type ExchangeWorld } from './support/exchange-service';
import { LADDER_INTERVAL_MS } from '../../server/exchange/live/ladder-hub';
import type { Market } from '../../src/contract/exchange';

const SOCKETS = 12;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Real clients of the exchange's /ws, each subscribed to the market; every frame they get, parsed, per socket. */
async function subscribers(address: string, marketId: string, count: number) {
  const frames: Array<Array<{ type: string; market: Market }>> = [];
  const sockets = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const socket = new WebSocket(`${address.replace(/^http/, 'ws')}/ws`);
      frames[index] = [];
      socket.on('message', (data, isBinary) => {
        expect(isBinary).toBe(false);
        frames[index]!.push(JSON.parse(String(data)));
      });
      await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
      socket.send(JSON.stringify({ type: 'subscribe', marketIds: [marketId] }));
      return socket;
    }),
  );
  await vi.waitFor(() => expect(frames.every((list) => list.length === 1)).toBe(true));
  return { sockets, frames };
}

for (const kind of databaseKinds()) {
  describe(`the exchange's ladder socket to many clients [${kind}]`, () => {
    let world: ExchangeWorld;
    let address: string;
    beforeAll(async () => {
      world = await createExchangeWorld(kind);
      address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    }, 60_000);
    afterAll(async () => world?.close());

    it('sends every subscribed socket the same whole ladder after a change, a Correct Score market in one long frame', async () => {
      const match = await openMatch(world);
      const marketId = match.marketId.replace('~match-odds', '~correct-score');
      const { sockets, frames } = await subscribers(address, marketId, SOCKETS);
      const customer = await punter(world, 10_000);
      await placed(world, customer, {
        marketId,
        selectionId: `${marketId}~1-1`,
        side: 'lay',
        price: 7,
        size: 500,
      });
      await vi.waitFor(() => expect(frames.every((list) => list.length === 2)).toBe(true));
      const now = (await world.app.inject({ method: 'GET', url: `/api/markets/${marketId}` })).json() as Market;
      expect(JSON.stringify(now).length).toBeGreaterThan(125);
      for (const list of frames) expect(list[1]).toEqual({ type: 'market', market: now });
      expect(now.runners.find((runner) => runner.selectionId === `${marketId}~1-1`)!.availableToBack).toEqual([
        { price: 7, size: 500 },
      ]);
      for (const socket of sockets) socket.close();
    });

    it('sends a burst of changes to one market as the first at once and the latest once the interval has passed', async () => {
      const match = await openMatch(world);
      const { sockets, frames } = await subscribers(address, match.marketId, SOCKETS);
      const market = world.services.markets.get(match.marketId)!;
      await pause(LADDER_INTERVAL_MS);
      world.services.markets.changed(market);
      market.status = 'suspended';
      world.services.markets.changed(market);
      world.services.markets.changed(market);
      await vi.waitFor(() => expect(frames.every((list) => list.length === 3)).toBe(true));
      await pause(LADDER_INTERVAL_MS * 3);
      for (const list of frames) {
        expect(list).toHaveLength(3);
        expect(list[1]!.market.status).toBe('open');
        expect(list[2]!.market.status).toBe('suspended');
      }
      market.status = 'open';
      for (const socket of sockets) socket.close();
    });
  });
}
