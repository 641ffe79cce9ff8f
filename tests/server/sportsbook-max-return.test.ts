import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, operator } from './support/harness';
import {
  createBetsWorld,
  expectReconciled,
  finalScore,
  frame,
  pamBet,
  punter,
  slip,
  type BetsWorld,
  type Punter,
} from './support/sportsbook-bets';
import type { BetView, Price } from '../../src/contract/sportsbook-rules';
import type { PlaceBetRequest } from '../../src/contract/sportsbook';

/** Issue 23, item 4: each debit tells the PAM the most its bet can return, and every way the bet is paid fits under it. */
for (const kind of databaseKinds()) {
  describe(`the maximum return a debit carries [${kind}]`, () => {
    const CAP = 5_000;
    let world: BetsWorld;
    beforeAll(async () => {
      world = await createBetsWorld(kind, { payoutCap: CAP, cashOutPolicy: { delayMs: 1 } });
    }, 60_000);
    afterAll(async () => world?.close());

    const home = (eventId: string, price: Price) => {
      const id = world.catalogue.selection(eventId, 'match-result', 'home').selectionId;
      world.catalogue.setPrice(id, price);
      return id;
    };
    const place = async (p: Punter, body: PlaceBetRequest) => {
      const placed = await frame(world, p.token, 'POST', '/api/bets', body);
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json().bet as BetView;
    };
    const maxReturnOf = async (betId: string) => {
      const debit = await world.db
        .selectFrom('sportsbook.wallet_calls')
        .select('body')
        .where('id', '=', `debit:${betId}`)
        .executeTakeFirstOrThrow();
      const pam = await pamBet(world, betId);
      expect(pam!.max_return).toBe(debit.body.maxReturn);
      return debit.body.maxReturn;
    };
    const homeWin = (eventId: string) => world.catalogue.resultEvent(eventId, finalScore('1-0'));

    it('a cash single carries its potential returns, even past the cap: its parts may be paid in different windows', async () => {
      const p = await punter(world, 100_000);
      const eventId = world.catalogue.addEvent();
      const bet = await place(p, slip(world, [home(eventId, { num: 10, den: 1 })], 1_000));
      expect(await maxReturnOf(bet.betId)).toBe(11_000);
      await homeWin(eventId);
      await world.outbox.drainDue();
      // Paid the stake and the cap's allowance, within the maximum.
      expect(await pamBet(world, bet.betId)).toMatchObject({ status: 'closed', returned: 1_000 + CAP });
    });

    it('a free bet carries its winnings only, cut by the cap: and is paid them', async () => {
      const p = await punter(world, 1_000);
      const small = (await operator(world.pam, 'free-bet', 'grant', p.user.email, '500')).json().result.freeBetId;
      const large = (await operator(world.pam, 'free-bet', 'grant', p.user.email, '500')).json().result.freeBetId;
      const low = world.catalogue.addEvent();
      const high = world.catalogue.addEvent();
      const lowBet = await place(p, slip(world, [home(low, { num: 1, den: 2 })], 500, { freeBetId: small }));
      const highBet = await place(p, slip(world, [home(high, { num: 20, den: 1 })], 500, { freeBetId: large }));
      expect(await maxReturnOf(lowBet.betId)).toBe(250);
      expect(await maxReturnOf(highBet.betId)).toBe(CAP);
      await homeWin(low);
      await homeWin(high);
      await world.outbox.drainDue();
      expect(await pamBet(world, lowBet.betId)).toMatchObject({ status: 'closed', returned: 250 });
      // The cap is the customer's over 24 hours: the first win's £2.50 came out of it.
      expect(await pamBet(world, highBet.betId)).toMatchObject({ status: 'closed', returned: CAP - 250 });
    });

    it('a Lucky 15 carries its returns with the all-winners bonus, cut by the cap, and every selection won pays within it', async () => {
      const p = await punter(world, 100_000);
      const events = [1, 2, 3, 4].map(() => world.catalogue.addEvent());
      const body = slip(
        world,
        events.map((eventId) => home(eventId, { num: 1, den: 1 })),
        100,
        { kind: 'system', system: 'lucky15' },
      );
      const bet = await place(p, body);
      // 4 singles at 2.00, 6 doubles at 4.00, 4 trebles at 8.00, one four-fold at 16.00: £80.00, and 10% on top.
      expect(bet.potentialReturns).toBe(8_800);
      expect(await maxReturnOf(bet.betId)).toBe(1_500 + CAP);
      for (const eventId of events) await homeWin(eventId);
      await world.outbox.drainDue();
      expect(await pamBet(world, bet.betId)).toMatchObject({ status: 'closed', returned: 1_500 + CAP });
    });

    it('a single with a partial cash out and then a win returns no more than its maximum in all', async () => {
      const p = await punter(world, 100_000);
      const eventId = world.catalogue.addEvent();
      const bet = await place(p, slip(world, [home(eventId, { num: 1, den: 1 })], 1_000));
      const offer = (await world.bets.cashOuts.offerFor(bet.betId))!;
      const part = Math.floor(offer / 2);
      const answer = await frame(world, p.token, 'POST', `/api/bets/${bet.betId}/cash-out`, {
        requestId: crypto.randomUUID(),
        offer,
        amount: part,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      await homeWin(eventId);
      await world.outbox.drainDue();
      const pam = await pamBet(world, bet.betId);
      expect(pam).toMatchObject({ status: 'closed', max_return: 2_000 });
      expect(pam!.returned).toBeLessThanOrEqual(2_000);
      await expectReconciled(world, 5);
    });
  });
}
