/**
 * A stake never lands after a block is in force: a debit racing a suspension, time out or self-exclusion is either
 * refused PlayerBlocked or posted before the block committed. The races need a second connection that holds a
 * transaction open, so they run on PostgreSQL only (PGlite is one connection: its transactions never interleave);
 * the block seen after it commits is checked on both databases.
 */
import { afterAll, expect, it } from 'vitest';
import { pgRace, type Block } from './support/pg-race';
import { createUser, describeEachDatabase, type TestContext } from './support/harness';
import { debitBody, newId, openSession, walletBatch, walletCall, type SportsbookSession } from './support/games';
import type { WalletBatchOutcome } from '../../src/contract/games';

type Path = 'single' | 'batch';
/** What the race holds the debit on: the wallet (before its checks decide) or its bet's row (after, at its stake). */
type Hold = 'wallet' | 'bet';

/** Two debits of one customer (on new bets, or on these), as the single call (one after the other) or one batched call: their codes, 'ok' when taken. */
async function debitTwice(
  context: TestContext,
  session: SportsbookSession,
  path: Path,
  betIds: string[] = [newId('bet'), newId('bet')],
): Promise<string[]> {
  const debits = [debitBody(session, 100, { betId: betIds[0] }), debitBody(session, 200, { betId: betIds[1] })];
  if (path === 'batch') {
    const response = await walletBatch(context, 'debits', { debits });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: WalletBatchOutcome[] }).results.map((result) =>
      'answer' in result ? 'ok' : result.error.code!,
    );
  }
  const codes: string[] = [];
  for (const debit of debits) {
    const response = await walletCall(context, 'debit', debit);
    codes.push(response.statusCode === 200 ? 'ok' : (response.json() as { code: string }).code);
  }
  return codes;
}

async function stakesOf(context: TestContext, userId: number) {
  return context.database.db
    .selectFrom('transactions')
    .select(['amount'])
    .where('kind', '=', 'Stake')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

async function balanceOf(context: TestContext, userId: number) {
  return (
    await context.database.db
      .selectFrom('wallets')
      .select('balance')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).balance;
}

async function customer(context: TestContext) {
  const user = await createUser(context, { balance: 10_000 });
  return { user, session: await openSession(context, user) };
}

describeEachDatabase('games: a debit racing a block', (use, kind) => {
  it.each<Path>(['single', 'batch'])(
    'refuses every debit sent once a self-exclusion has committed, and keeps the stakes taken before it (%s)',
    async (path) => {
      const { user, session } = await customer(use());
      expect(await debitTwice(use(), session, path)).toEqual(['ok', 'ok']);
      await use().services.saferGambling.lock(user.id, { days: 180 });
      expect(await debitTwice(use(), session, path)).toEqual(['PlayerBlocked', 'PlayerBlocked']);
      expect(await stakesOf(use(), user.id)).toHaveLength(2);
      expect(await balanceOf(use(), user.id)).toBe(9_700);
    },
  );

  if (kind === 'postgres') {
    const race = pgRace(use);
    const { connect, lockWaiters, until } = race;
    afterAll(() => race.close());

    it.each<Path>(['single', 'batch'])(
      'a debit sent while a self-exclusion is being written waits for it and is refused PlayerBlocked (%s) [postgres only]',
      async (path) => {
        const { user, session } = await customer(use());
        const { client: monitor, pid: monitorPid } = await connect();
        const exclusion = await race.heldSelfExclusion(user.id);
        const debits = debitTwice(use(), session, path);
        // The debit cannot decide before the exclusion commits: it waits on the customer's row.
        await until(
          async () => (await lockWaiters(monitor, [exclusion.pid, monitorPid])) > 0,
          'the debit waiting on the exclusion',
        );
        await exclusion.commit();
        // Every stake would be posted after the exclusion's commit: each must be refused.
        expect(await debits).toEqual(['PlayerBlocked', 'PlayerBlocked']);
        expect(await stakesOf(use(), user.id)).toEqual([]);
        expect(await balanceOf(use(), user.id)).toBe(10_000);
      },
    );

    it.each<[Block, Path, Hold]>([
      ['suspension', 'single', 'wallet'],
      ['suspension', 'batch', 'wallet'],
      ['self-exclusion', 'single', 'wallet'],
      ['self-exclusion', 'batch', 'wallet'],
      ['suspension', 'single', 'bet'],
      ['suspension', 'batch', 'bet'],
      ['self-exclusion', 'single', 'bet'],
      ['self-exclusion', 'batch', 'bet'],
    ])(
      'a %s sent while a debit is stopped short of its stake: no stake lands after it commits (%s, held on the %s) [postgres only]',
      async (block, path, hold) => {
        const { user, session } = await customer(use());
        // Two open bets of the customer's, which the debits stake on again.
        const bets = [newId('bet'), newId('bet')];
        for (const betId of bets)
          expect((await walletCall(use(), 'debit', debitBody(session, 50, { betId }))).statusCode).toBe(200);
        const before = await balanceOf(use(), user.id);
        const { client: monitor, pid: monitorPid } = await connect();
        // Another transaction holds the wallet (another posting: the debit stops before its checks are decided) or the
        // first bet's row (the debit has decided and stops at its stake).
        const holder = await connect();
        await holder.client.query('BEGIN');
        if (hold === 'wallet')
          await holder.client.query('SELECT balance FROM wallets WHERE user_id = $1 FOR UPDATE', [user.id]);
        else await holder.client.query('SELECT status FROM bets WHERE bet_id = $1 FOR UPDATE', [bets[0]]);
        const debits = debitTwice(use(), session, path, bets);
        const others = [holder.pid, monitorPid];
        await until(async () => (await lockWaiters(monitor, others)) > 0, 'the debit waiting');

        const blocking = race.startBlock(block, user.id);
        // The block either commits now, or waits for the debit to commit (a second backend waiting on a lock).
        await until(
          async () => blocking.committed() || (await lockWaiters(monitor, others)) > 1,
          'the block committing or waiting for the debit',
        );
        const blockFirst = blocking.committed();
        await holder.client.query('COMMIT');
        const codes = await debits;
        await blocking.done;

        const stakes = (await stakesOf(use(), user.id)).slice(bets.length);
        if (blockFirst) {
          // The block committed while no stake could have been posted yet: every debit is refused.
          expect(codes).toEqual(['PlayerBlocked', 'PlayerBlocked']);
          expect(stakes).toEqual([]);
        } else {
          // The block waited for the debit: a stake taken was posted, and committed, before the block.
          for (const code of codes) expect(['ok', 'PlayerBlocked']).toContain(code);
          expect(stakes).toHaveLength(codes.filter((code) => code === 'ok').length);
        }
        // Stopped before its checks, the debit reads the block; past them, it holds the customer's row and the block waits.
        expect(blockFirst).toBe(hold === 'wallet');
        expect(await balanceOf(use(), user.id)).toBe(before + stakes.reduce((sum, stake) => sum + stake.amount, 0));
        // Once the block is in force, nothing more is taken.
        expect(await debitTwice(use(), session, path)).toEqual(['PlayerBlocked', 'PlayerBlocked']);
      },
    );
  }
});
