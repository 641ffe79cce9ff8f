import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, operator } from './support/harness';
import { creditBody, walletCall } from './support/games';
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
import type { BetView } from '../../src/contract/sportsbook-rules';

/** Issue 23, item 1: a bet id the browser sends in upper case is the same bet, lower case, on both sides of the wallet. */
for (const kind of databaseKinds()) {
  describe(`one spelling of every id across the seam [${kind}]`, () => {
    let world: BetsWorld;
    beforeAll(async () => {
      world = await createBetsWorld(kind, { cashOutPolicy: { delayMs: 1 } });
    }, 60_000);
    afterAll(async () => world?.close());

    const { pick, betOf } = betting(() => world);
    const upperId = () => randomUUID().toUpperCase();
    const placeUpper = async (p: Punter, selectionId: string, stake: number, extra: { freeBetId?: string } = {}) => {
      const betId = upperId();
      const placed = await frame(world, p.token, 'POST', '/api/bets', {
        ...slip(world, [selectionId], stake, extra),
        betId,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const id = (placed.json().bet as BetView).betId;
      expect(id).toBe(betId.toLowerCase());
      return id;
    };
    const ledgerBetIds = async (userId: number) =>
      (
        await world.pam.database.db
          .selectFrom('transactions')
          .select('bet_id')
          .where('user_id', '=', userId)
          .where('bet_id', 'is not', null)
          .execute()
      ).map((row) => row.bet_id);

    it('a winning bet placed with an upper-case id is staked and paid at the PAM under the one lower-case id', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const betId = await placeUpper(p, pick(eventId, 'match-result', 'home', { num: 2, den: 1 }), 1_000);
      expect(await pamBet(world, betId)).toMatchObject({ staked: 1_000, status: 'open' });
      await world.catalogue.resultEvent(eventId, finalScore('1-0'));
      await world.outbox.drainDue();
      expect(await betOf(p, betId)).toMatchObject({ status: 'won', returns: 3_000 });
      expect(await pamBet(world, betId)).toMatchObject({ staked: 1_000, returned: 3_000, status: 'closed' });
      expect(await pamBalance(world, p.user.id)).toBe(12_000);
      expect(new Set(await ledgerBetIds(p.user.id))).toEqual(new Set([betId]));
    });

    it('a void refunds it, and a cash out pays it, at the PAM', async () => {
      const p = await punter(world, 10_000);
      const voided = await placeUpper(
        p,
        pick(world.catalogue.addEvent(), 'match-result', 'draw', { num: 5, den: 2 }),
        500,
      );
      expect(await world.bets.voidBet(voided)).toMatchObject({ status: 'void' });
      await world.outbox.drainDue();
      expect(await pamBet(world, voided)).toMatchObject({ staked: 500, returned: 500, status: 'closed' });

      const cashed = await placeUpper(
        p,
        pick(world.catalogue.addEvent(), 'match-result', 'home', { num: 1, den: 1 }),
        1_000,
      );
      const offer = (await world.bets.cashOuts.offerFor(cashed))!;
      const answer = await frame(world, p.token, 'POST', `/api/bets/${cashed.toUpperCase()}/cash-out`, {
        requestId: upperId(),
        offer,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ paid: offer, bet: { betId: cashed, status: 'cashed-out' } });
      expect(await pamBet(world, cashed)).toMatchObject({ returned: offer, status: 'closed' });
      expect(await pamBalance(world, p.user.id)).toBe(10_000 - 1_000 + offer);
    });

    it('a voided free bet staked with upper-case ids gives its token back', async () => {
      const p = await punter(world, 1_000);
      const granted = await operator(world.pam, 'free-bet', 'grant', p.user.email, '500');
      const freeBetId = granted.json().result.freeBetId as string;
      const betId = await placeUpper(
        p,
        pick(world.catalogue.addEvent(), 'match-result', 'home', { num: 1, den: 1 }),
        500,
        {
          freeBetId: freeBetId.toUpperCase(),
        },
      );
      expect(await world.bets.voidBet(betId)).toMatchObject({ status: 'void', refund: 'rollback' });
      await world.outbox.drainDue();
      expect(await pamBet(world, betId)).toMatchObject({ status: 'closed', free_bet_id: freeBetId });
      const token = await world.pam.database.db
        .selectFrom('free_bets')
        .select(['status', 'used_bet_id'])
        .where('id', '=', freeBetId)
        .executeTakeFirstOrThrow();
      expect(token).toEqual({ status: 'available', used_bet_id: null });
      await expectReconciled(world, 4);
    });

    it('the PAM takes a wallet call naming a bet in upper case as a call on that same bet', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const betId = await placeUpper(p, pick(eventId, 'match-result', 'away', { num: 3, den: 1 }), 1_000);
      const body = creditBody(Number(p.user.id), betId.toUpperCase(), 0, false, {
        transactionId: `TX-${randomUUID().toUpperCase()}`,
      });
      const answer = await walletCall(world.pam, 'credit', body);
      expect(answer.statusCode, answer.body).toBe(200);
      const again = await walletCall(world.pam, 'credit', { ...body, transactionId: body.transactionId.toLowerCase() });
      expect(again.json()).toEqual(answer.json());
      const calls = await world.pam.database.db
        .selectFrom('wallet_calls')
        .select('transaction_id')
        .where('bet_id', '=', betId)
        .where('kind', '=', 'credit')
        .execute();
      expect(calls).toEqual([{ transaction_id: body.transactionId.toLowerCase() }]);
      expect(
        await world.pam.database.db.selectFrom('bets').select('bet_id').where('user_id', '=', p.user.id).execute(),
      ).toEqual([{ bet_id: betId }]);
      await world.catalogue.resultEvent(eventId, finalScore('0-0'));
      await world.outbox.drainDue();
    });
  });
}
