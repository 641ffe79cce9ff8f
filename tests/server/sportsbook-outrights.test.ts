import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, operator } from './support/harness';
import { createSportsbookAppWorld, type SportsbookAppWorld } from './support/sportsbook-app';
import { anotherOutrightBook } from './support/sportsbook';
import { marketIdOf, selectionIdOf } from '../../server/sportsbook/catalogue/ids';
import { SeasonStore } from '../../server/sportsbook/outrights/store';
import type { StoredFixture } from '../../server/sportsbook/db/schema';
import {
  OUTRIGHT_SINGLES_ONLY,
  type BetView,
  type OutrightView,
  type Price,
} from '../../src/contract/sportsbook-rules';

const decimalReturns = (stake: number, price: Price, ways = 1) =>
  Math.floor((stake * (price.num + price.den)) / (price.den * ways));

for (const kind of databaseKinds()) {
  describe(`outrights [${kind}]`, () => {
    let world: SportsbookAppWorld;
    beforeAll(async () => {
      world = await createSportsbookAppWorld(kind);
    }, 60_000);
    afterAll(async () => world?.close());

    const outright = async (competitionId: string) => {
      const response = await world.app.inject({ method: 'GET', url: `/api/competitions/${competitionId}/outright` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as OutrightView;
    };
    const place = (token: string, body: Record<string, unknown>) =>
      world.app.inject({
        method: 'POST',
        url: '/api/bets',
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
    const single = async (token: string, selection: { id: string; price: Price | null }, stake: number) => {
      const betId = randomUUID();
      const placed = await place(token, {
        betId,
        kind: 'single',
        stake,
        selections: [{ selectionId: selection.id, price: selection.price }],
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return betId;
    };
    const betOf = async (token: string, betId: string) =>
      (
        await world.app.inject({
          method: 'GET',
          url: `/api/bets/${betId}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json() as BetView;

    it('each league has a season: a table of every club, 0 played of its double round-robin, and a priced outright', async () => {
      const view = await outright('eng-premier');
      expect(view).toMatchObject({
        competitionName: 'Albion Premier Division',
        seasonName: 'Albion Premier Division, season 1',
        fixturesTotal: 16 * 15,
        winners: null,
      });
      expect(view.table).toHaveLength(16);
      expect(view.table.every((line) => line.played === 0 && line.points === 0)).toBe(true);
      expect(view.market).toMatchObject({
        type: 'outright',
        name: 'To win the Albion Premier Division',
        status: 'open',
        eventId: view.seasonId,
      });
      expect(view.market.selections).toHaveLength(16);
      // The strongest club of the league is the favourite.
      expect(view.market.selections[0]!.name).toBe('Castlebridge Rovers');
      expect(view.market.selections.filter((selection) => selection.price !== null).length).toBeGreaterThan(5);
      // The scheduler booked the season's own fixtures: every match of the league is one of them, each booked once.
      const booked = world.services.catalogue.records().filter((event) => event.competitionId === 'eng-premier');
      expect(booked.length).toBeGreaterThan(0);
      const season = (await new SeasonStore(world.services.db).find(view.seasonId))!;
      const bookedFixtures = season.fixtures.filter((fixture) => fixture.eventId !== null);
      expect(bookedFixtures.map((fixture) => fixture.eventId).sort()).toEqual(booked.map((event) => event.id).sort());
      for (const event of booked)
        expect(bookedFixtures.find((fixture) => fixture.eventId === event.id)).toMatchObject({
          home: event.homeTeamId,
          away: event.awayTeamId,
        });
      expect(
        (await world.app.inject({ method: 'GET', url: '/api/competitions/no-such-league/outright' })).statusCode,
      ).toBe(404);
      expect((await world.app.inject({ method: 'GET', url: '/api/competitions/%3Cx%3E/outright' })).statusCode).toBe(
        404,
      );
    });

    it('the winner wins at full odds, the rest lose; the PAM sees the stake and the returns', async () => {
      const { user, token } = await world.session(10_000);
      const view = await outright('eng-premier');
      const [first, second] = view.market.selections;
      const win = await single(token, first!, 1_000);
      const lose = await single(token, second!, 500);
      expect(await world.balanceOf(user.id)).toBe(8_500);
      const mine = (
        await world.app.inject({
          method: 'GET',
          url: '/api/bets?state=open',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().bets as BetView[];
      expect(mine.find((bet) => bet.betId === win)).toMatchObject({
        kind: 'single',
        legs: [
          { eventName: view.seasonName, marketName: 'To win the Albion Premier Division', selectionName: first!.name },
        ],
      });
      const settled = await world.operator('sb-settle-outright', ['eng-premier', first!.name]);
      expect(settled.status, settled.message).toBe(200);
      expect(await betOf(token, win)).toMatchObject({
        status: 'won',
        returns: decimalReturns(1_000, first!.price!),
        legs: [{ result: 'won', deadHeatWays: null }],
      });
      expect(await betOf(token, lose)).toMatchObject({ status: 'lost', returns: 0, legs: [{ result: 'lost' }] });
      expect(await world.balanceOf(user.id)).toBe(8_500 + decimalReturns(1_000, first!.price!));
      expect((await outright('eng-premier')).market.status).toBe('settled');
      const again = await world.operator('sb-settle-outright', ['eng-premier', second!.name]);
      expect(again).toMatchObject({ status: 409, message: 'This outright is already settled' });
      expect(await world.balanceOf(user.id)).toBe(8_500 + decimalReturns(1_000, first!.price!));
    });

    it('a dead heat of two and of three divides the stake by the clubs tied, paid at full odds, rounded down once', async () => {
      const { user, token } = await world.session(100_000);
      const two = (await outright('eng-championship')).market.selections;
      const three = (await outright('sco-premier')).market.selections;
      const stakes = [1_001, 777, 333];
      const onTwo = await Promise.all([0, 1, 2].map((at) => single(token, two[at]!, stakes[at]!)));
      const onThree = await Promise.all([0, 1, 2, 3].map((at) => single(token, three[at]!, stakes[at % 3]!)));
      expect(
        (await world.operator('sb-settle-outright', ['eng-championship', two[0]!.name, two[1]!.name])).status,
      ).toBe(200);
      expect(
        (await world.operator('sb-settle-outright', ['sco-premier', three[0]!.name, three[1]!.name, three[2]!.name]))
          .status,
      ).toBe(200);
      const expected = [
        decimalReturns(1_001, two[0]!.price!, 2),
        decimalReturns(777, two[1]!.price!, 2),
        0,
        decimalReturns(1_001, three[0]!.price!, 3),
        decimalReturns(777, three[1]!.price!, 3),
        decimalReturns(333, three[2]!.price!, 3),
        0,
      ];
      const bets = await Promise.all([...onTwo, ...onThree].map((betId) => betOf(token, betId)));
      expect(bets.map((bet) => bet.returns)).toEqual(expected);
      expect(bets.map((bet) => bet.legs[0]!.result)).toEqual([
        'dead-heat',
        'dead-heat',
        'lost',
        'dead-heat',
        'dead-heat',
        'dead-heat',
        'lost',
      ]);
      expect(bets.map((bet) => bet.legs[0]!.deadHeatWays)).toEqual([2, 2, null, 3, 3, 3, null]);
      const staked = 1_001 + 777 + 333 + 1_001 + 777 + 333 + 1_001;
      expect(await world.balanceOf(user.id)).toBe(100_000 - staked + expected.reduce((a, b) => a + b, 0));
      expect((await outright('sco-premier')).winners).toEqual([three[0]!.name, three[1]!.name, three[2]!.name]);
    });

    it('a void outright returns every stake', async () => {
      const { user, token } = await world.session(5_000);
      const selections = (await outright('eur-cup')).market.selections;
      const betId = await single(token, selections[0]!, 2_000);
      expect((await world.operator('sb-void-outright', ['eur-cup'])).status).toBe(200);
      expect(await betOf(token, betId)).toMatchObject({ status: 'void', returns: 2_000, legs: [{ result: 'void' }] });
      expect(await world.balanceOf(user.id)).toBe(5_000);
    });

    it('refuses an unknown outright, a settled one and an outright in an accumulator, moving no money', async () => {
      const { user, token } = await world.session(5_000);
      const settled = (await outright('eng-premier')).market;
      const refused = async (body: Record<string, unknown>, code: string, message?: string) => {
        const response = await place(token, { betId: randomUUID(), stake: 100, ...body });
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json().code).toBe(code);
        if (message) expect(response.json().message).toBe(message);
      };
      await refused(
        {
          kind: 'single',
          selections: [
            {
              selectionId: 'season-eng-premier-99~outright~eng-premier.castlebridge-rovers',
              price: { num: 2, den: 1 },
            },
          ],
        },
        'UnknownSelection',
      );
      await refused(
        {
          kind: 'single',
          selections: [{ selectionId: `${settled.id}~eng-premier.no-such-club`, price: { num: 2, den: 1 } }],
        },
        'UnknownSelection',
      );
      await refused(
        { kind: 'single', selections: [{ selectionId: settled.selections[0]!.id, price: { num: 2, den: 1 } }] },
        'MarketClosed',
      );
      // The next season starts on the next tick.
      await world.services.feed.tick();
      const next = await outright('eng-premier');
      expect(next.seasonName).toBe('Albion Premier Division, season 2');
      expect(next.market.status).toBe('open');
      const match = world.services.catalogue.records().find((event) => event.status === 'scheduled')!;
      const matchSelection = selectionIdOf(marketIdOf(match.id, 'match-result'), 'home');
      const legs = [
        { selectionId: next.market.selections[0]!.id, price: next.market.selections[0]!.price },
        { selectionId: matchSelection, price: world.services.catalogue.quote(matchSelection)!.price },
      ];
      await refused({ kind: 'accumulator', selections: legs }, 'SinglesOnly', OUTRIGHT_SINGLES_ONLY);
      expect(await world.balanceOf(user.id)).toBe(5_000);
      // The operator cannot settle a season twice, nor name a club of another league.
      // A season gone by is not known to the operator commands any more.
      expect((await world.operator('sb-settle-outright', ['season-eng-premier-1', 'Castlebridge Rovers'])).status).toBe(
        404,
      );
      expect((await world.operator('sb-settle-outright', ['eng-premier', 'Westerby Town'])).status).toBe(400);
      expect((await world.operator('sb-settle-outright', ['eng-premier'])).status).toBe(400);
      const listed = (await world.operator('sb-outrights', [])).result as Array<{
        competitionId: string;
        status: string;
      }>;
      expect(listed.map((line) => line.competitionId)).toEqual([
        'eng-premier',
        'eng-championship',
        'sco-premier',
        'eur-cup',
      ]);
    });

    it('a free bet in a dead heat pays the winnings of the part of its stake that won (1/ways at full odds), never stake back', async () => {
      const { user, token } = await world.session(1_000);
      const next = await outright('eng-premier');
      expect(next.seasonName).toBe('Albion Premier Division, season 2');
      const [first, second, third] = next.market.selections;
      const freeBets: string[] = [];
      for (const pence of [1_000, 999, 600]) {
        const granted = await operator(world.pam, 'free-bet', 'grant', user.email, String(pence));
        expect(granted.statusCode, granted.json().message).toBe(200);
        freeBets.push(granted.json().result.freeBetId as string);
      }
      const placeFree = async (selection: { id: string; price: Price | null }, stake: number, freeBetId: string) => {
        const betId = randomUUID();
        const placed = await place(token, {
          betId,
          kind: 'single',
          stake,
          freeBetId,
          selections: [{ selectionId: selection.id, price: selection.price }],
        });
        expect(placed.statusCode, placed.body).toBe(201);
        return betId;
      };
      const bets = [
        await placeFree(first!, 1_000, freeBets[0]!),
        await placeFree(second!, 999, freeBets[1]!),
        await placeFree(third!, 600, freeBets[2]!),
      ];
      expect(await world.balanceOf(user.id)).toBe(1_000);
      expect((await world.operator('sb-settle-outright', ['eng-premier', first!.name, second!.name])).status).toBe(200);
      await world.services.outbox.drainDue();
      // Half of each stake stood on its club at full odds; a free bet keeps none of that half: stake / 2 x num / den.
      const winnings = (stake: number, price: Price) => Math.floor((stake * price.num) / (price.den * 2));
      const expected = [winnings(1_000, first!.price!), winnings(999, second!.price!), 0];
      const settled = await Promise.all(bets.map((betId) => betOf(token, betId)));
      expect(settled.map((bet) => bet.returns)).toEqual(expected);
      expect(settled.map((bet) => bet.status)).toEqual(['won', 'won', 'lost']);
      expect(await world.balanceOf(user.id)).toBe(1_000 + expected[0]! + expected[1]!);
      const ledger = await world.pam.database.db
        .selectFrom('transactions')
        .select(['bet_id', 'kind', 'amount'])
        .where('bet_id', 'in', bets)
        .orderBy('id')
        .execute();
      expect(ledger).toHaveLength(2);
      expect(ledger).toContainEqual({ bet_id: bets[0], kind: 'Returns', amount: expected[0] });
      expect(ledger).toContainEqual({ bet_id: bets[1], kind: 'Returns', amount: expected[1] });
    });

    it('a season whose last match is settled ends by its final table (points, goal difference, then goals scored; clubs level on all three: a dead heat) and the next begins', async () => {
      const { services } = world;
      const store = new SeasonStore(services.db);
      // The season after the operator's settlement, played but for one match booked now.
      await services.feed.tick();
      const current = (await outright('eng-championship')).seasonId;
      expect(current).toBe('season-eng-championship-2');
      const stored = (await store.find(current))!;
      const match = services.catalogue
        .records()
        .find((event) => event.competitionId === 'eng-championship' && event.status === 'scheduled')!;
      // That match is this season's fixture between its clubs (every pair meets), the one left to play.
      const last = stored.fixtures.find(
        (fixture) => fixture.home === match.homeTeamId && fixture.away === match.awayTeamId,
      )!;
      // Every other match 1-1 and the last 0-0: all twelve on 22 points and level on goal difference, but the last
      // match's two clubs scored one goal fewer, so the other ten share first place.
      const fixtures: StoredFixture[] = stored.fixtures.map((fixture) =>
        fixture === last
          ? { ...fixture, eventId: match.id }
          : { ...fixture, eventId: fixture.eventId ?? 'played', score: { home: 1, away: 1 } },
      );
      await services.db
        .updateTable('sportsbook.seasons')
        .set({ fixtures: JSON.stringify(fixtures) })
        .where('id', '=', current)
        .execute();
      const book = anotherOutrightBook(services, store);
      await services.catalogue.resultEvent(match.id, {
        fullTime: { home: 0, away: 0 },
        halfTime: { home: 0, away: 0 },
        goals: [],
      });
      await book.tick();
      const ended = (await store.find(current))!;
      expect(ended.status).toBe('settled');
      expect([...ended.winners!].sort()).toEqual(
        services.catalogue
          .teamRecords('eng-championship')
          .map((team) => team.id)
          .filter((id) => id !== match.homeTeamId && id !== match.awayTeamId)
          .sort(),
      );
      await book.tick();
      expect(book.view('eng-championship')!.seasonName).toBe('Albion Championship, season 3');
    });

    it('an instance that does not run the feed quotes the same outright prices from the store', async () => {
      const { services } = world;
      const follower = anotherOutrightBook(services);
      await follower.syncFromStore();
      const leader = services.outrights.view('sco-premier')!;
      expect(follower.view('sco-premier')).toEqual(leader);
      const selection = leader.market.selections.find((candidate) => candidate.price !== null)!;
      expect(follower.quote(selection.id)).toMatchObject({
        price: selection.price,
        status: 'open',
        marketName: 'To win the Caledonian Premiership',
        eventStatus: 'scheduled',
      });
    });

    it('a settlement cut short (the season stored as settled, its bets still open) is finished by recovery', async () => {
      const { services } = world;
      const { user, token } = await world.session(5_000);
      const view = await outright('sco-premier');
      const [first, second] = view.market.selections;
      const win = await single(token, first!, 400);
      const dead = await single(token, second!, 300);
      // As if the process died after storing the season's end and before its bets were settled.
      await services.db
        .updateTable('sportsbook.seasons')
        .set({
          status: 'settled',
          winners: JSON.stringify([first!.id.split('~')[2], second!.id.split('~')[2]]),
          seq: view.seq + 1,
        })
        .where('id', '=', view.seasonId)
        .execute();
      expect((await betOf(token, win)).status).toBe('open');
      await services.bets.recover();
      await services.outbox.drainDue();
      // A dead heat returning less than the stake (a short price halved) counts as lost, as a half-lost quarter line does.
      const returns = decimalReturns(400, first!.price!, 2);
      expect(await betOf(token, win)).toMatchObject({
        status: returns >= 400 ? 'won' : 'lost',
        returns,
        legs: [{ result: 'dead-heat', deadHeatWays: 2 }],
      });
      expect((await betOf(token, dead)).returns).toBe(decimalReturns(300, second!.price!, 2));
      expect(await world.balanceOf(user.id)).toBe(
        5_000 - 700 + decimalReturns(400, first!.price!, 2) + decimalReturns(300, second!.price!, 2),
      );
    });

    it('the books still agree with the wallet after every outright settlement', async () => {
      await world.services.outbox.drainDue();
      const report = await world.services.reconciliation.run();
      expect(report.pending).toEqual([]);
      expect(report.differences).toEqual([]);
      expect(report.bets).toBeGreaterThanOrEqual(10);
    });
  });
}
