import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SportsbookServices } from '../../server/sportsbook/services';
import { databaseKinds } from './support/harness';
import { createSportsbookAppWorld, type SportsbookAppWorld } from './support/sportsbook-app';
import { marketIdOf, selectionIdOf } from '../../server/sportsbook/catalogue/ids';
import type { BetView } from '../../src/contract/sportsbook-rules';

/** The real sportsbook service (live catalogue, its app and routes) and the real PAM on 127.0.0.1, on one database. */
for (const kind of databaseKinds()) {
  describe(`sportsbook bets through the sportsbook app [${kind}]`, () => {
    let world: SportsbookAppWorld;
    let services: SportsbookServices;
    let app: FastifyInstance;
    beforeAll(async () => {
      world = await createSportsbookAppWorld(kind);
      ({ services, app } = world);
    }, 60_000);
    afterAll(async () => world?.close());

    const operator = (command: string, args: string[]) => world.operator(command, args);
    const balanceOf = (userId: number) => world.balanceOf(userId);
    const session = (balance: number) => world.session(balance);

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
      const placed = await app.inject({
        method: 'POST',
        url: '/api/bets',
        headers: { authorization: `Bearer ${token}` },
        payload: { betId, kind: 'single', stake: 1_000, selections: [{ selectionId, price }] },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(await balanceOf(user.id)).toBe(9_000);

      expect(
        ((await operator('sb-open-bets', [event.id])).result as Array<{ betId: string }>).map(
          (bet: { betId: string }) => bet.betId,
        ),
      ).toEqual([betId]);
      expect(
        ((await operator('sb-markets', [event.id])).result as { markets: unknown[] }).markets.length,
      ).toBeGreaterThan(10);
      const settled = await operator('sb-settle', [event.id, '2-1', '1-0']);
      expect(settled.status, settled.message).toBe(200);
      const bet = (
        await app.inject({ method: 'GET', url: `/api/bets/${betId}`, headers: { authorization: `Bearer ${token}` } })
      ).json() as BetView;
      const expected = Math.floor((1_000 * (price.num + price.den)) / price.den);
      expect(bet).toMatchObject({
        status: 'won',
        returns: expected,
        legs: [{ result: 'won', score: { home: 2, away: 1 } }],
      });
      expect(await balanceOf(user.id)).toBe(9_000 + expected);
      expect((await operator('sb-settle', [event.id, '2-1', '1-0'])).status).toBe(200);
      expect(await balanceOf(user.id)).toBe(9_000 + expected);
    });

    it('the operator abandons a match: its open bets are void and the stakes back', async () => {
      const { user, token } = await session(10_000);
      const event = upcoming(1);
      const selectionId = selectionIdOf(marketIdOf(event.id, 'both-teams-to-score'), 'yes');
      const price = services.catalogue.quote(selectionId)!.price!;
      const betId = randomUUID();
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/bets',
            headers: { authorization: `Bearer ${token}` },
            payload: { betId, kind: 'single', stake: 500, selections: [{ selectionId, price }] },
          })
        ).statusCode,
      ).toBe(201);
      expect((await operator('sb-abandon', [event.id])).status).toBe(200);
      const bet = (
        await app.inject({ method: 'GET', url: `/api/bets/${betId}`, headers: { authorization: `Bearer ${token}` } })
      ).json() as BetView;
      expect(bet).toMatchObject({ status: 'void', returns: 500 });
      expect(await balanceOf(user.id)).toBe(10_000);
    });

    it('operator commands reach the sportsbook only through its socket, and say what is wrong with their arguments', async () => {
      expect(
        (await app.inject({ method: 'POST', url: '/operator/sb-open-bets', payload: { args: [] } })).statusCode,
      ).toBe(404);
      expect((await operator('sb-nothing', [])).status).toBe(404);
      const badScore = await operator('sb-settle', [upcoming(2).id, 'two-one']);
      expect(badScore.status).toBe(400);
      expect(badScore.message).toMatch(/Not a score/);
      expect((await operator('sb-settle', [upcoming(2).id, '2-1'])).message).toMatch(/half-time/);
      expect((await operator('sb-void-bet', [randomUUID()])).status).toBe(404);
    });

    it('sb-settle takes the goal times (--goals H12,A45+2), checks them against the scores, and settles the first goal on them', async () => {
      const { user, token } = await session(10_000);
      const event = upcoming(2);
      const selectionId = selectionIdOf(marketIdOf(event.id, 'first-goal-time'), '31-45');
      const price = services.catalogue.quote(selectionId)!.price!;
      const betId = randomUUID();
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/bets',
            headers: { authorization: `Bearer ${token}` },
            payload: { betId, kind: 'single', stake: 100, selections: [{ selectionId, price }] },
          })
        ).statusCode,
      ).toBe(201);
      for (const [goals, message] of [
        ['H12,A67', /do not add up to the full-time score 2-1/],
        ['A30,H12,H80', /order they were scored/],
        ['H12,A91,H80', /Not a goal: A91/],
        ['H12,A50,H80', /by the 45th minute \(1-0\) do not add up to the half-time score 1-1/],
        ['H12,A45+2,X80', /Not a goal: X80/],
      ] as const) {
        const refused = await operator('sb-settle', [event.id, '2-1', '1-1', '--goals', goals]);
        expect(refused.status).toBe(400);
        expect(refused.message).toMatch(message);
      }
      expect(services.catalogue.record(event.id)!.status).toBe('scheduled');
      const settled = await operator('sb-settle', [event.id, '2-1', '1-1', '--goals', 'H12,A45+2,H80']);
      expect(settled.status, settled.message).toBe(200);
      const bet = (
        await app.inject({ method: 'GET', url: `/api/bets/${betId}`, headers: { authorization: `Bearer ${token}` } })
      ).json() as BetView;
      expect(bet).toMatchObject({ status: 'lost', legs: [{ result: 'lost' }] });
      expect(services.catalogue.record(event.id)!.goals).toEqual([
        { side: 'home', minute: 12 },
        { side: 'away', minute: 45 },
        { side: 'home', minute: 80 },
      ]);
      expect(await balanceOf(user.id)).toBe(9_900);
    });

    // Last: it unhooks settlement from the catalogue, as a crash between the resolution and the settlement would.
    it('a settlement the listener never finished is caught up from the stored resolution at start', async () => {
      const { user, token } = await session(10_000);
      const event = upcoming(3);
      const selectionId = selectionIdOf(marketIdOf(event.id, 'match-result'), 'draw');
      const price = services.catalogue.quote(selectionId)!.price!;
      const betId = randomUUID();
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/bets',
            headers: { authorization: `Bearer ${token}` },
            payload: { betId, kind: 'single', stake: 400, selections: [{ selectionId, price }] },
          })
        ).statusCode,
      ).toBe(201);
      // The goal times are read back from the stored resolution too.
      const firstId = selectionIdOf(marketIdOf(event.id, 'first-team-to-score'), 'away');
      const firstPrice = services.catalogue.quote(firstId)!.price!;
      const firstBetId = randomUUID();
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/bets',
            headers: { authorization: `Bearer ${token}` },
            payload: {
              betId: firstBetId,
              kind: 'single',
              stake: 100,
              selections: [{ selectionId: firstId, price: firstPrice }],
            },
          })
        ).statusCode,
      ).toBe(201);
      services.bets.close();
      await services.catalogue.resultEvent(event.id, {
        halfTime: { home: 0, away: 0 },
        fullTime: { home: 1, away: 1 },
        goals: [
          { side: 'away', minute: 50 },
          { side: 'home', minute: 70 },
        ],
      });
      const read = async () =>
        (
          await app.inject({ method: 'GET', url: `/api/bets/${betId}`, headers: { authorization: `Bearer ${token}` } })
        ).json() as BetView;
      expect((await read()).status).toBe('open');
      await services.bets.recover();
      await services.outbox.drainDue();
      const expected = Math.floor((400 * (price.num + price.den)) / price.den);
      const firstExpected = Math.floor((100 * (firstPrice.num + firstPrice.den)) / firstPrice.den);
      expect(await read()).toMatchObject({ status: 'won', returns: expected });
      expect(
        (
          await app.inject({
            method: 'GET',
            url: `/api/bets/${firstBetId}`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).json(),
      ).toMatchObject({ status: 'won', returns: firstExpected });
      expect(await balanceOf(user.id)).toBe(10_000 - 500 + expected + firstExpected);
      await services.bets.recover();
      await services.outbox.drainDue();
      expect(await balanceOf(user.id)).toBe(10_000 - 500 + expected + firstExpected);
    });

    it('session launches are rate limited per address, so launch tokens cannot be guessed at speed', async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 32; attempt++) {
        statuses.push(
          (
            await app.inject({
              method: 'POST',
              url: '/api/session',
              remoteAddress: '198.51.100.7',
              payload: { launchToken: 'x'.repeat(40) },
            })
          ).statusCode,
        );
      }
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
    });
  });
}
