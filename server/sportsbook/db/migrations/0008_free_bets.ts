import { sql, type Kysely } from 'kysely';

/** A bet staked with a PAM free-bet token: the stake is not the customer's money, so it is never returned. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sportsbook.bets ADD COLUMN free_bet_id text`.execute(db);
}
