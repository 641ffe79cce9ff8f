import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKinds } from './support/harness';
import {
  createBetsWorld,
  finalScore,
  frame,
  pamBalance,
  pamBet,
  punter,
  type BetsWorld,
  type Punter,
} from './support/sportsbook-bets';
import type { BetBuilderQuote, BetView, Price, PriceChangePolicy } from '../../src/contract/sportsbook-rules';
import { formatFractional, returnsFor, samePrice } from '../../src/contract/rules/odds';
import { priceBetBuilder } from '../../server/sportsbook/markets/bet-builder';
import type { MatchRates } from '../../server/sportsbook/pricing/types';

/**
 * A Bet Builder held for the in-play delay pays its one combined price (bets.price_num/price_den), so the hold's end
 * quotes that combination again from the catalogue and judges it against the customer's setting, as placement does:
 * its legs' own prices can stay put while the combination moves (the joint score law moves under them), and move
 * while it stays put. The combination is moved here by the match's scoring rates in the catalogue's pricing, which
 * is what the real catalogue prices a Bet Builder from (a trader's sb-nudge, the match clock), with the legs' prices
 * left exactly where they were. The hold's end is run by hand (bets.holds.decide), as its timer would.
 */
for (const kind of databaseKinds()) {
  describe(`a Bet Builder held for the in-play delay [${kind}]`, () => {
    let world: BetsWorld;
    beforeAll(async () => {
      world = await createBetsWorld(kind, { inPlayDelayMs: 6_000 });
    }, 60_000);
    afterAll(async () => world?.close());
    afterEach(() => vi.restoreAllMocks());

    const id = (eventId: string, market: string, selection: string) =>
      world.catalogue.selection(eventId, market, selection).selectionId;
    const view = async (p: Punter, betId: string) =>
      (await frame(world, p.token, 'GET', `/api/bets/${betId}`)).json() as BetView;

    /** A match in play at 0-0, and a Bet Builder on it (home win, over 2.5 goals) at its quoted price. */
    async function liveBuilder() {
      const eventId = world.catalogue.addEvent();
      world.catalogue.setInPlay(eventId, { home: 0, away: 0 });
      const legs = [id(eventId, 'match-result', 'home'), id(eventId, 'total-goals:2.5', 'over')];
      const quoted = await world.app.inject({
        method: 'POST',
        url: '/api/bet-builder/quote',
        payload: { selectionIds: legs },
      });
      expect(quoted.statusCode, quoted.body).toBe(200);
      return { eventId, legs, price: (quoted.json() as BetBuilderQuote).price };
    }

    async function placeHeld(p: Punter, legs: string[], price: Price, stake: number, priceChanges: PriceChangePolicy) {
      const body = {
        betId: randomUUID(),
        kind: 'bet-builder' as const,
        stake,
        price,
        selections: legs.map((selectionId) => ({ selectionId, price: world.catalogue.quote(selectionId)!.price! })),
        acceptPriceChanges: false,
        priceChanges,
      };
      const placed = await frame(world, p.token, 'POST', '/api/bets', body);
      expect(placed.statusCode, placed.body).toBe(202);
      expect(placed.json().bet).toMatchObject({ status: 'pending', price, heldUntil: expect.any(String) });
      return body;
    }

    /** The catalogue prices this match from these rates from now on (its legs' own prices untouched); returns the combination's price then. */
    function moveRates(eventId: string, legs: string[], rates: MatchRates) {
      const original = world.catalogue.matchPricing.bind(world.catalogue);
      vi.spyOn(world.catalogue, 'matchPricing').mockImplementation((event) => {
        const pricing = original(event);
        return pricing && event === eventId ? { ...pricing, rates } : pricing;
      });
      const { state } = world.catalogue.matchPricing(eventId)!;
      return priceBetBuilder(
        rates,
        state,
        legs.map((selectionId) => ({
          spec: world.catalogue.quote(selectionId)!.spec,
          selectionKey: world.catalogue.quote(selectionId)!.selectionKey,
        })),
      );
    }

    /** Rovers' rate down a fifth: the home win and over 2.5 together longer. */
    const LONGER: MatchRates = { home: 1.2, away: 1.1, rho: -0.1 };

    async function debitOf(betId: string) {
      return world.db
        .selectFrom('sportsbook.wallet_calls')
        .select(['kind', 'state', 'body'])
        .where('id', '=', `debit:${betId}`)
        .executeTakeFirstOrThrow();
    }

    it("'never': the combination moved during the hold with every leg's price unchanged is refused in words; nothing is taken", async () => {
      const p = await punter(world, 10_000);
      const { legs, eventId, price } = await liveBuilder();
      const legPrices = legs.map((leg) => world.catalogue.quote(leg)!.price);
      const body = await placeHeld(p, legs, price, 1_000, 'never');
      const moved = moveRates(eventId, legs, LONGER);
      if (moved.kind !== 'priced') throw new Error(`expected a price, got ${moved.kind}`);
      expect(samePrice(moved.price, price)).toBe(false);
      expect(legs.map((leg) => world.catalogue.quote(leg)!.price)).toEqual(legPrices);

      expect(await world.bets.holds.decide(body.betId)).toBe('refused');
      expect(await view(p, body.betId)).toMatchObject({
        status: 'rejected',
        heldUntil: null,
        reason:
          'The odds changed while your bet was being placed, so it was not accepted. Nothing was taken from your balance.',
      });
      const retried = await frame(world, p.token, 'POST', '/api/bets', body);
      expect(retried.statusCode).toBe(422);
      expect(retried.json().code).toBe('PriceChanged');
      expect((await debitOf(body.betId)).state).toBe('failed');
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
      expect(await pamBet(world, body.betId)).toBeUndefined();
    });

    it("'higher' refuses a combination that shortened during the hold", async () => {
      const p = await punter(world, 10_000);
      const { legs, eventId, price } = await liveBuilder();
      const body = await placeHeld(p, legs, price, 1_000, 'higher');
      const moved = moveRates(eventId, legs, { home: 1.9, away: 1.1, rho: -0.1 });
      if (moved.kind !== 'priced') throw new Error(`expected a price, got ${moved.kind}`);
      expect(moved.price.num / moved.price.den).toBeLessThan(price.num / price.den);
      expect(await world.bets.holds.decide(body.betId)).toBe('refused');
      expect((await view(p, body.betId)).reason).toMatch(/^The odds changed while your bet was being placed/);
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
    });

    it("'any': accepted at the combination's new price, stored, debited with it named, and paid at it when settled", async () => {
      const p = await punter(world, 10_000);
      const { legs, eventId, price } = await liveBuilder();
      const body = await placeHeld(p, legs, price, 1_000, 'any');
      const moved = moveRates(eventId, legs, LONGER);
      if (moved.kind !== 'priced') throw new Error(`expected a price, got ${moved.kind}`);
      expect(samePrice(moved.price, price)).toBe(false);

      expect(await world.bets.holds.decide(body.betId)).toBe('accepted');
      const potential = returnsFor(1_000, [moved.price]);
      expect(potential).not.toBe(returnsFor(1_000, [price]));
      expect(await view(p, body.betId)).toMatchObject({
        status: 'open',
        heldUntil: null,
        price: moved.price,
        potentialReturns: potential,
      });
      const stored = await world.db
        .selectFrom('sportsbook.bets')
        .select(['price_num', 'price_den', 'potential_returns'])
        .where('id', '=', body.betId)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ price_num: moved.price.num, price_den: moved.price.den, potential_returns: potential });
      const debit = await debitOf(body.betId);
      expect(debit.body.description).toBe(
        `Bet Builder: Rovers v United, 2 selections @ ${formatFractional(moved.price)}`,
      );
      expect(await pamBalance(world, p.user.id)).toBe(9_000);
      expect(await pamBet(world, body.betId)).toMatchObject({ staked: 1_000 });

      await world.catalogue.resultEvent(eventId, finalScore('3-1', '1-0'));
      expect(await view(p, body.betId)).toMatchObject({ status: 'won', returns: potential, price: moved.price });
      expect(await pamBalance(world, p.user.id)).toBe(9_000 + potential);
    });

    it("unchanged: accepted at the struck price, even with 'never' and the legs' own prices moved (the bet pays the combination)", async () => {
      const p = await punter(world, 10_000);
      const { legs, eventId, price } = await liveBuilder();
      const body = await placeHeld(p, legs, price, 500, 'never');
      const legPrice: Price = { num: 7, den: 4 };
      world.catalogue.setPrice(legs[0]!, legPrice);
      expect(await world.bets.holds.decide(body.betId)).toBe('accepted');
      const potential = returnsFor(500, [price]);
      expect(await view(p, body.betId)).toMatchObject({
        status: 'open',
        heldUntil: null,
        price,
        potentialReturns: potential,
        legs: [{ price: legPrice }, {}],
      });
      expect((await debitOf(body.betId)).body.description).toBe(
        `Bet Builder: Rovers v United, 2 selections @ ${formatFractional(price)}`,
      );
      expect(await pamBalance(world, p.user.id)).toBe(9_500);
      await world.catalogue.resultEvent(eventId, finalScore('2-1', '0-0'));
      expect(await view(p, body.betId)).toMatchObject({ status: 'won', returns: potential });
      expect(await pamBalance(world, p.user.id)).toBe(9_500 + potential);
    });

    it('a combination that can no longer be priced is refused in words; a goal during the hold still refuses it as a goal', async () => {
      const p = await punter(world, 10_000);
      const unpriced = await liveBuilder();
      const first = await placeHeld(p, unpriced.legs, unpriced.price, 1_000, 'any');
      expect(moveRates(unpriced.eventId, unpriced.legs, { home: 0.05, away: 3, rho: -0.1 }).kind).not.toBe('priced');
      expect(await world.bets.holds.decide(first.betId)).toBe('refused');
      expect(await view(p, first.betId)).toMatchObject({
        status: 'rejected',
        reason:
          'Your Bet Builder could no longer be priced while your bet was being placed, so it was not accepted. Nothing was taken from your balance.',
      });
      expect((await frame(world, p.token, 'POST', '/api/bets', first)).json().code).toBe('ImpossibleCombination');

      const scored = await liveBuilder();
      const second = await placeHeld(p, scored.legs, scored.price, 1_000, 'any');
      world.catalogue.setInPlay(scored.eventId, { home: 1, away: 0 });
      expect(await world.bets.holds.decide(second.betId)).toBe('refused');
      expect((await frame(world, p.token, 'POST', '/api/bets', second)).json().code).toBe('GoalScored');
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
    });
  });
}
