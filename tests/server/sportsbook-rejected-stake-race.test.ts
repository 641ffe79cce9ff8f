import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_API_PATH } from '../../src/contract/games';
import type { PlacementAnswer } from '../../server/sportsbook/bets/placement';
import { debitCallId, rollbackCallId } from '../../server/sportsbook/bets/wallet-calls';
import { databaseKinds } from './support/harness';
import {
  createBetsWorld,
  expectReconciled,
  pamBalance,
  pamBet,
  punter,
  slip,
  type BetsWorld,
  type Punter,
} from './support/sportsbook-bets';

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * A placement stores its bet and debit, then finds the price moved and refuses the bet, abandoning the debit. If a
 * retry of the same bet id (or the outbox worker) sent that debit in the meantime, the PAM may take the stake while
 * its answer is ignored (the debit is no longer pending): the refusal must then roll the debit back. Each race is
 * played out step by step: the price moves right after the statement storing the bet, the other sender's debit
 * reaches the real PAM and its answer is held back until the first placement has refused the bet.
 */
for (const kind of databaseKinds()) {
  describe(`a placement refused while its debit is being sent [${kind}]`, () => {
    let world: BetsWorld;
    /** Every wallet API call the sportsbook makes (its path after the wallet API's), in order. */
    const walletCalls: string[] = [];
    /** While set, a debit call reaches the PAM, then its answer waits until `release`. */
    let gate: { reached: Deferred; release: Deferred } | undefined;
    /** Run once, right after the statement storing a bet has resolved (before the placement checks its prices). */
    let afterStore: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      world = await createBetsWorld(kind, {
        walletFetch: (real) => async (input, init) => {
          const path = String(input).split(WALLET_API_PATH)[1] ?? String(input);
          walletCalls.push(path);
          const response = await real(input, init);
          const held = path === '/debits' ? gate : undefined;
          if (held) {
            held.reached.resolve();
            await held.release.promise;
          }
          return response;
        },
      });
      const executor = world.db.getExecutor();
      const execute = executor.executeQuery.bind(executor);
      executor.executeQuery = (async (...args: Parameters<typeof execute>) => {
        const result = await execute(...args);
        const run = afterStore;
        if (run && /INSERT INTO sportsbook\.bets/.test(args[0].sql)) {
          afterStore = undefined;
          await run();
        }
        return result;
      }) as typeof executor.executeQuery;
    }, 60_000);
    afterAll(async () => world?.close());

    const home = (eventId: string) => world.catalogue.selection(eventId, 'match-result', 'home').selectionId;
    const sessionOf = async (p: Punter) => (await world.sessions.find(p.token))!;
    const callsOf = (betId: string) =>
      world.db
        .selectFrom('sportsbook.wallet_calls')
        .select(['id', 'kind', 'state'])
        .where('bet_id', '=', betId)
        .orderBy('id')
        .execute();
    const betOf = (betId: string) =>
      world.db
        .selectFrom('sportsbook.bets')
        .select(['status', 'reason_code'])
        .where('id', '=', betId)
        .executeTakeFirstOrThrow();

    /**
     * Places a bet whose price moves as soon as it is stored; `sendMeanwhile` then starts the other sender of its
     * debit, whose call reaches the PAM before the placement refuses the bet and is answered only after.
     */
    async function raceRefusal(
      sendMeanwhile: (
        session: Awaited<ReturnType<typeof sessionOf>>,
        body: ReturnType<typeof slip>,
      ) => Promise<unknown>,
    ) {
      const p = await punter(world, 10_000);
      const session = await sessionOf(p);
      const eventId = world.catalogue.addEvent();
      const selectionId = home(eventId);
      const body = slip(world, [selectionId], 1_000);
      const held = { reached: deferred(), release: deferred() };
      let other: Promise<unknown> | undefined;
      afterStore = async () => {
        world.catalogue.setPrice(selectionId, { num: 1, den: 2 });
        gate = held;
        other = sendMeanwhile(session, body);
        // The other sender's debit is at the PAM (the stake taken); its answer is held back.
        await held.reached.promise;
      };
      walletCalls.length = 0;
      const first = await world.bets.placement.place(session, body);
      gate = undefined;
      held.release.resolve();
      const late = await other;
      return { p, body, first, late };
    }

    async function expectRefunded(p: Punter, betId: string) {
      expect(walletCalls).toEqual(['/debits']);
      await world.outbox.drainDue();
      expect(await betOf(betId)).toEqual({ status: 'rejected', reason_code: 'PriceChanged' });
      expect(await callsOf(betId)).toEqual([
        { id: debitCallId(betId), kind: 'debit', state: 'failed' },
        { id: rollbackCallId(betId), kind: 'rollback', state: 'done' },
      ]);
      // The stake was taken once and given back.
      expect(walletCalls).toEqual(['/debits', '/rollback']);
      expect(await pamBet(world, betId)).toMatchObject({ staked: 1_000, refunded: 1_000, status: 'closed' });
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
    }

    it('a retry of the bet id sends the debit while the first placement refuses the moved price: the stake is rolled back', async () => {
      const { p, body, first, late } = await raceRefusal((session, slipBody) =>
        world.bets.placement.place(session, slipBody),
      );
      expect(first).toMatchObject({ statusCode: 422, body: { code: 'PriceChanged' } });
      expect(late as PlacementAnswer).toMatchObject({ statusCode: 422, body: { code: 'PriceChanged' } });
      await expectRefunded(p, body.betId);
    });

    it('the outbox worker sends the debit while the placement refuses the moved price: the stake is rolled back', async () => {
      const { p, body, first } = await raceRefusal(() => {
        // The placement took longer than its hold: the worker takes the debit over.
        world.pam.clock.advance(20_001);
        return world.outbox.drainOnce();
      });
      expect(first).toMatchObject({ statusCode: 422, body: { code: 'PriceChanged' } });
      await expectRefunded(p, body.betId);
    });

    it('a refusal whose debit nobody sent makes no wallet call and queues no rollback', async () => {
      const p = await punter(world, 10_000);
      const session = await sessionOf(p);
      const eventId = world.catalogue.addEvent();
      const selectionId = home(eventId);
      const body = slip(world, [selectionId], 1_000);
      afterStore = async () => world.catalogue.setPrice(selectionId, { num: 1, den: 2 });
      walletCalls.length = 0;
      expect(await world.bets.placement.place(session, body)).toMatchObject({
        statusCode: 422,
        body: { code: 'PriceChanged' },
      });
      await world.outbox.drainDue();
      expect(walletCalls).toEqual([]);
      expect(await betOf(body.betId)).toEqual({ status: 'rejected', reason_code: 'PriceChanged' });
      expect(await callsOf(body.betId)).toEqual([{ id: debitCallId(body.betId), kind: 'debit', state: 'failed' }]);
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
    });

    it('the sportsbook and the PAM reconcile with no difference', async () => {
      await expectReconciled(world, 3);
    });
  });
}
