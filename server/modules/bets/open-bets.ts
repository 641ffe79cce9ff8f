import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Whether a customer has a bet still waiting for its result (or money held on the exchange); account deletion asks this. */
export interface OpenBetsCheck {
  hasOpenBets(userId: number, db?: Kysely<Database>): Promise<boolean>;
}

/**
 * Reads the bets record and the exchange's positions, which the wallet doors write in the same transaction as each
 * posting: a fact, not a guess. An exchange position counts while anything is held on it.
 */
export class BetsRecordOpenBetsCheck implements OpenBetsCheck {
  constructor(private readonly db: Kysely<Database>) {}

  async hasOpenBets(userId: number, db: Kysely<Database> = this.db): Promise<boolean> {
    const open = await db
      .selectFrom('bets')
      .select('bet_id as id')
      .where('user_id', '=', userId)
      .where('status', '=', 'open')
      .unionAll(
        db
          .selectFrom('p2p_positions')
          .select('market_id as id')
          .where('user_id', '=', userId)
          .where('status', '=', 'open')
          .where('held', '>', 0),
      )
      .limit(1)
      .executeTakeFirst();
    return open !== undefined;
  }
}
