import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/**
 * Deposited, staked and returned between two times, from the ledger: a refunded stake (a void bet) was never really
 * staked. The exchange's holds count as its stakes and its releases as their refunds, so a settled market nets to its
 * settlement (Returns) less what stayed held for it.
 */
export async function ledgerFigures(
  db: Db,
  userId: number,
  from: Date,
  to: Date,
): Promise<{ deposits: number; staked: number; returns: number }> {
  const row = await db
    .selectFrom('transactions')
    .select([
      sql<number>`coalesce(sum(CASE WHEN kind = 'Deposit' THEN amount ELSE 0 END), 0)::bigint`.as('deposits'),
      sql<number>`coalesce(sum(CASE WHEN kind IN ('Stake', 'Exchange hold', 'Exchange release') THEN -amount WHEN kind = 'Refund' AND bet_id IS NOT NULL THEN -amount ELSE 0 END), 0)::bigint`.as(
        'staked',
      ),
      sql<number>`coalesce(sum(CASE WHEN kind = 'Returns' THEN amount ELSE 0 END), 0)::bigint`.as('returns'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .executeTakeFirstOrThrow();
  return { deposits: Number(row.deposits), staked: Number(row.staked), returns: Number(row.returns) };
}
