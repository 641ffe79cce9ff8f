import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, operator } from './support/harness';
import {
  createBetsWorld,
  frame,
  pamBalance,
  pamBet,
  punter,
  slip,
  type BetsWorld,
  type Punter,
} from './support/sportsbook-bets';
import type { BetView, Price, PriceChangePolicy } from '../../src/contract/sportsbook-rules';

/**
 * The in-play delay (issue 13): a bet on a match in play is held, nothing debited, then accepted or refused by the
 * state of its markets when the hold ends. The hold's end is run by hand (bets.holds.decide), as its timer would.
 */
for (const kind of databaseKinds()) {
  describe(`the in-play delay [${kind}]`, () => {
    let world: BetsWorld;
    beforeAll(async () => {
      world = await createBetsWorld(kind, { inPlayDelayMs: 6_000 });
    }, 60_000);
    afterAll(async () => world?.close());

    const home = (eventId: string) => world.catalogue.selection(eventId, 'match-result', 'home').selectionId;

    /** A match in play at 1-0, its home win at `price`. */
    function liveMatch(price: Price = { num: 2, den: 1 }): string {
      const eventId = world.catalogue.addEvent();
      world.catalogue.setInPlay(eventId, { home: 1, away: 0 });
      world.catalogue.setPrice(home(eventId), price);
      return eventId;
    }

    async function held(p: Punter, body: object): Promise<BetView> {
      const placed = await frame(world, p.token, 'POST', '/api/bets', body);
      expect(placed.statusCode, placed.body).toBe(202);
      const bet = placed.json().bet as BetView;
      expect(bet.status).toBe('pending');
      expect(bet.heldUntil).toBe(new Date(world.pam.clock.now().getTime() + 6_000).toISOString());
      return bet;
    }

    const view = async (p: Punter, betId: string) =>
      (await frame(world, p.token, 'GET', `/api/bets/${betId}`)).json() as BetView;

    it('holds an in-play bet without debiting it, then accepts it when nothing changed: one debit, even with retries during the hold', async () => {
      const p = await punter(world, 10_000);
      const eventId = liveMatch();
      const body = slip(world, [home(eventId)], 1_000);
      const holdsBefore = world.holds.length;
      await held(p, body);
      expect(world.holds.slice(holdsBefore)).toEqual([6_000]);
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
      expect(await pamBet(world, body.betId)).toBeUndefined();

      // The customer's browser retries during the hold (a lost answer, a reload): the same held bet, nothing sent.
      const retried = await frame(world, p.token, 'POST', '/api/bets', body);
      expect(retried.statusCode).toBe(202);
      expect(retried.json().bet).toMatchObject({ betId: body.betId, status: 'pending', heldUntil: expect.any(String) });
      expect(await view(p, body.betId)).toMatchObject({ status: 'pending', heldUntil: expect.any(String) });
      expect((await frame(world, p.token, 'GET', '/api/bets')).json().bets).toEqual([]);
      expect(await pamBalance(world, p.user.id)).toBe(10_000);

      // The hold ends while yet another retry arrives: judged once, debited once.
      const [decision, late] = await Promise.all([
        world.bets.holds.decide(body.betId),
        frame(world, p.token, 'POST', '/api/bets', body),
      ]);
      expect(decision).toBe('accepted');
      expect([201, 202]).toContain(late.statusCode);
      expect(await view(p, body.betId)).toMatchObject({ status: 'open', heldUntil: null, potentialReturns: 3_000 });
      expect(await world.bets.holds.decide(body.betId)).toBe('not-held');
      expect((await frame(world, p.token, 'POST', '/api/bets', body)).statusCode).toBe(201);
      expect(await pamBalance(world, p.user.id)).toBe(9_000);
      expect(await pamBet(world, body.betId)).toMatchObject({ staked: 1_000, status: 'open' });
    });

    it('a held free bet, once accepted, shows its winnings only as potential returns, as one placed before kick-off does', async () => {
      const p = await punter(world, 1_000);
      const granted = await operator(world.pam, 'free-bet', 'grant', p.user.email, '1000');
      expect(granted.statusCode, granted.json().message).toBe(200);
      const eventId = liveMatch();
      const body = slip(world, [home(eventId)], 1_000, { freeBetId: granted.json().result.freeBetId as string });
      expect((await held(p, body)).potentialReturns).toBe(2_000);
      expect(await world.bets.holds.decide(body.betId)).toBe('accepted');
      expect(await view(p, body.betId)).toMatchObject({ status: 'open', freeBet: true, potentialReturns: 2_000 });
      expect(await pamBalance(world, p.user.id)).toBe(1_000);
    });

    it('a goal during the hold refuses the bet in words, even once the market has reopened at the same price; nothing is taken', async () => {
      const p = await punter(world, 10_000);
      const eventId = liveMatch();
      const body = slip(world, [home(eventId)], 1_000, { priceChanges: 'any' });
      await held(p, body);
      world.catalogue.setInPlay(eventId, { home: 1, away: 1 });
      expect(await world.bets.holds.decide(body.betId)).toBe('refused');
      const bet = await view(p, body.betId);
      expect(bet).toMatchObject({ status: 'rejected', heldUntil: null });
      expect(bet.reason).toBe(
        'A goal was scored while your bet was being placed, so it was not accepted. Nothing was taken from your balance.',
      );
      const retried = await frame(world, p.token, 'POST', '/api/bets', body);
      expect(retried.statusCode).toBe(422);
      expect(retried.json().code).toBe('GoalScored');
      expect(
        world.pushed.some(
          ({ message }) =>
            message.type === 'bet' && message.bet.betId === body.betId && message.bet.status === 'rejected',
        ),
      ).toBe(true);
      const debit = await world.db
        .selectFrom('sportsbook.wallet_calls')
        .select(['kind', 'state'])
        .where('bet_id', '=', body.betId)
        .execute();
      expect(debit).toEqual([{ kind: 'debit', state: 'failed' }]);
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
      expect(await pamBet(world, body.betId)).toBeUndefined();
    });

    it('a goal that also closed the market is told as the goal: the customer hears the cause, not only its effect', async () => {
      const p = await punter(world, 10_000);
      const eventId = liveMatch();
      const body = slip(world, [home(eventId)], 1_000, { priceChanges: 'any' });
      await held(p, body);
      world.catalogue.setInPlay(eventId, { home: 0, away: 3 });
      world.catalogue.closeSelection(home(eventId));
      expect(await world.bets.holds.decide(body.betId)).toBe('refused');
      expect((await frame(world, p.token, 'POST', '/api/bets', body)).json().code).toBe('GoalScored');
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
    });

    it('a market suspended when the hold ends refuses the bet', async () => {
      const p = await punter(world, 10_000);
      const eventId = liveMatch();
      const body = slip(world, [home(eventId)], 500);
      await held(p, body);
      await world.catalogue.suspendMarket(world.catalogue.quote(home(eventId))!.marketId);
      expect(await world.bets.holds.decide(body.betId)).toBe('refused');
      expect((await frame(world, p.token, 'POST', '/api/bets', body)).json().code).toBe('MarketSuspended');
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
    });

    const cases: Array<{ setting: PriceChangePolicy; to: Price; accepted: boolean }> = [
      { setting: 'never', to: { num: 5, den: 2 }, accepted: false },
      { setting: 'never', to: { num: 7, den: 4 }, accepted: false },
      { setting: 'higher', to: { num: 5, den: 2 }, accepted: true },
      { setting: 'higher', to: { num: 7, den: 4 }, accepted: false },
      { setting: 'any', to: { num: 7, den: 4 }, accepted: true },
    ];
    for (const { setting, to, accepted } of cases) {
      it(`a price moving from 2/1 to ${to.num}/${to.den} during the hold is ${accepted ? 'taken' : 'refused'} with the setting '${setting}'`, async () => {
        const p = await punter(world, 10_000);
        const eventId = liveMatch({ num: 2, den: 1 });
        const body = slip(world, [home(eventId)], 1_000, { priceChanges: setting });
        await held(p, body);
        world.catalogue.setPrice(home(eventId), to);
        expect(await world.bets.holds.decide(body.betId)).toBe(accepted ? 'accepted' : 'refused');
        const bet = await view(p, body.betId);
        if (accepted) {
          // Struck at the price now, its returns worked out again: £10 at 5/2 returns £35, at 7/4 £27.50.
          expect(bet).toMatchObject({
            status: 'open',
            legs: [{ price: to }],
            potentialReturns: (1_000 * (to.num + to.den)) / to.den,
          });
          expect(await pamBalance(world, p.user.id)).toBe(9_000);
          const debit = await world.db
            .selectFrom('sportsbook.wallet_calls')
            .select('body')
            .where('id', '=', `debit:${body.betId}`)
            .executeTakeFirstOrThrow();
          expect(debit.body.description).toContain(`@ ${to.num}/${to.den}`);
        } else {
          expect(bet).toMatchObject({
            status: 'rejected',
            reason:
              'The odds changed while your bet was being placed, so it was not accepted. Nothing was taken from your balance.',
          });
          expect(await pamBalance(world, p.user.id)).toBe(10_000);
        }
      });
    }

    it("the setting applies when the bet is placed too: 'higher' takes a longer price and refuses a shorter one; an old frame's boolean still works", async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      world.catalogue.setPrice(home(eventId), { num: 2, den: 1 });
      const seen = slip(world, [home(eventId)], 100, { priceChanges: 'higher' });
      world.catalogue.setPrice(home(eventId), { num: 9, den: 4 });
      const longer = await frame(world, p.token, 'POST', '/api/bets', seen);
      expect(longer.statusCode, longer.body).toBe(201);
      expect(longer.json().bet).toMatchObject({ heldUntil: null, legs: [{ price: { num: 9, den: 4 } }] });
      world.catalogue.setPrice(home(eventId), { num: 6, den: 4 });
      const shorter = await frame(world, p.token, 'POST', '/api/bets', { ...seen, betId: randomUUID() });
      expect(shorter.json()).toMatchObject({ code: 'PriceChanged', changes: [{ price: { num: 6, den: 4 } }] });
      const legacy = await frame(world, p.token, 'POST', '/api/bets', {
        ...seen,
        betId: randomUUID(),
        priceChanges: undefined,
        acceptPriceChanges: true,
      });
      expect(legacy.statusCode, legacy.body).toBe(201);
      expect(legacy.json().bet.legs[0].price).toEqual({ num: 6, den: 4 });
      const bad = await frame(world, p.token, 'POST', '/api/bets', {
        ...seen,
        betId: randomUUID(),
        priceChanges: 'lower',
      });
      expect(bad.statusCode).toBe(400);
      expect(await pamBalance(world, p.user.id)).toBe(9_800);
    });

    it('an accumulator with one leg in play is held; its pre-match leg may move within the setting', async () => {
      const p = await punter(world, 10_000);
      const live = liveMatch({ num: 1, den: 1 });
      const later = world.catalogue.addEvent();
      const body = slip(world, [home(live), home(later)], 1_000, { priceChanges: 'higher' });
      await held(p, body);
      world.catalogue.setPrice(home(later), { num: 3, den: 1 });
      expect(await world.bets.holds.decide(body.betId)).toBe('accepted');
      expect(await view(p, body.betId)).toMatchObject({ status: 'open', potentialReturns: 8_000 });
      expect(await pamBalance(world, p.user.id)).toBe(9_000);
    });

    const NOT_ACCEPTED =
      'We could not confirm your bet in time, so it was not accepted. Nothing was taken from your balance.';

    it('a hold nobody judged in time is refused by the sweep, never judged late; one just ended is left to its timer', async () => {
      const p = await punter(world, 10_000);
      const overdue = slip(world, [home(liveMatch())], 300);
      await held(p, overdue);
      world.pam.clock.advance(6_000 + 3_000);
      const justEnded = slip(world, [home(liveMatch())], 400);
      await held(p, justEnded);
      world.pam.clock.advance(6_000 + 500);
      await world.bets.holds.sweep();
      // Nothing changed on its market, yet it is refused: judged 3.5 s late, it would be judged on prices never shown.
      expect(await view(p, overdue.betId)).toMatchObject({ status: 'rejected', reason: NOT_ACCEPTED, heldUntil: null });
      expect((await view(p, justEnded.betId)).status).toBe('pending');
      expect(await world.bets.holds.decide(justEnded.betId)).toBe('accepted');
      expect(await pamBalance(world, p.user.id)).toBe(9_600);
      expect(await pamBet(world, overdue.betId)).toBeUndefined();
    });

    it('a hold that ended while the sportsbook was down is refused on its restart, not accepted late; a retry hears the refusal', async () => {
      const p = await punter(world, 10_000);
      const body = slip(world, [home(liveMatch())], 500);
      await held(p, body);
      // The sportsbook stops during the hold (its timer dies with it) and is back 4 s after the hold's end.
      world.pam.clock.advance(6_000 + 4_000);
      await world.restartBets().recover();
      await world.outbox.drainDue();
      expect(await view(p, body.betId)).toMatchObject({ status: 'rejected', reason: NOT_ACCEPTED, heldUntil: null });
      const retry = await frame(world, p.token, 'POST', '/api/bets', body);
      expect(retry.statusCode).toBe(422);
      expect(retry.json()).toMatchObject({ code: 'NotAccepted', message: NOT_ACCEPTED });
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
      expect(await pamBet(world, body.betId)).toBeUndefined();
    });

    it('a bet on a match before kick-off is not held', async () => {
      const p = await punter(world, 10_000);
      const placed = await frame(
        world,
        p.token,
        'POST',
        '/api/bets',
        slip(world, [home(world.catalogue.addEvent())], 100),
      );
      expect(placed.statusCode).toBe(201);
      expect(placed.json().bet).toMatchObject({ status: 'open', heldUntil: null });
    });
  });
}
