import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import { walletCall } from './support/games';
import { createBetsWorld, frame, pamBalance, pamBet, punter, slip, type BetsWorld } from './support/sportsbook-bets';
import type { BetView } from '../../src/contract/sportsbook-rules';

for (const kind of databaseKinds()) {
  describe(`sportsbook placement [${kind}]`, () => {
    let world: BetsWorld;
    beforeAll(async () => {
      world = await createBetsWorld(kind);
    }, 60_000);
    afterAll(async () => world?.close());

    const home = (eventId: string) => world.catalogue.selection(eventId, 'match-result', 'home').selectionId;

    it('a session launched from the PAM shows the PAM balance, and ends on DELETE', async () => {
      const p = await punter(world, 12_345);
      const balance = await frame(world, p.token, 'GET', '/api/session');
      expect(balance.statusCode).toBe(200);
      expect(balance.json()).toEqual({ balance: 12_345, currency: 'GBP' });
      expect((await frame(world, p.token, 'DELETE', '/api/session')).statusCode).toBe(204);
      const after = await frame(world, p.token, 'GET', '/api/session');
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('SessionExpired');
    });

    it('a launch token works once', async () => {
      const bad = await world.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { launchToken: 'x'.repeat(32) },
      });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().code).toBe('InvalidToken');
    });

    it('a single is stored, debited and listed: the balance drops by the stake and the PAM records it open', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      world.catalogue.setPrice(home(eventId), { num: 6, den: 4 });
      const body = slip(world, [home(eventId)], 1_000);
      const placed = await frame(world, p.token, 'POST', '/api/bets', body);
      expect(placed.statusCode, placed.body).toBe(201);
      const bet = placed.json().bet as BetView;
      expect(bet).toMatchObject({
        betId: body.betId,
        status: 'open',
        stake: 1_000,
        potentialReturns: 2_500,
        returns: null,
      });
      expect(bet.legs[0]).toMatchObject({
        selectionName: 'Rovers',
        marketName: 'Match Result',
        price: { num: 6, den: 4 },
        result: 'open',
      });
      expect(await pamBalance(world, p.user.id)).toBe(9_000);
      expect(await pamBet(world, body.betId)).toMatchObject({ staked: 1_000, status: 'open' });
      const open = await frame(world, p.token, 'GET', '/api/bets?state=open');
      expect((open.json().bets as BetView[]).map((b) => b.betId)).toEqual([body.betId]);
      const one = await frame(world, p.token, 'GET', `/api/bets/${body.betId}`);
      expect(one.json()).toMatchObject({ betId: body.betId, status: 'open' });
    });

    it('the same bet id again answers the first placement: one bet, one debit; with another body it is 409 BetIdReused', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const body = slip(world, [home(eventId)], 500);
      const [first, second] = await Promise.all([
        frame(world, p.token, 'POST', '/api/bets', body),
        frame(world, p.token, 'POST', '/api/bets', body),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      const third = await frame(world, p.token, 'POST', '/api/bets', body);
      expect(third.statusCode).toBe(201);
      expect(third.json().bet.betId).toBe(body.betId);
      expect(await pamBalance(world, p.user.id)).toBe(9_500);
      // A retry after the price moved and the market was suspended still answers the bet placed, not a refusal.
      world.catalogue.setPrice(home(eventId), { num: 5, den: 1 });
      await world.catalogue.suspendMarket(world.catalogue.quote(home(eventId))!.marketId);
      const late = await frame(world, p.token, 'POST', '/api/bets', body);
      expect(late.statusCode, late.body).toBe(201);
      expect(late.json().bet).toMatchObject({
        betId: body.betId,
        status: 'open',
        legs: [{ price: body.selections[0]!.price }],
      });
      expect(await pamBalance(world, p.user.id)).toBe(9_500);
      await world.catalogue.reopenMarket(world.catalogue.quote(home(eventId))!.marketId);
      const reused = await frame(world, p.token, 'POST', '/api/bets', { ...body, stake: 600 });
      expect(reused.statusCode).toBe(409);
      expect(reused.json().code).toBe('BetIdReused');
      const other = await punter(world, 10_000);
      expect((await frame(world, other.token, 'POST', '/api/bets', body)).statusCode).toBe(409);
      expect(await pamBalance(world, other.user.id)).toBe(10_000);
    });

    it('refuses stakes out of range, 13 selections, related and duplicate selections, unknown selections and closed or suspended markets, taking nothing', async () => {
      const p = await punter(world, 10_000);
      const events = Array.from({ length: 13 }, () => world.catalogue.addEvent());
      const refusal = async (body: object, code: string, status = 422) => {
        const response = await frame(world, p.token, 'POST', '/api/bets', body);
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().code).toBe(code);
        return response.json() as { message: string; changes?: unknown[] };
      };
      expect((await refusal(slip(world, [home(events[0]!)], 9), 'StakeTooLow')).message).toBe(
        'The minimum stake is £0.10.',
      );
      expect((await refusal(slip(world, [home(events[0]!)], 1_000_001), 'StakeTooHigh')).message).toBe(
        'The maximum stake is £10,000.',
      );
      await refusal(slip(world, events.map(home), 100), 'TooManySelections');
      const sameMatch = [
        home(events[0]!),
        world.catalogue.selection(events[0]!, 'total-goals:2.5', 'over').selectionId,
      ];
      await refusal(slip(world, sameMatch, 100), 'RelatedSelections');
      const duplicate = slip(world, [home(events[1]!)], 100);
      await refusal(
        { ...duplicate, kind: 'accumulator', selections: [...duplicate.selections, ...duplicate.selections] },
        'DuplicateSelection',
      );
      const unknown = slip(world, [home(events[1]!)], 100);
      await refusal(
        { ...unknown, selections: [{ selectionId: 'nope~match-result~home', price: { num: 1, den: 1 } }] },
        'UnknownSelection',
      );
      const marketId = world.catalogue.quote(home(events[2]!))!.marketId;
      await world.catalogue.suspendMarket(marketId);
      const suspended = await refusal(slip(world, [home(events[2]!)], 100), 'MarketSuspended');
      expect(suspended.changes).toEqual([
        { selectionId: home(events[2]!), price: { num: 1, den: 1 }, status: 'suspended' },
      ]);
      await world.catalogue.reopenMarket(marketId);
      await world.catalogue.resultEvent(events[3]!, { halfTime: { home: 0, away: 0 }, fullTime: { home: 1, away: 0 } });
      await refusal(slip(world, [home(events[3]!)], 100), 'MarketClosed');
      await refusal(
        { ...slip(world, [home(events[2]!)], 100), kind: 'single', selections: [] },
        'ValidationError',
        400,
      );
      await refusal({ ...slip(world, [home(events[2]!)], 100), betId: 'not-a-uuid' }, 'ValidationError', 400);
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
      expect((await frame(world, p.token, 'GET', '/api/bets')).json().bets).toEqual([]);
    });

    it('a moved price is refused with the new price, or struck at the new price with acceptPriceChanges', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const body = slip(world, [home(eventId)], 1_000);
      world.catalogue.setPrice(home(eventId), { num: 4, den: 5 });
      const refused = await frame(world, p.token, 'POST', '/api/bets', body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'PriceChanged',
        changes: [{ selectionId: home(eventId), price: { num: 4, den: 5 }, status: 'open' }],
      });
      const accepted = await frame(world, p.token, 'POST', '/api/bets', {
        ...body,
        betId: randomUUID(),
        acceptPriceChanges: true,
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect(accepted.json().bet).toMatchObject({ potentialReturns: 1_800, legs: [{ price: { num: 4, den: 5 } }] });
      expect(await pamBalance(world, p.user.id)).toBe(9_000);
    });

    it('an accumulator multiplies exact prices and rounds down once', async () => {
      const p = await punter(world, 10_000);
      const events = [world.catalogue.addEvent(), world.catalogue.addEvent(), world.catalogue.addEvent()];
      world.catalogue.setPrice(home(events[0]!), { num: 5, den: 6 });
      world.catalogue.setPrice(home(events[1]!), { num: 4, den: 7 });
      world.catalogue.setPrice(home(events[2]!), { num: 2, den: 3 });
      const placed = await frame(world, p.token, 'POST', '/api/bets', slip(world, events.map(home), 333));
      expect(placed.statusCode, placed.body).toBe(201);
      // 333 x 11/6 x 11/7 x 5/3 = 201465/126 = 1598.93...: 1598 pence.
      expect(placed.json().bet.potentialReturns).toBe(1_598);
    });

    it('the wallet refusals are rejected bets in words: insufficient funds, blocked, session expired; none is listed', async () => {
      const poor = await punter(world, 500);
      const eventId = world.catalogue.addEvent();
      const tooMuch = slip(world, [home(eventId)], 1_000);
      const refused = await frame(world, poor.token, 'POST', '/api/bets', tooMuch);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: 'Your balance is too low for this stake.', code: 'InsufficientFunds' });
      expect((await frame(world, poor.token, 'GET', `/api/bets/${tooMuch.betId}`)).json()).toMatchObject({
        status: 'rejected',
        reason: 'Your balance is too low for this stake.',
      });
      expect((await frame(world, poor.token, 'POST', '/api/bets', tooMuch)).json().code).toBe('InsufficientFunds');
      expect((await frame(world, poor.token, 'GET', '/api/bets')).json().bets).toEqual([]);
      expect(await pamBalance(world, poor.user.id)).toBe(500);

      const blocked = await punter(world, 10_000);
      await world.pam.services.accounts.suspend(blocked.user.id);
      const suspended = await frame(world, blocked.token, 'POST', '/api/bets', slip(world, [home(eventId)], 100));
      expect(suspended.statusCode).toBe(422);
      expect(['PlayerBlocked', 'SessionExpired']).toContain(suspended.json().code);
      expect(await pamBalance(world, blocked.user.id)).toBe(10_000);

      const expired = await punter(world, 10_000);
      await world.pam.request({ method: 'POST', url: '/auth/logout', token: expired.accessToken, payload: {} });
      const late = await frame(world, expired.token, 'POST', '/api/bets', slip(world, [home(eventId)], 100));
      expect(late.statusCode).toBe(422);
      expect(late.json()).toMatchObject({
        code: 'SessionExpired',
        message: 'Your session has ended. Please log in again to place this bet.',
      });
      expect((await frame(world, expired.token, 'GET', '/api/session')).statusCode).toBe(401);
      expect(await pamBalance(world, expired.user.id)).toBe(10_000);
    });

    it('an unverified customer is refused as blocked', async () => {
      const p = await punter(world, 10_000, { verified: false });
      const eventId = world.catalogue.addEvent();
      const refused = await frame(world, p.token, 'POST', '/api/bets', slip(world, [home(eventId)], 100));
      expect(refused.json()).toMatchObject({ code: 'PlayerBlocked' });
    });

    it('with the PAM unreachable the bet is pending (202, not listed); the outbox confirms it later with the same debit', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const body = slip(world, [home(eventId)], 700);
      world.cutWallet(true);
      const pending = await frame(world, p.token, 'POST', '/api/bets', body);
      expect(pending.statusCode, pending.body).toBe(202);
      expect(pending.json().bet.status).toBe('pending');
      expect((await frame(world, p.token, 'GET', '/api/bets')).json().bets).toEqual([]);
      world.cutWallet(false);
      world.pam.clock.advance(30_000);
      await world.outbox.drainDue();
      expect((await frame(world, p.token, 'GET', `/api/bets/${body.betId}`)).json().status).toBe('open');
      expect(await pamBalance(world, p.user.id)).toBe(9_300);
      expect(
        world.pushed.some(
          (push) =>
            push.message.type === 'bet' && push.message.bet.betId === body.betId && push.message.bet.status === 'open',
        ),
      ).toBe(true);
      expect((await frame(world, p.token, 'POST', '/api/bets', body)).statusCode).toBe(201);
    });

    it('a debit never confirmed is given up and rolled back: rejected, stake returned, a late debit refused', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const body = slip(world, [home(eventId)], 400);
      world.cutWallet(true);
      expect((await frame(world, p.token, 'POST', '/api/bets', body)).statusCode).toBe(202);
      world.pam.clock.advance(61_000);
      await world.outbox.drainDue();
      world.cutWallet(false);
      world.pam.clock.advance(10_000);
      await world.outbox.drainDue();
      const bet = (await frame(world, p.token, 'GET', `/api/bets/${body.betId}`)).json();
      expect(bet).toMatchObject({ status: 'rejected' });
      expect(bet.reason).toMatch(/could not confirm your stake/);
      const calls = await world.db
        .selectFrom('sportsbook.wallet_calls')
        .select(['kind', 'state'])
        .where('bet_id', '=', body.betId)
        .orderBy('kind')
        .execute();
      expect(calls).toEqual([
        { kind: 'debit', state: 'failed' },
        { kind: 'rollback', state: 'done' },
      ]);
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
      const debit = await world.db
        .selectFrom('sportsbook.wallet_calls')
        .select('body')
        .where('id', '=', `debit:${body.betId}`)
        .executeTakeFirstOrThrow();
      const late = await walletCall(world.pam, 'debit', debit.body);
      expect(late.json().code).toBe('TransactionRolledBack');
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
    });
  });
}
