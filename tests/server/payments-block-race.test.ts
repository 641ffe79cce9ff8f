/**
 * A deposit is never opened after a block is in force: a card-page form or a saved-card deposit racing a suspension
 * or self-exclusion is either refused (403 AccountClosed, no payment row) or its payment was opened, and committed,
 * before the block did. The races need a second connection that holds a transaction open, so they run on PostgreSQL
 * only (PGlite is one connection: its transactions never interleave); the block seen after it commits is checked on
 * both databases. Crediting is not what is raced here: settlement's own rules are unchanged.
 */
import { afterAll, expect, it } from 'vitest';
import { pgRace, type Block } from './support/pg-race';
import { describeEachDatabase, type TestContext } from './support/harness';
import { balanceOf, customerWithSavedCard, key } from './support/money';
import { AppError } from '../../server/platform/errors';

type Path = 'form' | 'saved card';

/** Opens a deposit of `amount` by the path: 'ok' when opened, else the refusal's code. */
async function deposit(context: TestContext, userId: number, path: Path, amount = 2000): Promise<string> {
  const { payments } = context.services;
  try {
    if (path === 'form') await payments.depositForm(userId, { amount, storeCard: false }, undefined);
    else await payments.depositWithSavedCard(userId, amount, key());
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code ?? String(error.statusCode);
    throw error;
  }
}

async function depositsOf(context: TestContext, userId: number) {
  return context.database.db
    .selectFrom('payments')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'Deposit')
    .orderBy('seq')
    .execute();
}

/** A customer with £50 and a saved card they deposited from (one Completed deposit row already). */
async function customer(context: TestContext) {
  const { user } = await customerWithSavedCard(context, 5000);
  return { user, before: (await depositsOf(context, user.id)).length };
}

describeEachDatabase('payments: a deposit racing a block', (use, kind) => {
  it.each<Path>(['form', 'saved card'])(
    'refuses a deposit opened once a self-exclusion has committed (%s)',
    async (path) => {
      const { user, before } = await customer(use());
      expect(await deposit(use(), user.id, path)).toBe('ok');
      await use().services.saferGambling.lock(user.id, { days: 180 });
      expect(await deposit(use(), user.id, path)).toBe('AccountClosed');
      expect(await depositsOf(use(), user.id)).toHaveLength(before + 1);
    },
  );

  if (kind === 'postgres') {
    const race = pgRace(use);
    const { connect, lockWaiters, until } = race;
    afterAll(() => race.close());

    it.each<Path>(['form', 'saved card'])(
      'a deposit sent while a self-exclusion is being written waits for it and is refused (%s) [postgres only]',
      async (path) => {
        const { user, before } = await customer(use());
        const { client: monitor, pid: monitorPid } = await connect();
        const exclusion = await race.heldSelfExclusion(user.id);
        const opening = deposit(use(), user.id, path);
        // The deposit cannot decide before the exclusion commits: it waits on the customer's row.
        await until(
          async () => (await lockWaiters(monitor, [exclusion.pid, monitorPid])) > 0,
          'the deposit waiting on the exclusion',
        );
        await exclusion.commit();
        // Its payment would be opened after the exclusion's commit: it must be refused.
        expect(await opening).toBe('AccountClosed');
        expect(await depositsOf(use(), user.id)).toHaveLength(before);
        expect(await balanceOf(use(), user.id)).toBe(5000);
      },
    );

    /**
     * What the race holds the deposit on: the payments table (SHARE mode: the deposit has passed its checks and stops
     * at its payment's insert) or the wallet (a saved-card deposit stops before its standing is asked under it).
     */
    type Hold = 'payment insert' | 'wallet';
    it.each<[Block, Path, Hold]>([
      ['suspension', 'form', 'payment insert'],
      ['self-exclusion', 'form', 'payment insert'],
      ['suspension', 'saved card', 'payment insert'],
      ['self-exclusion', 'saved card', 'payment insert'],
      ['suspension', 'saved card', 'wallet'],
      ['self-exclusion', 'saved card', 'wallet'],
    ])(
      'a %s sent while a deposit is stopped short of opening: no payment opens after it commits (%s, held at the %s) [postgres only]',
      async (block, path, hold) => {
        const { user, before } = await customer(use());
        const { client: monitor, pid: monitorPid } = await connect();
        const holder = await connect();
        await holder.client.query('BEGIN');
        if (hold === 'wallet')
          await holder.client.query('SELECT balance FROM wallets WHERE user_id = $1 FOR UPDATE', [user.id]);
        else await holder.client.query('LOCK TABLE payments IN SHARE MODE');
        const opening = deposit(use(), user.id, path);
        const others = [holder.pid, monitorPid];
        await until(async () => (await lockWaiters(monitor, others)) > 0, 'the deposit waiting');

        const blocking = race.startBlock(block, user.id);
        // The block either commits now, or waits for the deposit to commit (a second backend waiting on a lock).
        await until(
          async () => blocking.committed() || (await lockWaiters(monitor, others)) > 1,
          'the block committing or waiting for the deposit',
        );
        const blockFirst = blocking.committed();
        // The payments the block's commit left in place, when it committed first.
        const atBlock = blockFirst ? (await depositsOf(use(), user.id)).length : undefined;
        await holder.client.query('COMMIT');
        const outcome = await opening;
        await blocking.done;

        const opened = (await depositsOf(use(), user.id)).length - before;
        if (blockFirst) {
          // The block committed before any payment was opened: the deposit is refused, and nothing opens after it.
          expect(atBlock).toBe(before);
          expect(outcome).toBe('AccountClosed');
          expect(opened).toBe(0);
        } else {
          // The block waited for the deposit: its payment was opened, and committed, before the block.
          expect(outcome).toBe('ok');
          expect(opened).toBe(1);
        }
        // Past its check, the deposit holds the customer's row (FOR SHARE) and the block waits for it. Stopped at the
        // wallet, before its check, it holds no lock a suspension's UPDATE waits for, so the suspension commits first and
        // the deposit reads it; the self-exclusion's SELECT ... FOR UPDATE may instead wait for the deposit's idempotency
        // key row (its foreign key holds FOR KEY SHARE on the users row), and then the deposit opens before it: both are
        // allowed above.
        if (hold === 'payment insert') expect(blockFirst).toBe(false);
        else if (block === 'suspension') expect(blockFirst).toBe(true);
        // Once the block is in force, nothing more opens.
        expect(await deposit(use(), user.id, path)).toBe('AccountClosed');
        expect((await depositsOf(use(), user.id)).length - before).toBe(opened);
      },
    );
  }
});
