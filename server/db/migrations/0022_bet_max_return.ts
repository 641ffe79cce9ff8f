import { sql, type Kysely } from 'kysely';

/**
 * The most a bet can return, as its debits told the PAM (the sportsbook's potential returns after its payout cap),
 * so the PAM refuses a credit beyond it instead of believing any signed amount. Bets staked before this have none
 * (null: no bound). The check is the database's own guard behind the wallet's refusal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bets ADD COLUMN max_return bigint CHECK (max_return >= 0)`.execute(db);
  await sql`ALTER TABLE bets ADD CONSTRAINT bets_returned_within_max CHECK (returned <= max_return)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bets DROP CONSTRAINT bets_returned_within_max`.execute(db);
  await sql`ALTER TABLE bets DROP COLUMN max_return`.execute(db);
}
