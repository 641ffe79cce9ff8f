import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import { createBetsWorld, frame, pamBalance, pamBet, punter, slip, type BetsWorld } from './support/sportsbook-bets';
import type { BetView, Price, SystemType } from '../../src/contract/sportsbook-rules';

/** The n-folds (Doubles, Trebles, ...) placed through the API and settled line by line through the wallet, on both databases. */
for (const kind of databaseKinds()) {
  describe(`n-fold system bets [${kind}]`, () => {
    let world: BetsWorld;
    beforeAll(async () => {
      world = await createBetsWorld(kind, { payoutCap: 5_000 });
    }, 60_000);
    afterAll(async () => world?.close());

    const home = (eventId: string) => world.catalogue.selection(eventId, 'match-result', 'home').selectionId;
    function matches(prices: Price[]): string[] {
      return prices.map((price) => {
        const eventId = world.catalogue.addEvent();
        world.catalogue.setPrice(home(eventId), price);
        return eventId;
      });
    }
    const system = (eventIds: string[], type: SystemType, stakePerLine: number) =>
      slip(world, eventIds.map(home), stakePerLine, { kind: 'system', system: type });
    const settle = (eventId: string, homeGoals: number, awayGoals: number) =>
      world.catalogue.resultEvent(eventId, {
        halfTime: { home: 0, away: 0 },
        fullTime: { home: homeGoals, away: awayGoals },
      });
    const betOf = async (token: string, betId: string) =>
      (await frame(world, token, 'GET', `/api/bets/${betId}`)).json() as BetView;
    const evens = (count: number): Price[] => Array.from({ length: count }, () => ({ num: 1, den: 1 }));

    it('Doubles on 4 matches stake 6 lines and Trebles 4: one debit of each total, the lines stored and shown', async () => {
      const p = await punter(world, 10_000);
      const events = matches(evens(4));
      const doubles = system(events, 'doubles', 100);
      const placed = await frame(world, p.token, 'POST', '/api/bets', doubles);
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json().bet).toMatchObject({
        kind: 'system',
        stake: 600,
        system: { type: 'doubles', stakePerLine: 100, lines: 6 },
        potentialReturns: 2_400,
      });
      const trebles = system(events, 'trebles', 50);
      expect((await frame(world, p.token, 'POST', '/api/bets', trebles)).json().bet).toMatchObject({
        stake: 200,
        system: { type: 'trebles', stakePerLine: 50, lines: 4 },
        potentialReturns: 1_600,
      });
      expect(await pamBalance(world, p.user.id)).toBe(10_000 - 600 - 200);
      const debit = await world.db
        .selectFrom('sportsbook.wallet_calls')
        .select('body')
        .where('id', '=', `debit:${doubles.betId}`)
        .executeTakeFirstOrThrow();
      expect(debit.body).toMatchObject({ amount: 600, description: 'Doubles: 4 selections, 6 lines at £1.00' });

      // A, B and D win at evens, C loses: 3 of the 6 doubles win (£4 each), 1 of the 4 trebles (£8).
      await settle(events[0]!, 1, 0);
      await settle(events[1]!, 2, 0);
      await settle(events[2]!, 0, 0);
      expect((await betOf(p.token, doubles.betId)).status).toBe('open');
      await settle(events[3]!, 3, 1);
      await world.outbox.drainDue();
      expect(await betOf(p.token, doubles.betId)).toMatchObject({ status: 'won', returns: 1_200 });
      expect(await betOf(p.token, trebles.betId)).toMatchObject({ status: 'won', returns: 400 });
      expect(await pamBet(world, doubles.betId)).toMatchObject({ staked: 600, returned: 1_200, status: 'closed' });
      expect(await pamBalance(world, p.user.id)).toBe(10_000 - 800 + 1_200 + 400);
    });

    it('rounds each line down: 10p Doubles at 1/3 on 3 matches return 3 x 17p', async () => {
      const p = await punter(world, 10_000);
      const third = { num: 1, den: 3 };
      const events = matches([third, third, third]);
      const body = system(events, 'doubles', 10);
      expect((await frame(world, p.token, 'POST', '/api/bets', body)).json().bet).toMatchObject({
        stake: 30,
        potentialReturns: 51,
      });
      for (const eventId of events) await settle(eventId, 1, 0);
      await world.outbox.drainDue();
      expect(await betOf(p.token, body.betId)).toMatchObject({ status: 'won', returns: 51 });
      expect(await pamBalance(world, p.user.id)).toBe(10_000 - 30 + 51);
    });

    it("the payout cap applies to the n-fold's net as a whole, not to each line", async () => {
      const p = await punter(world, 100_000);
      // £10 Doubles at 10/1 on 3 matches, all winning: 3 x £1,210 back on £30. The cap here is £50 net.
      const events = matches([
        { num: 10, den: 1 },
        { num: 10, den: 1 },
        { num: 10, den: 1 },
      ]);
      const body = system(events, 'doubles', 1_000);
      expect((await frame(world, p.token, 'POST', '/api/bets', body)).json().bet.potentialReturns).toBe(363_000);
      for (const eventId of events) await settle(eventId, 1, 0);
      await world.outbox.drainDue();
      expect(await betOf(p.token, body.betId)).toMatchObject({ status: 'won', returns: 3_000 + 5_000 });
      expect(await pamBalance(world, p.user.id)).toBe(100_000 - 3_000 + 8_000);
    });

    it('refuses an n-fold on too few selections or over £10,000 in all, moving nothing', async () => {
      const p = await punter(world, 2_000_000);
      const events = matches(evens(12));
      const refusal = async (body: object) => {
        const response = await frame(world, p.token, 'POST', '/api/bets', body);
        expect(response.statusCode, response.body).toBe(422);
        return response.json() as { code: string; message: string };
      };
      expect(await refusal(system(events.slice(0, 2), 'doubles', 100))).toEqual({
        code: 'WrongSelectionCount',
        message: 'Doubles need at least 3 selections; this bet has 2.',
      });
      expect((await refusal(system(events.slice(0, 11), 'elevenfolds', 100))).code).toBe('WrongSelectionCount');
      expect(await refusal(system(events, 'sixfolds', 1_083))).toEqual({
        code: 'StakeTooHigh',
        message: 'The maximum stake is £10,000: 6-Folds of 924 lines allow at most £10.82 per line.',
      });
      expect(await pamBalance(world, p.user.id)).toBe(2_000_000);
      // 11-Folds on all 12: 12 lines, accepted.
      const eleven = await frame(world, p.token, 'POST', '/api/bets', system(events, 'elevenfolds', 10));
      expect(eleven.statusCode, eleven.body).toBe(201);
      expect(eleven.json().bet).toMatchObject({ stake: 120, system: { lines: 12 } });
    });
  });
}
