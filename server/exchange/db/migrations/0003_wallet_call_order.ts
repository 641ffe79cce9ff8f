import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The order money calls were made in, which the outbox keeps when sending them: a settlement must reach the PAM
  // after the releases before it, and timestamps can tie.
  await sql`ALTER TABLE exchange.wallet_calls ADD COLUMN seq bigserial`.execute(db);
  await sql`DROP INDEX exchange.wallet_calls_unanswered`.execute(db);
  await sql`CREATE INDEX wallet_calls_unanswered ON exchange.wallet_calls (seq) WHERE answered_at IS NULL`.execute(db);
}
