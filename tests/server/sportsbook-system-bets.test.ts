import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import { createBetsWorld, frame, pamBalance, pamBet, punter, slip, type BetsWorld } from './support/sportsbook-bets';
import type { BetView, Price } from '../../src/contract/sportsbook-rules';
import type { SystemType } from '../../src/contract/sportsbook-rules';

/** System bets placed through the API and settled through the wallet, on both databases. */
for (const kind of databaseKinds()) {
  describe(`system bets [${kind}]`, () => {
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

    it('a Yankee stakes its stake per line 11 times: one debit of the total, its type and lines stored and shown', async () => {
      const p = await punter(world, 10_000);
      const events = matches([
        { num: 1, den: 1 },
        { num: 1, den: 1 },
        { num: 1, den: 1 },
        { num: 1, den: 1 },
      ]);
      const body = system(events, 'yankee', 100);
      const placed = await frame(world, p.token, 'POST', '/api/bets', body);
      expect(placed.statusCode, placed.body).toBe(201);
      const bet = placed.json().bet as BetView;
      expect(bet).toMatchObject({
        kind: 'system',
        stake: 1_100,
        system: { type: 'yankee', stakePerLine: 100, lines: 11 },
        potentialReturns: 7_200,
        status: 'open',
      });
      expect(bet.legs).toHaveLength(4);
      expect(await pamBalance(world, p.user.id)).toBe(8_900);
      expect(await pamBet(world, body.betId)).toMatchObject({ staked: 1_100, status: 'open' });
      const debit = await world.db
        .selectFrom('sportsbook.wallet_calls')
        .select('body')
        .where('id', '=', `debit:${body.betId}`)
        .executeTakeFirstOrThrow();
      expect(debit.body).toMatchObject({ amount: 1_100, description: 'Yankee: 4 selections, 11 lines at £1.00' });
      const listed = (await frame(world, p.token, 'GET', '/api/bets?state=open')).json().bets as BetView[];
      expect(listed.find((one) => one.betId === body.betId)?.system).toEqual({
        type: 'yankee',
        stakePerLine: 100,
        lines: 11,
      });
    });

    it('refuses a system bet with the wrong number of selections, related selections or a total over £10,000, moving nothing', async () => {
      const p = await punter(world, 2_000_000);
      const events = matches(Array.from({ length: 8 }, () => ({ num: 1, den: 1 })));
      const refusal = async (body: object, status = 422) => {
        const response = await frame(world, p.token, 'POST', '/api/bets', body);
        expect(response.statusCode, response.body).toBe(status);
        return response.json() as { code: string; message: string };
      };
      expect(await refusal(system(events.slice(0, 3), 'yankee', 100))).toEqual({
        code: 'WrongSelectionCount',
        message: 'A Yankee needs exactly 4 selections; this bet has 3.',
      });
      expect((await refusal(system(events.slice(0, 7), 'goliath', 100))).code).toBe('WrongSelectionCount');
      expect((await refusal(system(events.slice(0, 4), 'trixie', 100))).message).toBe(
        'A Trixie needs exactly 3 selections; this bet has 4.',
      );
      const sameMatch = [
        home(events[0]!),
        world.catalogue.selection(events[0]!, 'total-goals:2.5', 'over').selectionId,
        home(events[1]!),
      ];
      expect((await refusal(slip(world, sameMatch, 100, { kind: 'system', system: 'trixie' }))).code).toBe(
        'RelatedSelections',
      );
      expect((await refusal(system(events, 'goliath', 4_100))).code).toBe('StakeTooHigh');
      expect((await refusal({ ...system(events.slice(0, 3), 'trixie', 100), system: undefined }, 400)).code).toBe(
        'ValidationError',
      );
      expect((await refusal({ ...system(events.slice(0, 3), 'trixie', 100), system: 'super-yankee' }, 400)).code).toBe(
        'ValidationError',
      );
      expect((await refusal({ ...slip(world, events.slice(0, 3).map(home), 100), system: 'trixie' }, 400)).code).toBe(
        'ValidationError',
      );
      expect((await refusal(system(events.slice(0, 3), 'trixie', 9))).code).toBe('StakeTooLow');
      expect(await pamBalance(world, p.user.id)).toBe(2_000_000);
      expect((await frame(world, p.token, 'GET', '/api/bets')).json().bets).toEqual([]);
      const stored = await world.db
        .selectFrom('sportsbook.bets')
        .select('id')
        .where('player_id', '=', String(p.user.id))
        .execute();
      expect(stored).toEqual([]);
    });

    it('settles line by line through the wallet: a Trixie with a winner, a loser and a void leg pays its one double of the winner and the void', async () => {
      const p = await punter(world, 10_000);
      const events = matches([
        { num: 2, den: 1 },
        { num: 1, den: 1 },
        { num: 5, den: 1 },
      ]);
      const body = system(events, 'trixie', 200);
      expect((await frame(world, p.token, 'POST', '/api/bets', body)).statusCode).toBe(201);
      expect(await pamBalance(world, p.user.id)).toBe(9_200);
      await settle(events[0]!, 2, 0);
      expect((await frame(world, p.token, 'GET', `/api/bets/${body.betId}`)).json().status).toBe('open');
      await settle(events[1]!, 0, 1);
      // Lines AB and ABC are lost with B; AC is still open with C to play.
      expect((await frame(world, p.token, 'GET', `/api/bets/${body.betId}`)).json().status).toBe('open');
      await world.catalogue.abandonEvent(events[2]!);
      await world.outbox.drainDue();
      const bet = (await frame(world, p.token, 'GET', `/api/bets/${body.betId}`)).json() as BetView;
      // AC: £2 x 3.0 x 1.00 = £6; BC lost; AB lost; ABC lost.
      expect(bet).toMatchObject({ status: 'won', returns: 600 });
      expect(bet.legs.map((one) => one.result)).toEqual(['won', 'lost', 'void']);
      expect(await pamBalance(world, p.user.id)).toBe(9_800);
      expect(await pamBet(world, body.betId)).toMatchObject({ staked: 800, returned: 600, status: 'closed' });
    });

    it("the payout cap applies to the system bet's net, not to each line", async () => {
      const p = await punter(world, 100_000);
      // A £10 Trixie at 10/1 each, all winning: doubles 3 x £1,210, treble £13,310: £16,940 back on £40. The cap here is £50 net.
      const events = matches([
        { num: 10, den: 1 },
        { num: 10, den: 1 },
        { num: 10, den: 1 },
      ]);
      const body = system(events, 'trixie', 1_000);
      expect((await frame(world, p.token, 'POST', '/api/bets', body)).json().bet.potentialReturns).toBe(1_694_000);
      for (const eventId of events) await settle(eventId, 1, 0);
      await world.outbox.drainDue();
      const bet = (await frame(world, p.token, 'GET', `/api/bets/${body.betId}`)).json() as BetView;
      expect(bet).toMatchObject({ status: 'won', returns: 4_000 + 5_000 });
      expect(await pamBalance(world, p.user.id)).toBe(100_000 - 4_000 + 9_000);
    });

    it('a Lucky 15 pays its bonuses through the wallet: one winner at double odds; all four winning, 10% on the returns', async () => {
      const p = await punter(world, 10_000);
      // One winner at 9/2, three losers: the single is paid as 9/1, 10p x 10 = £1.00 (at its own odds 55p).
      const one = matches([
        { num: 9, den: 2 },
        { num: 1, den: 1 },
        { num: 1, den: 1 },
        { num: 1, den: 1 },
      ]);
      const oneBody = system(one, 'lucky15', 10);
      expect((await frame(world, p.token, 'POST', '/api/bets', oneBody)).statusCode).toBe(201);
      await settle(one[0]!, 1, 0);
      for (const eventId of one.slice(1)) await settle(eventId, 0, 0);
      // Every selection at evens and winning: £8.00 of lines, plus 10%: £8.80, shown as the potential returns too.
      const all = matches([
        { num: 1, den: 1 },
        { num: 1, den: 1 },
        { num: 1, den: 1 },
        { num: 1, den: 1 },
      ]);
      const allBody = system(all, 'lucky15', 10);
      const placed = await frame(world, p.token, 'POST', '/api/bets', allBody);
      expect(placed.json().bet).toMatchObject({ stake: 150, potentialReturns: 880 });
      for (const eventId of all) await settle(eventId, 2, 1);
      await world.outbox.drainDue();

      expect((await frame(world, p.token, 'GET', `/api/bets/${oneBody.betId}`)).json()).toMatchObject({
        status: 'won',
        returns: 100,
      });
      expect((await frame(world, p.token, 'GET', `/api/bets/${allBody.betId}`)).json()).toMatchObject({
        status: 'won',
        returns: 880,
      });
      expect(await pamBet(world, oneBody.betId)).toMatchObject({ staked: 150, returned: 100, status: 'closed' });
      expect(await pamBet(world, allBody.betId)).toMatchObject({ staked: 150, returned: 880, status: 'closed' });
      expect(await pamBalance(world, p.user.id)).toBe(10_000 - 300 + 100 + 880);
    });

    it('a retried system bet places once', async () => {
      const p = await punter(world, 10_000);
      const body = system(
        matches([
          { num: 1, den: 2 },
          { num: 1, den: 2 },
          { num: 1, den: 2 },
        ]),
        'patent',
        100,
      );
      const [first, second] = await Promise.all([
        frame(world, p.token, 'POST', '/api/bets', body),
        frame(world, p.token, 'POST', '/api/bets', body),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect((await frame(world, p.token, 'POST', '/api/bets', { ...body, system: 'trixie' })).json().code).toBe(
        'BetIdReused',
      );
      expect(
        (
          await frame(world, p.token, 'POST', '/api/bets', {
            ...body,
            betId: randomUUID(),
            kind: 'accumulator',
            system: undefined,
          })
        ).statusCode,
      ).toBe(201);
      expect(await pamBalance(world, p.user.id)).toBe(10_000 - 700 - 100);
    });
  });
}
