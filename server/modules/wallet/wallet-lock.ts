import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { executeNamed } from '../../platform/db/named-query';

/**
 * The wallet row lock, held until commit: every posting and every limit check on a wallet happens under it, so a
 * customer's money requests queue. Wallets are always locked in user order, so two requests never deadlock on them.
 */

/** Locks one wallet and answers its balance (undefined when the customer has no wallet). */
export async function lockWallet(trx: Transaction<Database>, userId: number): Promise<number | undefined> {
  const wallet = await trx
    .selectFrom('wallets')
    .select('balance')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return wallet?.balance;
}

/** Locks many wallets in user order and answers the balances of those that exist, by user. */
export async function lockWallets(
  trx: Transaction<Database>,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  const wallets = await executeNamed(
    trx,
    sql<{ user_id: number; balance: number }>`
      SELECT user_id, balance FROM wallets WHERE user_id = ANY(${userIds}::int[]) ORDER BY user_id FOR UPDATE`,
  );
  return new Map(wallets.rows.map((row) => [row.user_id, row.balance]));
}

/** The same locks inside one statement (a CTE's body, MATERIALIZED so it runs first): `userIds` is a query of user ids. */
export function walletLocksFor(userIds: RawBuilder<unknown>): RawBuilder<{ user_id: number }> {
  return sql`SELECT user_id FROM wallets WHERE user_id IN (${userIds}) ORDER BY user_id FOR UPDATE`;
}
