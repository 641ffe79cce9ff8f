import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import {
  createBetsWorld,
  frame,
  pamBalance,
  pamBet,
  punter,
  type BetsWorld,
  type Punter,
} from './support/sportsbook-bets';
import type { BetBuilderQuote, BetView, Price } from '../../src/contract/sportsbook-rules';
import { returnsFor } from '../../src/contract/rules/odds';
import { priceBetBuilder } from '../../server/sportsbook/markets/bet-builder';
import type { FinalResult } from '../../server/sportsbook/pricing/types';

const result = (fullTime: [number, number], halfTime: [number, number]): FinalResult => ({
  fullTime: { home: fullTime[0], away: fullTime[1] },
  halfTime: { home: halfTime[0], away: halfTime[1] },
});

for (const kind of databaseKinds()) {
  describe(`Bet Builder [${kind}]`, () => {
    let world: BetsWorld;
    beforeAll(async () => {
      world = await createBetsWorld(kind);
    }, 60_000);
    afterAll(async () => world?.close());

    const id = (eventId: string, market: string, selection: string) =>
      world.catalogue.selection(eventId, market, selection).selectionId;
    const quote = (selectionIds: string[]) =>
      world.app.inject({ method: 'POST', url: '/api/bet-builder/quote', payload: { selectionIds } });
    const builder = (selectionIds: string[], stake: number, price: Price, extra: Record<string, unknown> = {}) => ({
      betId: randomUUID(),
      kind: 'bet-builder' as const,
      stake,
      price,
      selections: selectionIds.map((selectionId) => ({
        selectionId,
        price: world.catalogue.quote(selectionId)!.price!,
      })),
      acceptPriceChanges: false,
      ...extra,
    });
    const place = async (p: Punter, body: ReturnType<typeof builder>) =>
      frame(world, p.token, 'POST', '/api/bets', body);
    const betOf = async (p: Punter, betId: string) =>
      (await frame(world, p.token, 'GET', `/api/bets/${betId}`)).json() as BetView;

    it('quotes selections of one match as one price, from the joint score law', async () => {
      const eventId = world.catalogue.addEvent();
      const legs = [
        id(eventId, 'match-result', 'home'),
        id(eventId, 'total-goals:2.5', 'over'),
        id(eventId, 'first-half-result', 'home'),
      ];
      const response = await quote(legs);
      expect(response.statusCode, response.body).toBe(200);
      const { rates, state } = world.catalogue.matchPricing(eventId)!;
      const expected = priceBetBuilder(
        rates,
        state,
        legs.map((selectionId) => ({
          spec: world.catalogue.quote(selectionId)!.spec,
          selectionKey: world.catalogue.quote(selectionId)!.selectionKey,
        })),
      );
      if (expected.kind !== 'priced') throw new Error(`expected a price, got ${expected.kind}`);
      expect(response.json()).toEqual({ eventId, selectionIds: legs, price: expected.price } satisfies BetBuilderQuote);
    });

    it('refuses, with words and a code, what it cannot price: impossible together, two matches, one market twice, a market it does not take, one selection', async () => {
      const a = world.catalogue.addEvent();
      const b = world.catalogue.addEvent();
      const cases: Array<[string[], number, string, RegExp]> = [
        [
          [id(a, 'correct-score', '0-0'), id(a, 'both-teams-to-score', 'yes')],
          422,
          'ImpossibleCombination',
          /cannot all win together \(for example 0-0 and both teams to score\)/,
        ],
        [[id(a, 'match-result', 'home'), id(b, 'total-goals:2.5', 'over')], 422, 'NotBuildable', /one match only/],
        [
          [id(a, 'correct-score', '1-0'), id(a, 'correct-score', '2-0')],
          422,
          'NotBuildable',
          /one selection from each market/,
        ],
        [
          [id(a, 'draw-no-bet', 'home'), id(a, 'total-goals:2.5', 'over')],
          422,
          'NotBuildable',
          /Draw No Bet cannot be part of a Bet Builder/,
        ],
        [
          [id(a, 'first-team-to-score', 'home'), id(a, 'match-result', 'home')],
          422,
          'NotBuildable',
          /First Team To Score cannot be part/,
        ],
        [[id(a, 'match-result', 'home'), id(a, 'match-result', 'home')], 422, 'DuplicateSelection', /twice/],
        [[id(a, 'match-result', 'home'), `${a}~match-result~nobody`], 422, 'UnknownSelection', /no longer available/],
      ];
      for (const [selectionIds, status, code, message] of cases) {
        const response = await quote(selectionIds);
        expect(response.statusCode, selectionIds.join(' ')).toBe(status);
        expect(response.json()).toMatchObject({ code, message: expect.stringMatching(message) });
      }
      expect((await quote([id(a, 'match-result', 'home')])).statusCode).toBe(400);
      expect((await quote([])).statusCode).toBe(400);
      await world.catalogue.suspendMarket(world.catalogue.quote(id(a, 'match-result', 'home'))!.marketId);
      expect((await quote([id(a, 'match-result', 'home'), id(a, 'total-goals:2.5', 'over')])).json()).toMatchObject({
        code: 'MarketSuspended',
      });
    });

    it('places one bet at the quoted price with its legs stored; it wins only when every leg wins', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const legs = [id(eventId, 'match-result', 'home'), id(eventId, 'total-goals:2.5', 'over')];
      const { price } = (await quote(legs)).json() as BetBuilderQuote;
      const body = builder(legs, 1_000, price);
      const placed = await place(p, body);
      expect(placed.statusCode, placed.body).toBe(201);
      const potential = returnsFor(1_000, [price]);
      expect(placed.json().bet).toMatchObject({
        kind: 'bet-builder',
        price,
        potentialReturns: potential,
        legs: [
          { selectionId: legs[0], result: 'open' },
          { selectionId: legs[1], result: 'open' },
        ],
      });
      expect(await pamBalance(world, p.user.id)).toBe(9_000);
      expect(await pamBet(world, body.betId)).toMatchObject({ staked: 1_000 });
      // Its legs go together, so their prices one by one cannot value it: no cash out.
      const cashOut = await frame(world, p.token, 'POST', `/api/bets/${body.betId}/cash-out`, {
        requestId: randomUUID(),
        offer: 900,
      });
      expect(cashOut.statusCode).toBe(422);
      expect(cashOut.json()).toMatchObject({
        code: 'CashOutUnavailable',
        message: 'Cash out is not available on Bet Builder bets.',
      });
      expect(await pamBalance(world, p.user.id)).toBe(9_000);
      await world.catalogue.resultEvent(eventId, result([3, 1], [1, 0]));
      expect(await betOf(p, body.betId)).toMatchObject({
        status: 'won',
        returns: potential,
        legs: [{ result: 'won' }, { result: 'won' }],
      });
      expect(await pamBalance(world, p.user.id)).toBe(9_000 + potential);
    });

    it('loses when one leg loses, even with the others won', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const legs = [id(eventId, 'match-result', 'home'), id(eventId, 'both-teams-to-score', 'yes')];
      const { price } = (await quote(legs)).json() as BetBuilderQuote;
      const body = builder(legs, 500, price);
      expect((await place(p, body)).statusCode).toBe(201);
      await world.catalogue.resultEvent(eventId, result([2, 0], [1, 0]));
      expect(await betOf(p, body.betId)).toMatchObject({
        status: 'lost',
        returns: 0,
        legs: [{ result: 'won' }, { result: 'lost' }],
      });
      expect(await pamBalance(world, p.user.id)).toBe(9_500);
    });

    it('is void as a whole when any leg is void, whatever the others did (UK Bet Builder rules), and the stake comes back', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const legs = [
        id(eventId, 'match-result', 'home'),
        id(eventId, 'total-goals:1.5', 'over'),
        id(eventId, 'both-teams-to-score', 'no'),
      ];
      const { price } = (await quote(legs)).json() as BetBuilderQuote;
      const body = builder(legs, 700, price);
      expect((await place(p, body)).statusCode).toBe(201);
      await world.catalogue.voidMarket(world.catalogue.quote(legs[1]!)!.marketId);
      expect(await betOf(p, body.betId)).toMatchObject({
        status: 'void',
        returns: 700,
        legs: [{ result: 'open' }, { result: 'void' }, { result: 'open' }],
      });
      // A lost leg after the void changes nothing: the bet was void once a leg was.
      await world.catalogue.resultEvent(eventId, result([0, 1], [0, 0]));
      expect(await betOf(p, body.betId)).toMatchObject({ status: 'void', returns: 700 });
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
    });

    it('refuses a placement at a price that is no longer the quote unless the customer accepts changes, and an impossible one; nothing is taken', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const legs = [id(eventId, 'match-result', 'draw'), id(eventId, 'total-goals:2.5', 'under')];
      const { price } = (await quote(legs)).json() as BetBuilderQuote;
      const stale = { num: price.num + price.den, den: price.den };
      const refused = await place(p, builder(legs, 100, stale));
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'PriceChanged',
        message: expect.stringMatching(/Bet Builder price has changed/),
      });
      const accepted = await place(p, builder(legs, 100, stale, { acceptPriceChanges: true }));
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect(accepted.json().bet.price).toEqual(price);
      const impossible = [id(eventId, 'correct-score', '0-0'), id(eventId, 'both-teams-to-score', 'yes')];
      const refusedImpossible = await place(p, builder(impossible, 100, { num: 50, den: 1 }));
      expect(refusedImpossible.json()).toMatchObject({ code: 'ImpossibleCombination' });
      // An accumulator still refuses selections from one match; a Bet Builder needs its price, and only it has one.
      expect((await place(p, { ...builder(legs, 100, price), kind: 'accumulator' } as never)).statusCode).toBe(400);
      expect((await place(p, { ...builder(legs, 100, price), price: undefined } as never)).statusCode).toBe(400);
      expect(await pamBalance(world, p.user.id)).toBe(9_900);
    });
  });
}
