import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Whether a customer has a bet still waiting for its result; account deletion asks this. */
export interface OpenBetsCheck {
  hasOpenBets(userId: number, db?: Kysely<Database>): Promise<boolean>;
}

/**
 * Until bets have their own table, the ledger is the record: a Stake posting whose bet has no Returns or
 * Refund posting yet is open. A settled losing bet must therefore leave a trace (a bets table with a status,
 * or a settlement row) once the sportsbook lands, and this check should then read that instead.
 */
export class LedgerOpenBetsCheck implements OpenBetsCheck {
  constructor(private readonly db: Kysely<Database>) {}

  async hasOpenBets(userId: number, db: Kysely<Database> = this.db): Promise<boolean> {
    const open = await db
      .selectFrom('transactions as stake')
      .select('stake.id')
      .where('stake.user_id', '=', userId)
      .where('stake.kind', '=', 'Stake')
      .where('stake.bet_id', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('transactions as settled')
              .select('settled.id')
              .whereRef('settled.user_id', '=', 'stake.user_id')
              .whereRef('settled.bet_id', '=', 'stake.bet_id')
              .where('settled.kind', 'in', ['Returns', 'Refund']),
          ),
        ),
      )
      .limit(1)
      .executeTakeFirst();
    return open !== undefined;
  }
}
