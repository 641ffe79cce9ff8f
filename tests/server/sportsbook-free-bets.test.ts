import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, login, operator } from './support/harness';
import { walletCall, newId } from './support/games';
import {
  createBetsWorld,
  expectReconciled,
  finalScore,
  frame,
  launch,
  pamBalance,
  pamBet,
  punter,
  slip,
  type BetsWorld,
  type Punter,
} from './support/sportsbook-bets';
import type { BetView, Price } from '../../src/contract/sportsbook-rules';
import { DAY } from '../../server/platform/clock';
import { pamPlayerId } from '../../server/sportsbook/wallet-client';

const score = (fullTime: string) => finalScore(fullTime);

for (const kind of databaseKinds()) {
  describe(`free bets [${kind}]`, () => {
    let world: BetsWorld;
    beforeAll(async () => {
      world = await createBetsWorld(kind, { cashOutPolicy: { delayMs: 1 } });
    }, 60_000);
    afterAll(async () => world?.close());

    const pick = (eventId: string, selection: string, price: Price) => {
      const id = world.catalogue.selection(eventId, 'match-result', selection).selectionId;
      world.catalogue.setPrice(id, price);
      return id;
    };
    const grant = async (p: Punter, pence: number, ...extra: string[]) => {
      const answer = await operator(world.pam, 'free-bet', 'grant', p.user.email, String(pence), ...extra);
      expect(answer.statusCode, answer.json().message).toBe(200);
      return answer.json().result.freeBetId as string;
    };
    const tokensOf = async (p: Punter) =>
      (await frame(world, p.token, 'GET', '/api/free-bets')).json().freeBets as Array<{
        freeBetId: string;
        amount: number;
      }>;
    const ledgerOf = (betId: string) =>
      world.pam.database.db
        .selectFrom('transactions')
        .select(['kind', 'amount'])
        .where('bet_id', '=', betId)
        .orderBy('id')
        .execute();
    const tokenRow = (freeBetId: string) =>
      world.pam.database.db.selectFrom('free_bets').selectAll().where('id', '=', freeBetId).executeTakeFirstOrThrow();
    const placeFree = (p: Punter, selectionId: string, stake: number, freeBetId: string) =>
      frame(world, p.token, 'POST', '/api/bets', slip(world, [selectionId], stake, { freeBetId }));

    it('a winning free bet pays stake x odds - stake as Returns; no cash stake is ever posted; the token is used once', async () => {
      const p = await punter(world, 1_000);
      const freeBetId = await grant(p, 500, '--days', '7', 'Welcome');
      expect(await tokensOf(p)).toEqual([{ freeBetId, amount: 500, expiresAt: expect.any(String) }]);
      const eventId = world.catalogue.addEvent();
      const home = pick(eventId, 'home', { num: 2, den: 1 });
      const placed = await placeFree(p, home, 500, freeBetId);
      expect(placed.statusCode, placed.body).toBe(201);
      const betId = (placed.json().bet as BetView).betId;
      // £5 free at 2/1: potential returns £10 (the £15 a cash stake would return, less the £5 that was never the customer's).
      expect(placed.json().bet).toMatchObject({ freeBet: true, stake: 500, potentialReturns: 1_000 });
      expect(await pamBalance(world, p.user.id)).toBe(1_000);
      expect(await pamBet(world, betId)).toMatchObject({
        staked: 0,
        free_bet_stake: 500,
        free_bet_id: freeBetId,
        status: 'open',
      });
      expect(await tokenRow(freeBetId)).toMatchObject({ status: 'used', used_bet_id: betId });
      expect(await tokensOf(p)).toEqual([]);

      // Used once: the same token again is refused and nothing moves.
      const again = await placeFree(p, home, 500, freeBetId);
      expect(again.statusCode).toBe(422);
      expect(again.json()).toMatchObject({
        code: 'FreeBetUnavailable',
        message: 'This free bet is no longer available.',
      });

      // Cash out is never offered on a free bet.
      const cashOut = await frame(world, p.token, 'POST', `/api/bets/${betId}/cash-out`, {
        requestId: randomUUID(),
        offer: 100,
      });
      expect(cashOut.json()).toEqual({ code: 'FreeBetCashOut', message: 'Cash out is not available on free bets.' });

      await world.catalogue.resultEvent(eventId, score('1-0'));
      await world.outbox.drainDue();
      expect((await frame(world, p.token, 'GET', `/api/bets/${betId}`)).json()).toMatchObject({
        status: 'won',
        returns: 1_000,
      });
      expect(await pamBalance(world, p.user.id)).toBe(2_000);
      expect(await ledgerOf(betId)).toEqual([{ kind: 'Returns', amount: 1_000 }]);
      expect(await pamBet(world, betId)).toMatchObject({ staked: 0, returned: 1_000, status: 'closed' });
    });

    it('a losing free bet pays nothing and costs the customer nothing', async () => {
      const p = await punter(world, 1_000);
      const freeBetId = await grant(p, 300);
      const eventId = world.catalogue.addEvent();
      const placed = await placeFree(p, pick(eventId, 'away', { num: 3, den: 1 }), 300, freeBetId);
      expect(placed.statusCode, placed.body).toBe(201);
      await world.catalogue.resultEvent(eventId, score('2-0'));
      await world.outbox.drainDue();
      const betId = (placed.json().bet as BetView).betId;
      expect((await frame(world, p.token, 'GET', `/api/bets/${betId}`)).json()).toMatchObject({
        status: 'lost',
        returns: 0,
      });
      expect(await pamBalance(world, p.user.id)).toBe(1_000);
      expect(await ledgerOf(betId)).toEqual([]);
    });

    it('a promo code grants a free bet once, with the opt-in', async () => {
      const code = `FB${randomUUID().slice(0, 6).toUpperCase()}`;
      expect(
        (await operator(world.pam, 'promo', 'create', code, 'Free', 'bet', '--free-bet', '250', '--free-bet-days', '3'))
          .statusCode,
      ).toBe(200);
      const p = await punter(world, 0);
      const { accessToken } = await login(world.pam, p.user);
      const applied = await world.pam.request({
        method: 'POST',
        url: `/user/promotion_code/${code}`,
        token: accessToken,
      });
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json().message).toContain('A £2.50 free bet is in your account.');
      expect(
        (await world.pam.request({ method: 'POST', url: `/user/promotion_code/${code}`, token: accessToken }))
          .statusCode,
      ).toBe(409);
      const tokens = await tokensOf(p);
      expect(tokens.map((token) => token.amount)).toEqual([250]);
      const row = await tokenRow(tokens[0]!.freeBetId);
      expect(row).toMatchObject({ source: `promo: ${code}`, status: 'available' });
      expect(row.expires_at.getTime() - row.granted_at.getTime()).toBe(3 * DAY);
    });

    it('bad uses change nothing: another amount, another customer token, an expired token, an accumulator, bad grants', async () => {
      const p = await punter(world, 1_000);
      const other = await punter(world, 1_000);
      const freeBetId = await grant(p, 500, '--days', '1');
      const othersToken = await grant(other, 500);
      const eventId = world.catalogue.addEvent();
      const home = pick(eventId, 'home', { num: 1, den: 1 });
      expect((await placeFree(p, home, 400, freeBetId)).json()).toMatchObject({ code: 'FreeBetUnavailable' });
      expect((await placeFree(p, home, 500, othersToken)).json()).toMatchObject({ code: 'FreeBetUnavailable' });
      const acca = await frame(
        world,
        p.token,
        'POST',
        '/api/bets',
        slip(world, [home, pick(world.catalogue.addEvent(), 'home', { num: 1, den: 1 })], 500, { freeBetId }),
      );
      expect(acca.statusCode).toBe(400);
      expect(acca.json().message).toBe('A free bet can stake a single only');
      for (const args of [
        ['grant', p.user.email, '5'],
        ['grant', p.user.email, 'ten'],
        ['grant', p.user.email, '500', '--days', '0'],
        ['grant', 'nobody@example.com', '500'],
        ['launch'],
      ]) {
        const answer = await operator(world.pam, 'free-bet', ...args);
        expect(answer.statusCode, args.join(' ')).toBe(400);
      }
      expect(await pamBalance(world, p.user.id)).toBe(1_000);
      expect(await tokenRow(freeBetId)).toMatchObject({ status: 'available' });

      world.pam.clock.advance(DAY + 1);
      // A day on, the sign-in has ended too: a fresh one.
      const later = await launch(world, p.user);
      expect((await placeFree(later, home, 500, freeBetId)).json()).toMatchObject({ code: 'FreeBetUnavailable' });
      expect(await tokensOf(later)).toEqual([]);
      expect(await tokenRow(freeBetId)).toMatchObject({ status: 'expired', expired_at: expect.any(Date) });
      const list = await operator(world.pam, 'free-bet', 'list', p.user.email);
      expect(list.json().result).toEqual([
        expect.objectContaining({ freeBetId, status: 'expired', source: 'operator: granted' }),
      ]);
    });

    it('the wallet API: a debit with a token is idempotent, and its rollback gives the token back with no cash moved', async () => {
      const p = await punter(world, 1_000);
      const freeBetId = await grant(p, 500);
      const session = await world.db
        .selectFrom('sportsbook.sessions')
        .select(['pam_session_id', 'player_id'])
        .where('player_id', '=', String(p.user.id))
        .executeTakeFirstOrThrow();
      const debit = {
        transactionId: newId('tx'),
        betId: newId('bet'),
        playerId: pamPlayerId(session.player_id),
        sessionId: session.pam_session_id,
        amount: 500,
        maxReturn: 500,
        freeBetId,
      };
      const first = await walletCall(world.pam, 'debit', debit);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ balance: 1_000, walletTransactionId: null });
      expect((await walletCall(world.pam, 'debit', debit)).json()).toEqual(first.json());
      expect(await tokenRow(freeBetId)).toMatchObject({ status: 'used' });
      const rollback = await walletCall(world.pam, 'rollback', {
        transactionId: newId('tx'),
        originalTransactionId: debit.transactionId,
        betId: debit.betId,
        playerId: debit.playerId,
      });
      expect(rollback.statusCode, rollback.body).toBe(200);
      expect(rollback.json()).toEqual({ balance: 1_000, walletTransactionId: null });
      expect(await tokenRow(freeBetId)).toMatchObject({
        status: 'available',
        used_bet_id: null,
        returned_at: expect.any(Date),
      });
      expect(await pamBet(world, debit.betId)).toMatchObject({ status: 'closed', staked: 0 });
      expect(await ledgerOf(debit.betId)).toEqual([]);
      // Given back: usable again.
      expect((await tokensOf(p)).map((token) => token.freeBetId)).toEqual([freeBetId]);
    });

    // Terms 10.2: "If the bet was a free bet, we will return the free bet to you where we can": the token, never cash.
    const expectTokenBack = async (p: Punter, betId: string, freeBetId: string) => {
      expect((await frame(world, p.token, 'GET', `/api/bets/${betId}`)).json()).toMatchObject({
        status: 'void',
        returns: 0,
        freeBet: true,
      });
      expect(await pamBalance(world, p.user.id)).toBe(1_000);
      expect(await ledgerOf(betId)).toEqual([]);
      expect(await pamBet(world, betId)).toMatchObject({ status: 'closed', staked: 0, returned: 0, refunded: 0 });
      expect(await tokenRow(freeBetId)).toMatchObject({
        status: 'available',
        used_bet_id: null,
        returned_at: expect.any(Date),
      });
      expect((await tokensOf(p)).map((token) => token.freeBetId)).toEqual([freeBetId]);
    };

    it('an operator void of a free bet gives the token back, no cash, once', async () => {
      const p = await punter(world, 1_000);
      const freeBetId = await grant(p, 500);
      const placed = await placeFree(p, pick(world.catalogue.addEvent(), 'home', { num: 1, den: 1 }), 500, freeBetId);
      const betId = (placed.json().bet as BetView).betId;
      expect(await world.bets.voidBet(betId)).toMatchObject({ status: 'void', refund: 'rollback' });
      await expectTokenBack(p, betId, freeBetId);
      await expect(world.bets.voidBet(betId)).rejects.toThrow(/only open or pending/);

      // The token staked again, then the void's rollback delivered a second time (a retry): the new bet keeps it.
      const eventId = world.catalogue.addEvent();
      const again = await placeFree(p, pick(eventId, 'home', { num: 1, den: 1 }), 500, freeBetId);
      expect(again.statusCode, again.body).toBe(201);
      const call = await world.db
        .selectFrom('sportsbook.wallet_calls')
        .select(['kind', 'body', 'state'])
        .where('id', '=', `rollback:${betId}`)
        .executeTakeFirstOrThrow();
      expect(call).toMatchObject({ kind: 'rollback', state: 'done' });
      const resent = await walletCall(
        world.pam,
        'rollback',
        typeof call.body === 'string' ? JSON.parse(call.body) : call.body,
      );
      expect(resent.statusCode, resent.body).toBe(200);
      expect(await tokenRow(freeBetId)).toMatchObject({
        status: 'used',
        used_bet_id: (again.json().bet as BetView).betId,
      });
      await world.catalogue.resultEvent(eventId, score('0-1'));
      await world.outbox.drainDue();
    });

    it('a free bet on a market voided by the operator, or a match abandoned, gives the token back', async () => {
      for (const end of ['void-market', 'abandon'] as const) {
        const p = await punter(world, 1_000);
        const freeBetId = await grant(p, 400);
        const eventId = world.catalogue.addEvent();
        const selectionId = pick(eventId, 'draw', { num: 5, den: 2 });
        const placed = await placeFree(p, selectionId, 400, freeBetId);
        expect(placed.statusCode, placed.body).toBe(201);
        if (end === 'void-market') await world.catalogue.voidMarket(selectionId.split('~').slice(0, 2).join('~'));
        else await world.catalogue.abandonEvent(eventId);
        await world.outbox.drainDue();
        await expectTokenBack(p, (placed.json().bet as BetView).betId, freeBetId);
      }
    });

    it('a void free bet whose token has run out meanwhile leaves it expired: nothing to give back', async () => {
      const p = await punter(world, 1_000);
      const freeBetId = await grant(p, 500, '--days', '1');
      const placed = await placeFree(p, pick(world.catalogue.addEvent(), 'home', { num: 1, den: 1 }), 500, freeBetId);
      const betId = (placed.json().bet as BetView).betId;
      await world.pam.database.db
        .updateTable('free_bets')
        .set({
          granted_at: new Date(world.pam.clock.now().getTime() - 2 * DAY),
          expires_at: new Date(world.pam.clock.now().getTime() - 1_000),
        } as never)
        .where('id', '=', freeBetId)
        .execute();
      await world.bets.voidBet(betId);
      expect(await tokenRow(freeBetId)).toMatchObject({ status: 'expired', returned_at: expect.any(Date) });
      expect(await tokensOf(p)).toEqual([]);
      expect(await pamBalance(world, p.user.id)).toBe(1_000);
      expect(await pamBet(world, betId)).toMatchObject({ status: 'closed' });
    });

    it('every bet above reconciles with the PAM: stakes, returns and status agree, no difference', async () => {
      await expectReconciled(world, 10);
    });
  });
}
