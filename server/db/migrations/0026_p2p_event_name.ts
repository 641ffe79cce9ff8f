import { sql, type Kysely } from 'kysely';

/**
 * The match a P2P position is on, as the exchange names it in its holds, so the customer's history can show it
 * without the PAM reading the exchange's tables. Positions opened before have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE p2p_positions ADD COLUMN event_name text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE p2p_positions DROP COLUMN event_name`.execute(db);
}
