import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, createUser, databaseKinds, login, type TestContext } from './support/harness';
import { listenOperatorSocket, sendOperatorCommand, type OperatorSocketServer } from '../../server/modules/operator/socket';
import { runCommandRequest } from '../../server/modules/operator/dispatch';
import { findSportsbookCommand } from '../../server/sportsbook/operator/commands';
import { launchToken } from './support/games';
import { SPORTSBOOK_TEST_CONFIG, seededRandom, ScriptedGoals } from './support/sportsbook';
import { migrateSportsbook } from '../../server/sportsbook/db/migrate';
import { sportsbookDb } from '../../server/sportsbook/db/schema';
import { createSportsbookServices, type SportsbookServices } from '../../server/sportsbook/services';
import { buildSportsbookApp } from '../../server/sportsbook/app';
import { marketIdOf, selectionIdOf } from '../../server/sportsbook/catalogue/ids';
import type { BetView } from '../../src/contract/sportsbook-rules';

/**
 * The in-play delay end to end on the real sportsbook: the live catalogue fed by the simulated feed, the hold's own
 * timer (SPORTSBOOK_INPLAY_DELAY_MS, short here), the real wallet API, and a goal recorded by the operator
 * (`sb-goal`) during the hold.
 */
for (const kind of databaseKinds()) {
  describe(`an in-play bet on the real sportsbook [${kind}]`, () => {
    let pam: TestContext;
    let services: SportsbookServices;
    let app: FastifyInstance;
    const dataDir = mkdtempSync(join(tmpdir(), 'bx-sb-inplay-'));
    let operatorSocket: OperatorSocketServer | undefined;
    beforeAll(async () => {
      pam = await createContext(kind);
      await pam.app.listen({ port: 0, host: '127.0.0.1' });
      const address = pam.app.server.address();
      const pamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const db = sportsbookDb(pam.database);
      await migrateSportsbook(db);
      services = createSportsbookServices({ db, clock: pam.clock, config: { ...SPORTSBOOK_TEST_CONFIG, pamUrl, inPlayDelayMs: 1_000 }, random: seededRandom(), goals: new ScriptedGoals().draw });
      await services.feed.seedWorld();
      await services.catalogue.load();
      await services.feed.tick();
      // The first fixtures kick off: two minutes of play at the test's clock speed.
      const first = services.catalogue.records()[0]!;
      pam.clock.set(new Date(first.kickoffAt.getTime() + 15_000));
      await services.feed.tick();
      app = await buildSportsbookApp({ services });
      await app.ready();
      operatorSocket = await listenOperatorSocket(dataDir, (request) => runCommandRequest(findSportsbookCommand, services, request), 'sportsbook');
    }, 60_000);
    afterAll(async () => {
      services?.bets.close();
      await services?.outbox.stop();
      await app?.close();
      await operatorSocket?.close();
      rmSync(dataDir, { recursive: true, force: true });
      await pam?.app.close();
      await pam?.database.close();
    });

    const operator = (command: string, args: string[]) => sendOperatorCommand(dataDir, command, args, 'sportsbook');
    const balanceOf = async (userId: number) => (await pam.database.db.selectFrom('wallets').select('balance').where('user_id', '=', userId).executeTakeFirstOrThrow()).balance;

    async function session(balance: number) {
      const user = await createUser(pam, { balance });
      const { accessToken } = await login(pam, user);
      const launched = await app.inject({ method: 'POST', url: '/api/session', payload: { launchToken: await launchToken(pam, accessToken) } });
      return { user, token: launched.json().sessionToken as string };
    }

    const live = (skip: number) => services.catalogue.records().filter((event) => event.status === 'live')[skip]!;

    async function placeHeld(token: string, eventId: string) {
      const selectionId = selectionIdOf(marketIdOf(eventId, 'match-result'), 'draw');
      const betId = randomUUID();
      const placed = await app.inject({
        method: 'POST',
        url: '/api/bets',
        headers: { authorization: `Bearer ${token}` },
        payload: { betId, kind: 'single', stake: 1_000, selections: [{ selectionId, price: services.catalogue.quote(selectionId)!.price! }], priceChanges: 'any' },
      });
      expect(placed.statusCode, placed.body).toBe(202);
      expect(placed.json().bet.heldUntil).not.toBeNull();
      return betId;
    }

    async function outcome(token: string, betId: string): Promise<BetView> {
      let bet: BetView | undefined;
      await vi.waitFor(
        async () => {
          bet = (await app.inject({ method: 'GET', url: `/api/bets/${betId}`, headers: { authorization: `Bearer ${token}` } })).json() as BetView;
          expect(bet.status).not.toBe('pending');
        },
        { timeout: 5_000, interval: 50 },
      );
      return bet!;
    }

    it('held, then accepted and debited when nothing happened in the delay', async () => {
      const { user, token } = await session(10_000);
      const betId = await placeHeld(token, live(0).id);
      expect(await balanceOf(user.id)).toBe(10_000);
      expect(await outcome(token, betId)).toMatchObject({ status: 'open', heldUntil: null });
      expect(await balanceOf(user.id)).toBe(9_000);
    });

    it("a goal the operator records during the delay refuses the bet, even with 'accept any odds'", async () => {
      const { user, token } = await session(10_000);
      const event = live(0);
      const betId = await placeHeld(token, event.id);
      const goal = await operator('sb-goal', [event.id, 'away']);
      expect(goal.status, goal.message).toBe(200);
      expect(services.catalogue.record(event.id)!.score).toEqual({ home: event.score.home, away: event.score.away + 1 });
      expect(await outcome(token, betId)).toMatchObject({ status: 'rejected', reason: 'A goal was scored while your bet was being placed, so it was not accepted. Nothing was taken from your balance.' });
      expect(await balanceOf(user.id)).toBe(10_000);
    });

    it('sb-goal refuses a match that is not being played, and a side that is not home or away', async () => {
      const scheduled = services.catalogue.records().find((event) => event.status === 'scheduled')!;
      expect((await operator('sb-goal', [scheduled.id, 'home'])).message).toBe('Goals can be recorded only while the match is being played');
      expect((await operator('sb-goal', [live(0).id, 'left'])).status).toBe(400);
      expect((await operator('sb-goal', ['ev-none', 'home'])).status).toBe(404);
    });
  });
}
