import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, databaseKinds, login } from './support/harness';
import { p2pLaunchToken } from './support/p2p-wallet';
import { createExchangeWorld, openMatch, placed, type ExchangeWorld } from './support/exchange-service';

for (const kind of databaseKinds()) {
  describe(`P2P Bets in the PAM's history: each exchange market's result [${kind}]`, () => {
    let world: ExchangeWorld;
    beforeAll(async () => {
      world = await createExchangeWorld(kind);
    }, 60_000);
    afterAll(async () => world?.close());

    /** A customer signed in at the PAM (for its history) and launched into the exchange (to trade). */
    async function customer(balance: number) {
      const user = await createUser(world.pam, { balance });
      const { accessToken } = await login(world.pam, user);
      const launchToken = await p2pLaunchToken(world.pam, accessToken);
      const session = await world.app.inject({ method: 'POST', url: '/api/session', payload: { launchToken } });
      const markets = async () => {
        const response = await world.pam.app.inject({
          method: 'GET',
          url: '/transactions/p2p-markets',
          headers: { authorization: `Bearer ${accessToken}` },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as unknown[];
      };
      return { userId: user.id, token: (session.json() as { sessionToken: string }).sessionToken, markets };
    }

    it('shows what was staked while a market is open, then the profit after commission or the loss', async () => {
      const match = await openMatch(world);
      const backer = await customer(10_000);
      const layer = await customer(10_000);
      const bet = { marketId: match.marketId, selectionId: match.home, price: 3, size: 1_000 };
      await placed(world, layer, { ...bet, side: 'lay' });
      await placed(world, backer, { ...bet, side: 'back' });
      await world.services.outbox.drain();
      // The match's name comes with the exchange's holds; the PAM never reads the exchange's tables.
      expect(await backer.markets()).toEqual([
        expect.objectContaining({
          marketId: match.marketId,
          eventName: 'Arsenal v Chelsea',
          status: 'open',
          staked: 1_000,
          paid: 0,
          profit: null,
        }),
      ]);

      world.feed.update(match.eventId, { status: 'live' });
      await world.services.feed.poll();
      world.feed.update(match.eventId, { status: 'finished', score: { home: 2, away: 1 }, goals: 3 });
      await world.services.feed.poll();
      await world.services.outbox.drain();
      // The backer wins 1,000 x 2 = 2,000, less 2% (40); the layer loses their liability.
      expect(await backer.markets()).toEqual([
        expect.objectContaining({ status: 'settled', staked: 1_000, paid: 2_960, profit: 1_960 }),
      ]);
      expect(await layer.markets()).toEqual([
        expect.objectContaining({
          eventName: 'Arsenal v Chelsea',
          status: 'settled',
          staked: 2_000,
          paid: 0,
          profit: -2_000,
        }),
      ]);
      const anonymous = await world.pam.app.inject({ method: 'GET', url: '/transactions/p2p-markets' });
      expect(anonymous.statusCode).toBe(401);
    });
  });
}
