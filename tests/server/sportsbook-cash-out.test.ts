import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import {
  betting,
  createBetsWorld,
  expectReconciled,
  FAKE_MATCH_RATES,
  finalScore,
  frame,
  pamBalance,
  pamBet,
  punter,
  slip,
  type BetsWorld,
  type Punter,
} from './support/sportsbook-bets';
import type { BetView } from '../../src/contract/sportsbook-rules';
import { CASH_OUT_MESSAGES } from '../../src/contract/sportsbook-rules';
import { BetsService } from '../../server/sportsbook/bets/service';
import { defaultCashOutPolicy } from '../../server/sportsbook/bets/cash-out';
import { stakeCashedFor } from '../../src/contract/rules/cash-out-value';
import { formatPence } from '../../src/contract/rules/money';
import { selectionChances } from '../../server/sportsbook/markets';
import type { MatchState } from '../../server/sportsbook/pricing/types';

const score = finalScore;

/** In play at this minute with this score (second-half states take a 0-0 half time unless told). */
const playing = (minute: number, home: number, away: number, halfTime = { home: 0, away: 0 }): MatchState =>
  minute <= 45
    ? { phase: 'first-half', minute, score: { home, away }, halfTimeScore: null }
    : { phase: 'second-half', minute, score: { home, away }, halfTimeScore: halfTime };

