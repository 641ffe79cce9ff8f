import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Whether a customer has a bet still waiting for its result; account deletion asks this. */
export interface OpenBetsCheck {
  hasOpenBets(userId: number, db?: Kysely<Database>): Promise<boolean>;
}

/** Reads the bets record, which the wallet API writes in the same transaction as each posting: a fact, not a guess. */
export class BetsRecordOpenBetsCheck implements OpenBetsCheck {
  constructor(private readonly db: Kysely<Database>) {}

  async hasOpenBets(userId: number, db: Kysely<Database> = this.db): Promise<boolean> {
    const open = await db
      .selectFrom('bets')
      .select('bet_id')
      .where('user_id', '=', userId)
      .where('status', '=', 'open')
      .limit(1)
      .executeTakeFirst();
    return open !== undefined;
  }
}
