import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, createUser, databaseKinds, login, TEST_SECRETS, type TestContext } from './support/harness';
import { launchToken } from './support/games';
import { SPORTSBOOK_TEST_CONFIG, seededRandom, ScriptedGoals } from './support/sportsbook';
import { migrateSportsbook } from '../../server/sportsbook/db/migrate';
import { sportsbookDb } from '../../server/sportsbook/db/schema';
import { createSportsbookServices, type SportsbookServices } from '../../server/sportsbook/services';
import { buildSportsbookApp } from '../../server/sportsbook/app';
import { marketIdOf, selectionIdOf } from '../../server/sportsbook/catalogue/ids';
import type { BetView } from '../../src/contract/sportsbook-rules';

/** The real sportsbook service (live catalogue, its app and routes) and the real PAM on 127.0.0.1, on one database. */
for (const kind of databaseKinds()) {
  describe(`sportsbook bets through the sportsbook app [${kind}]`, () => {
    let pam: TestContext;
    let services: SportsbookServices;
    let app: FastifyInstance;
    beforeAll(async () => {
      pam = await createContext(kind);
      await pam.app.listen({ port: 0, host: '127.0.0.1' });
      const address = pam.app.server.address();
      const pamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const db = sportsbookDb(pam.database);
      await migrateSportsbook(db);
      services = createSportsbookServices({ db, clock: pam.clock, config: { ...SPORTSBOOK_TEST_CONFIG, pamUrl }, random: seededRandom(), goals: new ScriptedGoals().draw });
      await services.feed.seedWorld();
      await services.catalogue.load();
      await services.feed.tick();
      await services.feed.idle();
      app = await buildSportsbookApp({ services });
      await app.ready();
    }, 60_000);
    afterAll(async () => {
      await services?.runner.stop();
      services?.bets.close();
      await services?.outbox.stop();
      await app?.close();
      await pam?.app.close();
      await pam?.database.close();
    });

    const operator = (command: string, args: string[], key = TEST_SECRETS.operatorKey) =>
      app.inject({ method: 'POST', url: `/operator/${command}`, headers: { 'x-operator-key': key }, payload: { args } });
    const balanceOf = async (userId: number) => (await pam.database.db.selectFrom('wallets').select('balance').where('user_id', '=', userId).executeTakeFirstOrThrow()).balance;

    async function session(balance: number) {
      const user = await createUser(pam, { balance });
      const { accessToken } = await login(pam, user);
      const launched = await app.inject({ method: 'POST', url: '/api/session', payload: { launchToken: await launchToken(pam, accessToken) } });
      expect(launched.statusCode, launched.body).toBe(200);
      return { user, token: launched.json().sessionToken as string };
    }

    function upcoming(skip = 0) {
      const events = services.catalogue.records().filter((event) => event.status === 'scheduled');
      return events[skip]!;
    }

    it('places on a fed match, the operator settles it with a score, the winnings reach the PAM', async () => {
      const { user, token } = await session(10_000);
      const event = upcoming();
      const selectionId = selectionIdOf(marketIdOf(event.id, 'match-result'), 'home');
      const price = services.catalogue.quote(selectionId)!.price!;
      const betId = randomUUID();
      const placed = await app.inject({ method: 'POST', url: '/api/bets', headers: { authorization: `Bearer ${token}` }, payload: { betId, kind: 'single', stake: 1_000, selections: [{ selectionId, price }] } });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(await balanceOf(user.id)).toBe(9_000);

      expect((await operator('sb-open-bets', [event.id])).json().result.map((bet: { betId: string }) => bet.betId)).toEqual([betId]);
      expect((await operator('sb-markets', [event.id])).json().result.markets.length).toBeGreaterThan(10);
      const settled = await operator('sb-settle', [event.id, '2-1', '1-0']);
      expect(settled.statusCode, settled.body).toBe(200);
      const bet = (await app.inject({ method: 'GET', url: `/api/bets/${betId}`, headers: { authorization: `Bearer ${token}` } })).json() as BetView;
      const expected = Math.floor((1_000 * (price.num + price.den)) / price.den);
      expect(bet).toMatchObject({ status: 'won', returns: expected, legs: [{ result: 'won', score: { home: 2, away: 1 } }] });
      expect(await balanceOf(user.id)).toBe(9_000 + expected);
      expect((await operator('sb-settle', [event.id, '2-1', '1-0'])).statusCode).toBe(200);
      expect(await balanceOf(user.id)).toBe(9_000 + expected);
    });

    it('the operator abandons a match: its open bets are void and the stakes back', async () => {
      const { user, token } = await session(10_000);
      const event = upcoming(1);
      const selectionId = selectionIdOf(marketIdOf(event.id, 'both-teams-to-score'), 'yes');
      const price = services.catalogue.quote(selectionId)!.price!;
      const betId = randomUUID();
      expect((await app.inject({ method: 'POST', url: '/api/bets', headers: { authorization: `Bearer ${token}` }, payload: { betId, kind: 'single', stake: 500, selections: [{ selectionId, price }] } })).statusCode).toBe(201);
      expect((await operator('sb-abandon', [event.id])).statusCode).toBe(200);
      const bet = (await app.inject({ method: 'GET', url: `/api/bets/${betId}`, headers: { authorization: `Bearer ${token}` } })).json() as BetView;
      expect(bet).toMatchObject({ status: 'void', returns: 500 });
      expect(await balanceOf(user.id)).toBe(10_000);
    });

    it('operator commands need the operator key and this machine, and say what is wrong with their arguments', async () => {
      expect((await operator('sb-open-bets', [], 'wrong')).statusCode).toBe(403);
      const remote = await app.inject({ method: 'POST', url: '/operator/sb-open-bets', remoteAddress: '203.0.113.9', headers: { 'x-operator-key': TEST_SECRETS.operatorKey }, payload: { args: [] } });
      expect(remote.statusCode).toBe(403);
      expect((await operator('sb-nothing', [])).statusCode).toBe(404);
      const badScore = await operator('sb-settle', [upcoming(2).id, 'two-one']);
      expect(badScore.statusCode).toBe(400);
      expect(badScore.json().message).toMatch(/Not a score/);
      expect((await operator('sb-settle', [upcoming(2).id, '2-1'])).json().message).toMatch(/half-time/);
      expect((await operator('sb-void-bet', [randomUUID()])).statusCode).toBe(404);
    });

    // Last: it unhooks settlement from the catalogue, as a crash between the resolution and the settlement would.
    it('a settlement the listener never finished is caught up from the stored resolution at start', async () => {
      const { user, token } = await session(10_000);
      const event = upcoming(3);
      const selectionId = selectionIdOf(marketIdOf(event.id, 'match-result'), 'draw');
      const price = services.catalogue.quote(selectionId)!.price!;
      const betId = randomUUID();
      expect((await app.inject({ method: 'POST', url: '/api/bets', headers: { authorization: `Bearer ${token}` }, payload: { betId, kind: 'single', stake: 400, selections: [{ selectionId, price }] } })).statusCode).toBe(201);
      services.bets.close();
      await services.catalogue.resultEvent(event.id, { halfTime: { home: 0, away: 0 }, fullTime: { home: 1, away: 1 } });
      const read = async () => (await app.inject({ method: 'GET', url: `/api/bets/${betId}`, headers: { authorization: `Bearer ${token}` } })).json() as BetView;
      expect((await read()).status).toBe('open');
      await services.bets.recover();
      await services.outbox.drainDue();
      const expected = Math.floor((400 * (price.num + price.den)) / price.den);
      expect(await read()).toMatchObject({ status: 'won', returns: expected });
      expect(await balanceOf(user.id)).toBe(10_000 - 400 + expected);
      await services.bets.recover();
      await services.outbox.drainDue();
      expect(await balanceOf(user.id)).toBe(10_000 - 400 + expected);
    });
  });
}