for (const kind of databaseKinds()) {
  describe(`cash out [${kind}]`, () => {
    let world: BetsWorld;
    /** Runs inside the cash-out delay: a test moves prices or settles there. */
    let duringDelay: () => Promise<void> | void = () => {};
    beforeAll(async () => {
      world = await createBetsWorld(kind, {
        payoutCap: 1_000_000,
        cashOutPolicy: { delayMs: 5 },
        cashOutWait: async () => duringDelay(),
      });
    }, 60_000);
    afterAll(async () => world?.close());
    beforeEach(() => {
      duringDelay = () => {};
    });

    const { pick, place, betOf } = betting(() => world);
    const cashOut = (p: Punter, betId: string, offer: number, amount?: number, requestId = randomUUID()) =>
      frame(world, p.token, 'POST', `/api/bets/${betId}/cash-out`, {
        requestId,
        offer,
        ...(amount === undefined ? {} : { amount }),
      });
    const pamCredits = (betId: string) =>
      world.pam.database.db
        .selectFrom('transactions')
        .select(['amount', 'kind'])
        .where('bet_id', '=', betId)
        .where('kind', '=', 'Returns')
        .execute();

    /** The offer My Bets shows on this bet now (what the server would pay). */
    const offerNow = async (betId: string) => world.bets.cashOuts.offerFor(betId);
    /** The model's chances of a selection of a fake match now. */
    const chancesOf = (selectionId: string) => {
      const quote = world.catalogue.quote(selectionId)!;
      const { rates, state } = world.catalogue.matchPricing(quote.eventId)!;
      return selectionChances(rates, state, quote.spec, quote.selectionKey);
    };

    describe('the offer (issue 23: valued from the model, not by dividing by the price now)', () => {
      it('£10 on Under 1.0 struck at 8/1, at 40 minutes 0-0 (win 0.243, void 0.285, now 7/4): fair £24.76, offered £23.66, not £31.09', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const under = pick(eventId, 'total-goals:1', 'under', { num: 8, den: 1 });
        const betId = await place(p, [under], 1_000);
        world.catalogue.setMatch(eventId, playing(40, 0, 0), FAKE_MATCH_RATES);
        world.catalogue.setPrice(under, { num: 7, den: 4 });
        const chances = chancesOf(under);
        expect(chances.win).toBeCloseTo(0.243, 3);
        expect(chances.void).toBeCloseTo(0.285, 3);
        // Fair: 10.00 x (0.2435 x 9 + 0.2846) = 24.76; the push (2.85) is not charged, the rest less 5%.
        const fair = 1_000 * (chances.win * 9 + chances.void);
        expect(fair).toBeCloseTo(2_476, 0);
        expect(await offerNow(betId)).toBe(Math.floor(1_000 * chances.void + (fair - 1_000 * chances.void) * 0.95));
        expect(await offerNow(betId)).toBe(2_366);
      });

      it('Draw No Bet at 85 minutes 1-1 is offered at least the stake it will almost surely return', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const home = pick(eventId, 'draw-no-bet', 'home', { num: 1, den: 2 });
        const betId = await place(p, [home], 1_000);
        world.catalogue.setMatch(eventId, playing(85, 1, 1, { home: 1, away: 0 }));
        world.catalogue.setPrice(home, { num: 10, den: 11 });
        const chances = chancesOf(home);
        expect(chances.void).toBeGreaterThan(0.85);
        const offer = (await offerNow(betId))!;
        expect(offer).toBeGreaterThanOrEqual(Math.floor(1_000 * chances.void));
        const fair = 1_000 * (chances.win * 1.5 + chances.void);
        expect(offer).toBe(Math.floor(1_000 * chances.void + (fair - 1_000 * chances.void) * 0.95));
      });

      it('is none while the market is suspended, and back when it reopens', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const home = pick(eventId, 'match-result', 'home', { num: 1, den: 1 });
        const betId = await place(p, [home], 1_000);
        expect(await offerNow(betId)).toEqual(expect.any(Number));
        await world.catalogue.suspendMarket(world.catalogue.quote(home)!.marketId);
        expect(await offerNow(betId)).toBeNull();
        await world.catalogue.reopenMarket(world.catalogue.quote(home)!.marketId);
        expect(await offerNow(betId)).toEqual(expect.any(Number));
      });

      it('GET /api/cash-out-offers answers the offer on each of the customer’s open bets, as a press would be paid', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const first = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        const second = await place(p, [pick(eventId, 'match-result', 'away', { num: 3, den: 1 })], 500);
        const answer = await frame(world, p.token, 'GET', '/api/cash-out-offers');
        expect(answer.statusCode).toBe(200);
        // Both placed at the test clock's one instant: in either order.
        expect(answer.json().offers).toHaveLength(2);
        expect(answer.json().offers).toEqual(
          expect.arrayContaining([
            { betId: second, offer: await offerNow(second) },
            { betId: first, offer: await offerNow(first) },
          ]),
        );
        expect((await world.app.inject({ method: 'GET', url: '/api/cash-out-offers' })).statusCode).toBe(401);
      });
    });

    describe('settlement table', () => {
      it('a full cash out settles the bet at its value now: returns stored, credited once, PAM bet closed', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const home = pick(eventId, 'match-result', 'home', { num: 1, den: 1 });
        const betId = await place(p, [home], 1_000);
        // Rovers a goal up after an hour: the bet is worth more than its stake now.
        world.catalogue.setMatch(eventId, playing(60, 1, 0));
        const offer = (await offerNow(betId))!;
        expect(offer).toBe(Math.floor(1_000 * 2 * chancesOf(home).win * 0.95));
        expect(offer).toBeGreaterThan(1_000);
        const answer = await cashOut(p, betId, offer);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json()).toMatchObject({ paid: offer, bet: { status: 'cashed-out', returns: offer } });
        expect(await pamBalance(world, p.user.id)).toBe(10_000 - 1_000 + offer);
        expect(await pamBet(world, betId)).toMatchObject({ status: 'closed', returned: offer });
        // Settled now: the match's result changes nothing more.
        await world.catalogue.resultEvent(eventId, score('3-0'));
        await world.outbox.drainDue();
        expect(await betOf(p, betId)).toMatchObject({ status: 'cashed-out', returns: offer });
        expect(await pamCredits(betId)).toEqual([{ amount: offer, kind: 'Returns' }]);
        const settled = (await frame(world, p.token, 'GET', '/api/bets?state=settled')).json().bets as BetView[];
        expect(settled.map((bet) => bet.betId)).toContain(betId);
      });

      it('an accumulator with a won leg is valued at that leg odds times the open leg chances now', async () => {
        const p = await punter(world, 10_000);
        const first = world.catalogue.addEvent();
        const second = world.catalogue.addEvent();
        const open = pick(second, 'match-result', 'home', { num: 2, den: 1 });
        const betId = await place(p, [pick(first, 'match-result', 'home', { num: 1, den: 1 }), open], 1_000);
        await world.catalogue.resultEvent(first, score('1-0'));
        expect(await betOf(p, betId)).toMatchObject({ status: 'open', legs: [{ result: 'won' }, { result: 'open' }] });
        // 10.00 x 2.0 (won) x 3.0 x P(home win), less 5%.
        const offer = Math.floor(1_000 * 2 * 3 * chancesOf(open).win * 0.95);
        expect(await offerNow(betId)).toBe(offer);
        const answer = await cashOut(p, betId, offer);
        expect(answer.json()).toMatchObject({ paid: offer, bet: { status: 'cashed-out' } });
        expect(await pamBalance(world, p.user.id)).toBe(9_000 + offer);
      });

      it('a partial cash out pays the amount, takes the matching stake, keeps the rest riding; settlement pays the rest once', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        // Cash out about half the offer: the matching part of the stake goes (rounded up), the rest rides at evens.
        const offer = (await offerNow(betId))!;
        const half = Math.floor(offer / 2);
        const taken = stakeCashedFor(1_000, half, offer);
        const left = 1_000 - taken;
        const answer = await cashOut(p, betId, offer, half);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json()).toMatchObject({
          paid: half,
          bet: { status: 'open', stake: left, potentialReturns: 2 * left, cashedOutStake: taken, cashedOut: half },
        });
        expect(await pamBet(world, betId)).toMatchObject({ status: 'open', staked: 1_000, returned: half });
        // The stake left is worth its share of the value now.
        expect(Math.abs((await offerNow(betId))! - (offer * left) / 1_000)).toBeLessThanOrEqual(1);
        await world.catalogue.resultEvent(eventId, score('2-0'));
        await world.outbox.drainDue();
        expect(await betOf(p, betId)).toMatchObject({ status: 'won', returns: 2 * left, cashedOut: half });
        expect(await pamBet(world, betId)).toMatchObject({ status: 'closed', returned: half + 2 * left });
        expect(await pamBalance(world, p.user.id)).toBe(10_000 - 1_000 + half + 2 * left);
      });

      it('a partial cash out then a full one: both paid, the bet ends cashed out', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        const offer = (await offerNow(betId))!;
        const left = 1_000 - stakeCashedFor(1_000, 190, offer);
        expect((await cashOut(p, betId, offer, 190)).json()).toMatchObject({ paid: 190, bet: { stake: left } });
        const rest = (await offerNow(betId))!;
        const full = await cashOut(p, betId, rest);
        expect(full.json()).toMatchObject({ paid: rest, bet: { status: 'cashed-out', returns: rest, cashedOut: 190 } });
        expect(await pamBet(world, betId)).toMatchObject({ status: 'closed', returned: 190 + rest });
      });

      it('refused when the value rose during the delay too ("the odds change"): the customer is paid only an offer they saw', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const home = pick(eventId, 'match-result', 'home', { num: 1, den: 1 });
        const betId = await place(p, [home], 1_000);
        const offer = (await offerNow(betId))!;
        // Rovers score during the delay.
        duringDelay = () => world.catalogue.setMatch(eventId, playing(30, 1, 0));
        const answer = await cashOut(p, betId, offer);
        expect(answer.statusCode).toBe(422);
        expect(answer.json()).toEqual({ code: 'CashOutValueChanged', message: CASH_OUT_MESSAGES.changed });
        expect(await betOf(p, betId)).toMatchObject({ status: 'open', stake: 1_000, cashedOut: 0 });
        expect(await pamCredits(betId)).toEqual([]);
        // At the new value it goes through, paid exactly that.
        const higher = (await offerNow(betId))!;
        expect(higher).toBeGreaterThan(offer);
        expect((await cashOut(p, betId, higher)).json()).toMatchObject({
          paid: higher,
          bet: { status: 'cashed-out', returns: higher },
        });
        expect(await pamBalance(world, p.user.id)).toBe(9_000 + higher);
      });

      it('refused when the value fell during the delay: nothing moves, the bet stays open', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const home = pick(eventId, 'match-result', 'home', { num: 1, den: 1 });
        const betId = await place(p, [home], 1_000);
        const offer = (await offerNow(betId))!;
        duringDelay = () => world.catalogue.setMatch(eventId, playing(30, 0, 1));
        const answer = await cashOut(p, betId, offer);
        expect(answer.statusCode).toBe(422);
        expect(answer.json()).toEqual({ code: 'CashOutValueChanged', message: CASH_OUT_MESSAGES.changed });
        expect(await betOf(p, betId)).toMatchObject({ status: 'open', stake: 1_000, cashedOut: 0 });
        expect(await pamBalance(world, p.user.id)).toBe(9_000);
        expect(await pamCredits(betId)).toEqual([]);
      });

      it('refused when the offer was removed during the delay (the market suspended)', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const home = pick(eventId, 'match-result', 'home', { num: 1, den: 1 });
        const betId = await place(p, [home], 1_000);
        duringDelay = () => world.catalogue.suspendMarket(world.catalogue.quote(home)!.marketId);
        const answer = await cashOut(p, betId, (await offerNow(betId))!);
        expect(answer.json()).toEqual({ code: 'CashOutUnavailable', message: CASH_OUT_MESSAGES.removed });
        expect(await betOf(p, betId)).toMatchObject({ status: 'open' });
        expect(await pamBalance(world, p.user.id)).toBe(9_000);
      });

      it('the payout cap still applies to a cash out above the stake', async () => {
        const capped = await createBetsWorld(kind, { payoutCap: 100, cashOutPolicy: { delayMs: 1 } });
        try {
          const p = await punter(capped, 10_000);
          const eventId = capped.catalogue.addEvent();
          const home = capped.catalogue.selection(eventId, 'match-result', 'home').selectionId;
          const body = slip(capped, [home], 1_000);
          expect((await frame(capped, p.token, 'POST', '/api/bets', body)).statusCode).toBe(201);
          capped.catalogue.setMatch(eventId, playing(80, 2, 0));
          const offer = (await capped.bets.cashOuts.offerFor(body.betId))!;
          expect(offer).toBeGreaterThan(1_100);
          const answer = await frame(capped, p.token, 'POST', `/api/bets/${body.betId}/cash-out`, {
            requestId: randomUUID(),
            offer,
          });
          // Near 19.00 on a 10.00 stake is 9.00 net; the cap allows 1.00.
          expect(answer.json()).toMatchObject({ paid: 1_100, bet: { status: 'cashed-out', returns: 1_100 } });
          expect(await pamBalance(capped, p.user.id)).toBe(10_100);
        } finally {
          await capped.close();
        }
      });
    });

    describe('bad input moves nothing', () => {
      it('a settled bet, an unknown bet, another customer bet, an amount above the value, a bad body', async () => {
        const p = await punter(world, 10_000);
        const other = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const home = pick(eventId, 'match-result', 'home', { num: 1, den: 1 });
        const betId = await place(p, [home], 1_000);
        const offer = (await offerNow(betId))!;

        const above = await cashOut(p, betId, offer, offer + 1);
        expect(above.statusCode).toBe(422);
        expect(above.json()).toEqual({
          code: 'AmountAboveValue',
          message: `You can cash out at most ${formatPence(offer)} on this bet.`,
        });
        // 5p short of the whole offer leaves under £0.10 staked.
        const remainder = await cashOut(p, betId, offer, offer - 5);
        expect(remainder.json()).toMatchObject({ code: 'RemainderTooSmall' });
        expect((await cashOut(other, betId, 950)).statusCode).toBe(404);
        expect((await cashOut(p, randomUUID(), 950)).statusCode).toBe(404);
        expect((await cashOut(p, 'not-a-bet', 950)).statusCode).toBe(404);
        for (const body of [
          {},
          { requestId: 'x', offer: 950 },
          { requestId: randomUUID(), offer: 9.5 },
          { requestId: randomUUID(), offer: -1 },
          { requestId: randomUUID(), offer: 950, amount: 5 },
          { requestId: randomUUID(), offer: 950, extra: 1 },
        ]) {
          const response = await frame(world, p.token, 'POST', `/api/bets/${betId}/cash-out`, body);
          expect(response.statusCode, JSON.stringify(body)).toBe(400);
          expect(response.json().message).toEqual(expect.any(String));
        }
        expect(
          (
            await world.app.inject({
              method: 'POST',
              url: `/api/bets/${betId}/cash-out`,
              payload: { requestId: randomUUID(), offer: 950 },
            })
          ).statusCode,
        ).toBe(401);

        await world.catalogue.suspendMarket(world.catalogue.quote(home)!.marketId);
        expect((await cashOut(p, betId, 950)).json()).toEqual({
          code: 'CashOutUnavailable',
          message: CASH_OUT_MESSAGES.unavailable,
        });
        await world.catalogue.reopenMarket(world.catalogue.quote(home)!.marketId);
        expect(await betOf(p, betId)).toMatchObject({ status: 'open', stake: 1_000 });
        expect(await pamBalance(world, p.user.id)).toBe(9_000);

        await world.catalogue.resultEvent(eventId, score('0-1'));
        expect((await cashOut(p, betId, 950)).json()).toEqual({
          code: 'BetSettled',
          message: CASH_OUT_MESSAGES.settled,
        });
        expect(await pamBalance(world, p.user.id)).toBe(9_000);
      });

      it('a request id reused for another bet is refused', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const first = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        const second = await place(p, [pick(eventId, 'match-result', 'away', { num: 1, den: 1 })], 1_000);
        const requestId = randomUUID();
        expect((await cashOut(p, first, (await offerNow(first))!, 475, requestId)).statusCode).toBe(200);
        const reused = await cashOut(p, second, (await offerNow(second))!, undefined, requestId);
        expect(reused.statusCode).toBe(409);
        expect(await betOf(p, second)).toMatchObject({ status: 'open', cashedOut: 0 });
      });
    });

    describe('request ids (issue 23)', () => {
      it('a request id reused with another amount or offer is refused 409, as placement refuses a reused bet id, and pays nothing more', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        const offer = (await offerNow(betId))!;
        const requestId = randomUUID();
        expect((await cashOut(p, betId, offer, 100, requestId)).json()).toMatchObject({ paid: 100 });
        for (const [seen, amount] of [
          [offer, 101],
          [offer, undefined],
          [offer + 1, 100],
        ] as const) {
          const reused = await cashOut(p, betId, seen, amount, requestId);
          expect(reused.statusCode, JSON.stringify([seen, amount])).toBe(409);
          expect(reused.json()).toMatchObject({ code: 'RequestIdReused' });
        }
        // The same press again still answers what it got.
        expect((await cashOut(p, betId, offer, 100, requestId)).json()).toMatchObject({ paid: 100 });
        expect(await pamCredits(betId)).toEqual([{ amount: 100, kind: 'Returns' }]);
      });

      it('thirty presses at once with one request id and amounts 10p to 39p: one is paid, the others answer 409', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        const offer = (await offerNow(betId))!;
        const requestId = randomUUID();
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, index) => cashOut(p, betId, offer, 10 + index, requestId)),
        );
        const paid = answers.filter((answer) => answer.statusCode === 200);
        expect(paid).toHaveLength(1);
        expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(29);
        const amount = paid[0]!.json().paid as number;
        expect(answers.findIndex((answer) => answer.statusCode === 200)).toBe(amount - 10);
        expect(await pamCredits(betId)).toEqual([{ amount, kind: 'Returns' }]);
      });
    });

    describe('a press whose delay a stop interrupted (issue 23)', () => {
      /** A world whose presses never come out of their delay, as if the service were killed in it, and one press made there. */
      async function interruptedPress() {
        const stopped = await createBetsWorld(kind, {
          cashOutPolicy: { delayMs: 5 },
          cashOutWait: () => new Promise<void>(() => {}),
        });
        const p = await punter(stopped, 10_000);
        const eventId = stopped.catalogue.addEvent();
        const home = stopped.catalogue.selection(eventId, 'match-result', 'home').selectionId;
        const body = slip(stopped, [home], 1_000);
        expect((await frame(stopped, p.token, 'POST', '/api/bets', body)).statusCode).toBe(201);
        const press = { requestId: randomUUID(), offer: (await stopped.bets.cashOuts.offerFor(body.betId))! };
        const session = await stopped.sessions.resolve(p.token);
        void stopped.bets.cashOuts.cashOut(session, body.betId, press);
        await expect
          .poll(() =>
            stopped.db
              .selectFrom('sportsbook.cash_outs')
              .select('state')
              .where('request_id', '=', press.requestId)
              .executeTakeFirst(),
          )
          .toEqual({ state: 'pending' });
        // The service as it starts again over the same database (its own catalogue and outbox are the same ones).
        const again = new BetsService({
          db: stopped.db,
          catalogue: stopped.catalogue,
          outbox: stopped.outbox,
          sessions: stopped.sessions,
          clock: stopped.pam.clock,
          cashOutPolicy: { delayMs: 5 },
        });
        return { stopped, again, p, betId: body.betId, press, session };
      }

      const refusedNothingPaid = {
        statusCode: 422,
        body: { code: 'CashOutUnavailable', message: CASH_OUT_MESSAGES.interrupted },
      };

      it('is refused when the service starts again, so asking again answers at once; nothing is paid', async () => {
        const { stopped, again, p, betId, press, session } = await interruptedPress();
        try {
          await again.recover();
          expect(await again.cashOuts.cashOut(session, betId, press)).toEqual(refusedNothingPaid);
          expect((await frame(stopped, p.token, 'GET', `/api/bets/${betId}`)).json()).toMatchObject({
            status: 'open',
            stake: 1_000,
            cashedOut: 0,
          });
          await stopped.outbox.drainDue();
          expect(await pamBalance(stopped, p.user.id)).toBe(9_000);
          // A new press on the bet is decided as usual.
          const offer = (await again.cashOuts.offerFor(betId))!;
          expect(await again.cashOuts.cashOut(session, betId, { requestId: randomUUID(), offer })).toMatchObject({
            statusCode: 200,
            body: { paid: offer },
          });
        } finally {
          again.close();
          await stopped.close();
        }
      }, 60_000);

      it('asked about on another instance once well past its delay, is refused there at once (before a browser gives up at 20 s)', async () => {
        const { stopped, again, p, betId, press, session } = await interruptedPress();
        try {
          stopped.pam.clock.advance(defaultCashOutPolicy.abandonAfterMs);
          expect(defaultCashOutPolicy.abandonAfterMs).toBeLessThan(20_000);
          expect(await again.cashOuts.cashOut(session, betId, press)).toEqual(refusedNothingPaid);
          expect((await frame(stopped, p.token, 'GET', `/api/bets/${betId}`)).json()).toMatchObject({
            status: 'open',
            cashedOut: 0,
          });
        } finally {
          again.close();
          await stopped.close();
        }
      }, 60_000);
    });

    describe('races pay once', () => {
      it('two presses at once (two request ids): one cash out, the other told the bet is cashed out', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        const offer = (await offerNow(betId))!;
        const answers = await Promise.all([
          cashOut(p, betId, offer),
          cashOut(p, betId, offer),
          cashOut(p, betId, offer),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422, 422]);
        expect(answers.filter((answer) => answer.statusCode === 422).map((answer) => answer.json().code)).toEqual([
          'BetSettled',
          'BetSettled',
        ]);
        expect(await pamCredits(betId)).toEqual([{ amount: offer, kind: 'Returns' }]);
        expect(await pamBalance(world, p.user.id)).toBe(9_000 + offer);
      });

      it('the same press sent twice at once (one request id) answers the same and pays once', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        const requestId = randomUUID();
        const offer = (await offerNow(betId))!;
        const answers = await Promise.all([
          cashOut(p, betId, offer, 475, requestId),
          cashOut(p, betId, offer, 475, requestId),
        ]);
        expect(answers.map((answer) => [answer.statusCode, answer.json().paid])).toEqual([
          [200, 475],
          [200, 475],
        ]);
        expect((await cashOut(p, betId, offer, 475, requestId)).json()).toMatchObject({ paid: 475 });
        expect(await pamCredits(betId)).toEqual([{ amount: 475, kind: 'Returns' }]);
        expect(await betOf(p, betId)).toMatchObject({
          stake: 1_000 - stakeCashedFor(1_000, 475, offer),
          cashedOut: 475,
        });
      });

      it('settlement during the delay wins: the cash out is refused and the bet is paid once', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        duringDelay = () => world.catalogue.resultEvent(eventId, score('1-0'));
        expect((await cashOut(p, betId, 950)).json()).toMatchObject({ code: 'BetSettled' });
        await world.outbox.drainDue();
        expect(await pamCredits(betId)).toEqual([{ amount: 2_000, kind: 'Returns' }]);
      });

      it('a partial cash out the PAM has not yet taken is delivered before the settlement that closes the bet', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        const left = 1_000 - stakeCashedFor(1_000, 475, (await offerNow(betId))!);
        world.cutWallet(true);
        try {
          expect((await cashOut(p, betId, (await offerNow(betId))!, 475)).json()).toMatchObject({ paid: 475 });
          await world.catalogue.resultEvent(eventId, score('1-0'));
        } finally {
          world.cutWallet(false);
        }
        // The closing credit comes due first (it has been tried fewer times): it must still wait for the part.
        world.pam.clock.advance(1_500);
        await world.outbox.drainDue();
        world.pam.clock.advance(60_000);
        await world.outbox.drainDue();
        const calls = await world.db
          .selectFrom('sportsbook.wallet_calls')
          .select(['id', 'state'])
          .where('bet_id', '=', betId)
          .where('kind', '=', 'credit')
          .execute();
        expect(calls.map((call) => call.state)).toEqual(['done', 'done']);
        expect(await pamBet(world, betId)).toMatchObject({ status: 'closed', returned: 475 + 2 * left });
      });

      it('settlement racing the cash out transaction: whichever locks the bet first pays, once', async () => {
        for (let round = 0; round < 4; round++) {
          const p = await punter(world, 10_000);
          const eventId = world.catalogue.addEvent();
          const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
          let settling: Promise<void> = Promise.resolve();
          duringDelay = () => {
            settling = world.catalogue.resultEvent(eventId, score('1-0'));
          };
          const offer = (await offerNow(betId))!;
          const answer = await cashOut(p, betId, offer);
          await settling;
          await world.outbox.drainDue();
          const credits = await pamCredits(betId);
          expect(credits).toHaveLength(1);
          const bet = await betOf(p, betId);
          if (answer.statusCode === 200) expect([bet.status, credits[0]!.amount]).toEqual(['cashed-out', offer]);
          else expect([bet.status, credits[0]!.amount]).toEqual(['won', 2_000]);
          expect(await pamBet(world, betId)).toMatchObject({ status: 'closed', returned: credits[0]!.amount });
        }
      });

      it('every bet above reconciles with the PAM: stakes, returns and status agree, no difference', async () => {
        await expectReconciled(world, 15);
      });
    });
  });
}
