import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The sportsbook's reconciliation asks for the bets touched since a time, and for their postings.
  await sql`CREATE INDEX bets_updated ON bets (updated_at)`.execute(db);
  await sql`CREATE INDEX transactions_bet ON transactions (bet_id) WHERE bet_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX transactions_bet`.execute(db);
  await sql`DROP INDEX bets_updated`.execute(db);
}
