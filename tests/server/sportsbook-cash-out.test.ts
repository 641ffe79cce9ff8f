import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import {
  betting,
  createBetsWorld,
  expectReconciled,
  finalScore,
  frame,
  pamBalance,
  pamBet,
  punter,
  slip,
  type BetsWorld,
  type Punter,
} from './support/sportsbook-bets';
import type { BetView, Price } from '../../src/contract/sportsbook-rules';
import { CASH_OUT_MESSAGES } from '../../src/contract/sportsbook-rules';
import { cashOutOffer } from '../../src/contract/rules/cash-out-value';

const score = finalScore;

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

    describe('the offer', () => {
      it('is stake x struck odds / current odds of the open legs, won legs at their odds, less 5%, rounded down', () => {
        const open = (num: number, den: number, current: Price) => ({
          price: { num, den },
          result: 'open' as const,
          current: { price: current, status: 'open' as const },
        });
        // 10.00 at evens, still evens: 20.00 / 2.0 = 10.00, less 5% = 9.50.
        expect(cashOutOffer(1_000, [open(1, 1, { num: 1, den: 1 })])).toBe(950);
        // Struck at evens, now 1/2: 20.00 / 1.5 = 13.333.., less 5% = 12.666.. -> 12.66.
        expect(cashOutOffer(1_000, [open(1, 1, { num: 1, den: 2 })])).toBe(1_266);
        // A double with its first leg won at evens, the second struck at 2/1 and still 2/1: 10 x 2 x 3 / 3 x 0.95.
        expect(
          cashOutOffer(1_000, [
            { price: { num: 1, den: 1 }, result: 'won', current: null },
            open(2, 1, { num: 2, den: 1 }),
          ]),
        ).toBe(1_900);
        // A quarter line's halves count at their settlement factor: half won at evens x1.5, half lost x0.5.
        expect(
          cashOutOffer(1_000, [
            { price: { num: 1, den: 1 }, result: 'half-won', current: null },
            open(1, 1, { num: 1, den: 1 }),
          ]),
        ).toBe(1_425);
        expect(
          cashOutOffer(1_000, [
            { price: { num: 1, den: 1 }, result: 'half-lost', current: null },
            open(1, 1, { num: 1, den: 1 }),
          ]),
        ).toBe(475);
        // A void leg counts at 1.00 both ways.
        expect(
          cashOutOffer(1_000, [
            { price: { num: 5, den: 1 }, result: 'void', current: null },
            open(1, 1, { num: 1, den: 1 }),
          ]),
        ).toBe(950);
        // None on a lost leg, a suspended or unpriced leg, or with nothing left open.
        expect(
          cashOutOffer(1_000, [
            { price: { num: 1, den: 1 }, result: 'lost', current: null },
            open(1, 1, { num: 1, den: 1 }),
          ]),
        ).toBeNull();
        expect(
          cashOutOffer(1_000, [
            { price: { num: 1, den: 1 }, result: 'open', current: { price: { num: 1, den: 1 }, status: 'suspended' } },
          ]),
        ).toBeNull();
        expect(
          cashOutOffer(1_000, [
            { price: { num: 1, den: 1 }, result: 'open', current: { price: null, status: 'open' } },
          ]),
        ).toBeNull();
        expect(cashOutOffer(1_000, [{ price: { num: 1, den: 1 }, result: 'won', current: null }])).toBeNull();
      });
    });

    describe('settlement table', () => {
      it('a full cash out settles the bet at its value now: returns stored, credited once, PAM bet closed', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const home = pick(eventId, 'match-result', 'home', { num: 1, den: 1 });
        const betId = await place(p, [home], 1_000);
        world.catalogue.setPrice(home, { num: 1, den: 2 });
        const answer = await cashOut(p, betId, 1_266);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json()).toMatchObject({ paid: 1_266, bet: { status: 'cashed-out', returns: 1_266 } });
        expect(await pamBalance(world, p.user.id)).toBe(10_000 - 1_000 + 1_266);
        expect(await pamBet(world, betId)).toMatchObject({ status: 'closed', returned: 1_266 });
        // Settled now: the match's result changes nothing more.
        await world.catalogue.resultEvent(eventId, score('3-0'));
        await world.outbox.drainDue();
        expect(await betOf(p, betId)).toMatchObject({ status: 'cashed-out', returns: 1_266 });
        expect(await pamCredits(betId)).toEqual([{ amount: 1_266, kind: 'Returns' }]);
        const settled = (await frame(world, p.token, 'GET', '/api/bets?state=settled')).json().bets as BetView[];
        expect(settled.map((bet) => bet.betId)).toContain(betId);
      });

      it('an accumulator with a won leg is valued at that leg odds and the open leg price now', async () => {
        const p = await punter(world, 10_000);
        const first = world.catalogue.addEvent();
        const second = world.catalogue.addEvent();
        const betId = await place(
          p,
          [
            pick(first, 'match-result', 'home', { num: 1, den: 1 }),
            pick(second, 'match-result', 'home', { num: 2, den: 1 }),
          ],
          1_000,
        );
        await world.catalogue.resultEvent(first, score('1-0'));
        expect(await betOf(p, betId)).toMatchObject({ status: 'open', legs: [{ result: 'won' }, { result: 'open' }] });
        const answer = await cashOut(p, betId, 1_900);
        expect(answer.json()).toMatchObject({ paid: 1_900, bet: { status: 'cashed-out' } });
        expect(await pamBalance(world, p.user.id)).toBe(10_900);
      });

      it('a partial cash out pays the amount, takes the matching stake, keeps the rest riding; settlement pays the rest once', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        // Offer 9.50; cash out 4.75 of it: half the value, so half the stake (5.00) goes, 5.00 rides at evens.
        const answer = await cashOut(p, betId, 950, 475);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json()).toMatchObject({
          paid: 475,
          bet: { status: 'open', stake: 500, potentialReturns: 1_000, cashedOutStake: 500, cashedOut: 475 },
        });
        expect(await pamBet(world, betId)).toMatchObject({ status: 'open', staked: 1_000, returned: 475 });
        // The stake left is worth its share of the value: 4.75 now.
        expect(await world.bets.cashOuts.offerFor(betId)).toBe(475);
        await world.catalogue.resultEvent(eventId, score('2-0'));
        await world.outbox.drainDue();
        expect(await betOf(p, betId)).toMatchObject({ status: 'won', returns: 1_000, cashedOut: 475 });
        expect(await pamBet(world, betId)).toMatchObject({ status: 'closed', returned: 1_475 });
        expect(await pamBalance(world, p.user.id)).toBe(10_000 - 1_000 + 1_475);
      });

      it('a partial cash out then a full one: both paid, the bet ends cashed out', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        expect((await cashOut(p, betId, 950, 190)).json()).toMatchObject({ paid: 190, bet: { stake: 800 } });
        const full = await cashOut(p, betId, 760);
        expect(full.json()).toMatchObject({ paid: 760, bet: { status: 'cashed-out', returns: 760, cashedOut: 190 } });
        expect(await pamBet(world, betId)).toMatchObject({ status: 'closed', returned: 950 });
      });

      it('refused when the value rose during the delay too ("the odds change"): the customer is paid only an offer they saw', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const home = pick(eventId, 'match-result', 'home', { num: 1, den: 1 });
        const betId = await place(p, [home], 1_000);
        duringDelay = () => world.catalogue.setPrice(home, { num: 1, den: 2 });
        const answer = await cashOut(p, betId, 950);
        expect(answer.statusCode).toBe(422);
        expect(answer.json()).toEqual({ code: 'CashOutValueChanged', message: CASH_OUT_MESSAGES.changed });
        expect(await betOf(p, betId)).toMatchObject({ status: 'open', stake: 1_000, cashedOut: 0 });
        expect(await pamCredits(betId)).toEqual([]);
        // At the new value it goes through, paid exactly that.
        expect((await cashOut(p, betId, 1_266)).json()).toMatchObject({
          paid: 1_266,
          bet: { status: 'cashed-out', returns: 1_266 },
        });
        expect(await pamBalance(world, p.user.id)).toBe(9_000 + 1_266);
      });

      it('refused when the value fell during the delay: nothing moves, the bet stays open', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const home = pick(eventId, 'match-result', 'home', { num: 1, den: 1 });
        const betId = await place(p, [home], 1_000);
        duringDelay = () => world.catalogue.setPrice(home, { num: 2, den: 1 });
        const answer = await cashOut(p, betId, 950);
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
        const answer = await cashOut(p, betId, 950);
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
          capped.catalogue.setPrice(home, { num: 1, den: 2 });
          const answer = await frame(capped, p.token, 'POST', `/api/bets/${body.betId}/cash-out`, {
            requestId: randomUUID(),
            offer: 1_266,
          });
          // 12.66 on a 10.00 stake is 2.66 net; the cap allows 1.00.
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

        const above = await cashOut(p, betId, 950, 951);
        expect(above.statusCode).toBe(422);
        expect(above.json()).toEqual({
          code: 'AmountAboveValue',
          message: 'You can cash out at most £9.50 on this bet.',
        });
        const remainder = await cashOut(p, betId, 950, 945);
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

        world.catalogue.suspendMarket(world.catalogue.quote(home)!.marketId);
        expect((await cashOut(p, betId, 950)).json()).toEqual({
          code: 'CashOutUnavailable',
          message: CASH_OUT_MESSAGES.unavailable,
        });
        world.catalogue.reopenMarket(world.catalogue.quote(home)!.marketId);
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
        expect((await cashOut(p, first, 950, 475, requestId)).statusCode).toBe(200);
        const reused = await cashOut(p, second, 950, undefined, requestId);
        expect(reused.statusCode).toBe(409);
        expect(await betOf(p, second)).toMatchObject({ status: 'open', cashedOut: 0 });
      });
    });

    describe('races pay once', () => {
      it('two presses at once (two request ids): one cash out, the other told the bet is cashed out', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        const answers = await Promise.all([cashOut(p, betId, 950), cashOut(p, betId, 950), cashOut(p, betId, 950)]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422, 422]);
        expect(answers.filter((answer) => answer.statusCode === 422).map((answer) => answer.json().code)).toEqual([
          'BetSettled',
          'BetSettled',
        ]);
        expect(await pamCredits(betId)).toEqual([{ amount: 950, kind: 'Returns' }]);
        expect(await pamBalance(world, p.user.id)).toBe(9_950);
      });

      it('the same press sent twice at once (one request id) answers the same and pays once', async () => {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        const requestId = randomUUID();
        const answers = await Promise.all([
          cashOut(p, betId, 950, 475, requestId),
          cashOut(p, betId, 950, 475, requestId),
        ]);
        expect(answers.map((answer) => [answer.statusCode, answer.json().paid])).toEqual([
          [200, 475],
          [200, 475],
        ]);
        expect((await cashOut(p, betId, 950, 475, requestId)).json()).toMatchObject({ paid: 475 });
        expect(await pamCredits(betId)).toEqual([{ amount: 475, kind: 'Returns' }]);
        expect(await betOf(p, betId)).toMatchObject({ stake: 500, cashedOut: 475 });
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
        world.cutWallet(true);
        try {
          expect((await cashOut(p, betId, 950, 475)).json()).toMatchObject({ paid: 475 });
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
        expect(await pamBet(world, betId)).toMatchObject({ status: 'closed', returned: 475 + 1_000 });
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
          const answer = await cashOut(p, betId, 950);
          await settling;
          await world.outbox.drainDue();
          const credits = await pamCredits(betId);
          expect(credits).toHaveLength(1);
          const bet = await betOf(p, betId);
          if (answer.statusCode === 200) expect([bet.status, credits[0]!.amount]).toEqual(['cashed-out', 950]);
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
