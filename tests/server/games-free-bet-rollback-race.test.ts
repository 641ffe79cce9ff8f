/**
 * A free bet's rollback racing the credit that settles the bet: the customer ends with the winnings or the token back,
 * never both. The race needs the bet's row held by another transaction (PostgreSQL only; PGlite's transactions never
 * interleave); the plain order, credit then rollback, is checked on both databases.
 */
import { afterAll, expect, it } from 'vitest';
import { pgRace } from './support/pg-race';
import { createUser, describeEachDatabase, type TestContext } from './support/harness';
import { creditBody, debitBody, openSession, rollbackBody, walletCall } from './support/games';

async function freeBetOnABet(context: TestContext) {
  const user = await createUser(context, { balance: 1_000 });
  const session = await openSession(context, user);
  const token = await context.services.freeBets.grant(user.id, 500, { source: 'test' });
  const debit = debitBody(session, 500, { freeBetId: token.freeBetId });
  expect((await walletCall(context, 'debit', debit)).statusCode).toBe(200);
  const tokenStatus = async () =>
    (
      await context.database.db
        .selectFrom('free_bets')
        .select('status')
        .where('id', '=', token.freeBetId)
        .executeTakeFirstOrThrow()
    ).status;
  return { user, debit, tokenStatus };
}

describeEachDatabase('games: a free bet rolled back after its credit', (use, kind) => {
  it('a rollback after the closing credit is refused BetClosed and the token stays used', async () => {
    const { user, debit, tokenStatus } = await freeBetOnABet(use());
    expect((await walletCall(use(), 'credit', creditBody(user.id, debit.betId, 1_500))).statusCode).toBe(200);
    const rollback = await walletCall(use(), 'rollback', rollbackBody(user.id, debit.betId, debit.transactionId));
    expect(rollback.json()).toMatchObject({ code: 'BetClosed' });
    expect(await tokenStatus()).toBe('used');
  });

  if (kind === 'postgres') {
    const race = pgRace(use);
    afterAll(() => race.close());

    it('a rollback that read the bet open while the credit was closing it is refused BetClosed: winnings paid, token not back [postgres only]', async () => {
      const { user, debit, tokenStatus } = await freeBetOnABet(use());
      const { client: monitor, pid: monitorPid } = await race.connect();
      // The credit's closing of the bet, held open: the rollback reads the bet as open and then meets its row.
      const credit = await race.connect();
      await credit.client.query('BEGIN');
      await credit.client.query(
        `UPDATE bets SET returned = returned + 1500, status = 'closed', closed_at = now(), updated_at = now() WHERE bet_id = $1 AND status = 'open'`,
        [debit.betId],
      );
      const rollback = walletCall(use(), 'rollback', rollbackBody(user.id, debit.betId, debit.transactionId));
      await race.until(
        async () => (await race.lockWaiters(monitor, [credit.pid, monitorPid])) > 0,
        'the rollback waiting on the bet',
      );
      await credit.client.query('COMMIT');
      expect((await rollback).json()).toMatchObject({ code: 'BetClosed' });
      expect(await tokenStatus()).toBe('used');
    });
  }
});
