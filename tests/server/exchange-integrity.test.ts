/**
 * Money integrity of the exchange (issue 25, "Bad input and faults"): a money call whose answer was lost is sent
 * again in the background until its order finishes, the reconcile command finds nothing on a clean run and names a
 * planted difference, and races over real HTTP (crossing orders, a reused order id) move money once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKinds } from './support/harness';
import { balanceOf, invariantMismatches } from './support/money';
import { p2pCall } from './support/p2p-wallet';
import {
  createExchangeWorld,
  expectHoldsMatchExposure,
  openMatch,
  pamHeld,
  place,
  placed,
  punter,
  type ExchangeWorld,
} from './support/exchange-service';
import type { Order } from '../../src/contract/exchange';
import { exchangeCommands } from '../../server/exchange/operator/commands';
import type { ExchangeReconciliationReport } from '../../server/exchange/operator/reconciliation';

for (const kind of databaseKinds()) {
  describe(`exchange money integrity [${kind}]`, () => {
    let world: ExchangeWorld;
    beforeAll(async () => {
      world = await createExchangeWorld(kind, { outboxTiming: { retryMs: 20, maxRetryMs: 160 } });
    }, 60_000);
    afterAll(async () => world?.close());

    const reconcile = async (marketId?: string) =>
      (await exchangeCommands
        .find('ex-reconcile')!
        .run(world.services, marketId ? [marketId] : [])) as ExchangeReconciliationReport;
    const orderRow = (orderId: string) =>
      world.services.db.selectFrom('exchange.orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

    it('sends a hold whose answer was lost again in the background, with backoff, and rests its order once the PAM answers', async () => {
      const match = await openMatch(world);
      const customer = await punter(world, 10_000);
      world.walletLosesAnswers = true;
      world.services.outbox.start();
      try {
        const orderId = randomUUID();
        const response = await place(world, customer, {
          orderId,
          marketId: match.marketId,
          selectionId: match.home,
          side: 'back',
          price: 3,
          size: 1_000,
        });
        expect(response.statusCode).toBe(503);
        expect((await orderRow(orderId)).status).toBe('pending');
        // The PAM took the hold (only its answer was lost) and the worker keeps asking, ever less often.
        expect(await balanceOf(world.pam, customer.userId)).toBe(9_000);
        await vi.waitFor(() => expect(world.services.outbox.nextRetryMs).toBe(160), { timeout: 5_000 });
        expect((await orderRow(orderId)).status).toBe('pending');

        world.walletLosesAnswers = false;
        await vi.waitFor(async () => expect((await orderRow(orderId)).status).toBe('executable'), { timeout: 5_000 });
        // The same transaction id each time: held once, never twice.
        expect(await balanceOf(world.pam, customer.userId)).toBe(9_000);
        await expectHoldsMatchExposure(world, match.marketId, [customer]);
        expect(world.services.outbox.nextRetryMs).toBe(20);
        expect((await reconcile(match.marketId)).differences).toEqual([]);
      } finally {
        world.walletLosesAnswers = false;
        await world.services.outbox.stop();
      }
    });

    it('refuses in the background an order whose hold the PAM refuses when it answers at last, holding nothing for it', async () => {
      const match = await openMatch(world);
      const customer = await punter(world, 10_000);
      world.walletDown = true;
      try {
        const orderId = randomUUID();
        const response = await place(world, customer, {
          orderId,
          marketId: match.marketId,
          selectionId: match.home,
          side: 'lay',
          price: 2,
          size: 1_000,
        });
        expect(response.statusCode).toBe(503);
        // The customer is locked out before the PAM is back: the hold, sent again, is refused.
        await world.pam.database.db
          .updateTable('users')
          .set({ locked_out: true })
          .where('id', '=', customer.userId)
          .execute();
        world.walletDown = false;
        world.services.outbox.start();
        await vi.waitFor(async () => expect((await orderRow(orderId)).status).toBe('refused'), { timeout: 5_000 });
        expect((await orderRow(orderId)).refusal).toBe('PlayerBlocked');
        expect(await balanceOf(world.pam, customer.userId)).toBe(10_000);
        expect(world.services.markets.get(match.marketId)!.book.orders()).toEqual([]);
        const again = await place(world, customer, {
          orderId,
          marketId: match.marketId,
          selectionId: match.home,
          side: 'lay',
          price: 2,
          size: 1_000,
        });
        expect(again.statusCode).toBe(422);
        expect(again.json().code).toBe('PlayerBlocked');
      } finally {
        world.walletDown = false;
        await world.services.outbox.stop();
      }
    });

    it('does not settle a market while a hold on it is unanswered, then settles it with that hold returned', async () => {
      const match = await openMatch(world);
      const backer = await punter(world, 10_000);
      const layer = await punter(world, 10_000);
      await placed(world, layer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'lay',
        price: 2,
        size: 1_000,
      });
      await placed(world, backer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2,
        size: 1_000,
      });
      world.walletLosesAnswers = true;
      const lost = await place(world, backer, {
        marketId: match.marketId,
        selectionId: match.away,
        side: 'back',
        price: 5,
        size: 2_000,
      });
      expect(lost.statusCode).toBe(503);
      const market = world.services.markets.get(match.marketId)!;
      const outcome = { kind: 'winner' as const, runner: 0, selectionId: match.home };
      await expect(world.services.orders.settle(market, outcome)).rejects.toMatchObject({ statusCode: 503 });
      world.walletLosesAnswers = false;
      await world.services.orders.settle(market, outcome);
      await world.services.outbox.drain();
      // The backer's 2,000 for the order refused at the close comes back; they win 1,000 less 20 commission.
      expect(await balanceOf(world.pam, backer.userId)).toBe(10_000 + 1_000 - 20);
      expect(await balanceOf(world.pam, layer.userId)).toBe(10_000 - 1_000);
      expect((await reconcile(match.marketId)).differences).toEqual([]);
      expect(await invariantMismatches(world.pam)).toEqual([]);
    });

    it('keeps counting an order matched before a restart from what it had matched, and reconciles clean', async () => {
      const match = await openMatch(world);
      const backer = await punter(world, 10_000);
      const layer = await punter(world, 10_000);
      const lay = await placed(world, layer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'lay',
        price: 2,
        size: 1_000,
      });
      await placed(world, backer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2,
        size: 400,
      });
      await world.restart();
      await placed(world, backer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: 2,
        size: 300,
      });
      const cancelled = await world.app.inject({
        method: 'DELETE',
        url: `/api/orders/${lay.orderId}?size=100`,
        headers: { authorization: `Bearer ${layer.token}` },
      });
      expect(cancelled.json().order).toMatchObject({ sizeMatched: 700, sizeCancelled: 100, sizeRemaining: 200 });
      expect((await reconcile(match.marketId)).differences).toEqual([]);
      await expectHoldsMatchExposure(world, match.marketId, [backer, layer]);
    });

    it('reconciles orders, fills, holds and postings with zero differences, and names each planted difference', async () => {
      const match = await openMatch(world);
      const backer = await punter(world, 50_000);
      const layer = await punter(world, 50_000);
      const lay = await placed(world, layer, {
        marketId: match.marketId,
        selectionId: match.draw,
        side: 'lay',
        price: 3.5,
        size: 2_000,
      });
      const back = await placed(world, backer, {
        marketId: match.marketId,
        selectionId: match.draw,
        side: 'back',
        price: 3,
        size: 1_500,
      });
      await placed(world, backer, {
        marketId: match.marketId,
        selectionId: match.away,
        side: 'back',
        price: 4,
        size: 700,
      });
      const cancelled = await world.app.inject({
        method: 'DELETE',
        url: `/api/orders/${lay.orderId}?size=200`,
        headers: { authorization: `Bearer ${layer.token}` },
      });
      expect(cancelled.statusCode).toBe(200);
      await world.services.outbox.drain();
      const clean = await reconcile();
      expect(clean.markets).toBeGreaterThan(0);
      expect(clean.pending).toEqual([]);
      expect(clean.differences).toEqual([]);

      const db = world.services.db;
      const plant = async (
        change: () => Promise<unknown>,
        undo: () => Promise<unknown>,
        expected: Array<Partial<ExchangeReconciliationReport['differences'][number]>>,
      ) => {
        await change();
        try {
          const report = await reconcile(match.marketId);
          expect(report.differences).toEqual(expected.map((difference) => expect.objectContaining(difference)));
        } finally {
          await undo();
        }
      };
      // A hold the exchange records one penny above the worst case (and so above the PAM's).
      const bump = (by: number) =>
        db
          .updateTable('exchange.holds')
          .set((eb) => ({ held: eb('held', '+', by) }))
          .where('player_id', '=', backer.userId)
          .where('market_id', '=', match.marketId)
          .execute();
      await plant(
        () => bump(1),
        () => bump(-1),
        [
          { kind: 'hold-not-exposure', playerId: backer.userId },
          { kind: 'hold-mismatch', playerId: backer.userId },
        ],
      );
      // A call whose amount differs from its posting at the PAM.
      const call = await db
        .selectFrom('exchange.wallet_calls')
        .select(['transaction_id', 'body'])
        .where('order_id', '=', back.orderId)
        .executeTakeFirstOrThrow();
      const amount = (body: Record<string, unknown>) =>
        db
          .updateTable('exchange.wallet_calls')
          .set({ body: JSON.stringify(body) as never })
          .where('transaction_id', '=', call.transaction_id)
          .execute();
      await plant(
        () => amount({ ...call.body, amount: Number(call.body.amount) + 1 }),
        () => amount(call.body),
        [{ kind: 'amount-mismatch', id: call.transaction_id, playerId: backer.userId }],
      );
      // A fill whose stake no longer adds up to its orders' matched sizes (and wins other than it should).
      const fillStake = (by: number) =>
        sql`UPDATE exchange.fills SET stake = stake + ${by} WHERE back_order_id = ${back.orderId}`.execute(db);
      await plant(
        () => fillStake(1),
        () => fillStake(-1),
        [
          { kind: 'fill-mismatch' },
          { kind: 'order-sizes', id: lay.orderId },
          { kind: 'order-sizes', id: back.orderId },
        ],
      );
      // The PAM took a hold the exchange never sent.
      const stray = randomUUID();
      const session = await db
        .selectFrom('exchange.sessions')
        .select('pam_session_id')
        .where('player_id', '=', backer.userId)
        .executeTakeFirstOrThrow();
      const strayHold = await p2pCall(world.pam, 'hold', {
        transactionId: stray,
        playerId: backer.userId,
        sessionId: session.pam_session_id,
        marketId: match.marketId,
        amount: 5,
      });
      expect(strayHold.statusCode, strayHold.body).toBe(200);
      const report = await reconcile(match.marketId);
      expect(report.differences).toEqual([
        expect.objectContaining({ kind: 'missing-at-exchange', id: stray }),
        expect.objectContaining({ kind: 'hold-mismatch', playerId: backer.userId }),
      ]);
    });

    it('pays settled markets their holds less commission, and reconcile checks each payment', async () => {
      const match = await openMatch(world);
      const backer = await punter(world, 20_000);
      const layer = await punter(world, 20_000);
      await placed(world, layer, {
        marketId: match.marketId,
        selectionId: match.away,
        side: 'lay',
        price: 2.5,
        size: 3_000,
      });
      await placed(world, backer, {
        marketId: match.marketId,
        selectionId: match.away,
        side: 'back',
        price: 2.5,
        size: 3_000,
      });
      const market = world.services.markets.get(match.marketId)!;
      await world.services.orders.settle(market, { kind: 'winner', runner: 2, selectionId: match.away });
      await world.services.outbox.drain();
      expect((await reconcile(match.marketId)).differences).toEqual([]);
      // The settle call of the backer (4,500 x 0.98 net = 4,410, plus the 3,000 held) paid one penny short.
      const settle = await world.services.db
        .selectFrom('exchange.wallet_calls')
        .select(['transaction_id', 'body'])
        .where('market_id', '=', match.marketId)
        .where('call', '=', 'settle')
        .where('player_id', '=', backer.userId)
        .executeTakeFirstOrThrow();
      expect(settle.body.amount).toBe(3_000 + 4_500 - 90);
      await world.services.db
        .updateTable('exchange.wallet_calls')
        .set({ body: JSON.stringify({ ...settle.body, amount: 7_409 }) as never })
        .where('transaction_id', '=', settle.transaction_id)
        .execute();
      const kinds = (await reconcile(match.marketId)).differences.map((difference) => difference.kind);
      expect(kinds).toEqual(['amount-mismatch', 'settlement-mismatch']);
    });

    describe('over real HTTP', () => {
      let base: string;
      beforeAll(async () => {
        base = await world.app.listen({ port: 0, host: '127.0.0.1' });
      });
      const post = (token: string, body: Record<string, unknown>) =>
        fetch(`${base}/api/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });

      it('matches orders crossing at the same moment once, round after round', async () => {
        const match = await openMatch(world);
        const backers = await Promise.all([punter(world, 50_000), punter(world, 50_000)]);
        const layers = await Promise.all([punter(world, 50_000), punter(world, 50_000)]);
        for (let round = 0; round < 4; round++) {
          const bodies = [
            ...backers.map((who) => ({ who, side: 'back', price: 2 })),
            ...layers.map((who) => ({ who, side: 'lay', price: 2 })),
          ];
          const answers = await Promise.all(
            bodies.map(({ who, side, price }) =>
              post(who.token, {
                orderId: randomUUID(),
                marketId: match.marketId,
                selectionId: match.home,
                side,
                price,
                size: 1_000,
              }).then(async (response) => ({
                status: response.status,
                order: ((await response.json()) as { order: Order }).order,
              })),
            ),
          );
          expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
        }
        const fills = await world.services.db
          .selectFrom('exchange.fills')
          .select(['back_order_id', 'lay_order_id', 'stake', 'price'])
          .where('market_id', '=', match.marketId)
          .execute();
        // 8,000 backed against 8,000 laid at one price: all of it matched, each pence once.
        expect(fills.reduce((sum, fill) => sum + fill.stake, 0)).toBe(8_000);
        expect(new Set(fills.map((fill) => fill.price))).toEqual(new Set([200]));
        expect(world.services.markets.get(match.marketId)!.book.orders()).toEqual([]);
        await expectHoldsMatchExposure(world, match.marketId, [...backers, ...layers]);
        expect((await reconcile(match.marketId)).differences).toEqual([]);
      });

      it('takes one of two bodies sent at the same moment under one order id, and answers the other 409 holding nothing for it', async () => {
        const match = await openMatch(world);
        const customer = await punter(world, 10_000);
        const orderId = randomUUID();
        const body = { orderId, marketId: match.marketId, selectionId: match.away, side: 'back', price: 3 };
        const answers = await Promise.all([
          post(customer.token, { ...body, size: 1_000 }),
          post(customer.token, { ...body, size: 2_000 }),
        ]);
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses).toEqual([201, 409]);
        const refused = answers.find((answer) => answer.status === 409)!;
        expect(((await refused.json()) as { code: string }).code).toBe('OrderIdReused');
        const kept = ((await answers.find((answer) => answer.status === 201)!.json()) as { order: Order }).order;
        expect(await balanceOf(world.pam, customer.userId)).toBe(10_000 - kept.size);
        expect((await pamHeld(world, match.marketId)).get(customer.userId)).toBe(kept.size);
      });

      it('answers a stale session 401 and holds nothing: an unknown token, and one whose PAM sign-in was revoked', async () => {
        const match = await openMatch(world);
        const customer = await punter(world, 10_000);
        const body = { marketId: match.marketId, selectionId: match.home, side: 'back', price: 2, size: 500 };
        const unknown = await post('stale-token', { ...body, orderId: randomUUID() });
        expect(unknown.status).toBe(401);
        await world.pam.database.db
          .updateTable('refresh_families')
          .set({ revoked_at: new Date(), revoked_reason: 'logout' })
          .where('user_id', '=', customer.userId)
          .execute();
        const revoked = await post(customer.token, { ...body, orderId: randomUUID() });
        expect(revoked.status).toBe(401);
        expect(((await revoked.json()) as { code: string }).code).toBe('SessionExpired');
        // The exchange session ended with it: the next order is refused without asking the PAM.
        expect((await post(customer.token, { ...body, orderId: randomUUID() })).status).toBe(401);
        expect(await balanceOf(world.pam, customer.userId)).toBe(10_000);
        expect((await pamHeld(world, match.marketId)).get(customer.userId) ?? 0).toBe(0);
        expect(world.services.markets.get(match.marketId)!.book.orders()).toEqual([]);
      });
    });
  });
}
