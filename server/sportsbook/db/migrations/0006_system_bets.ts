import { sql, type Kysely } from 'kysely';

/**
 * System bets: kind 'system' with its type (trixie ... goliath), its stake per line and its number of lines; the
 * bet's stake stays what the wallet was debited (per line x lines). The list of kinds is no longer a constraint
 * (the contract's schema checks it, and several kinds arrive in parallel branches); the shape of a system bet is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sportsbook.bets DROP CONSTRAINT IF EXISTS bets_kind_check`.execute(db);
  await sql`ALTER TABLE sportsbook.bets ADD COLUMN system_type text`.execute(db);
  await sql`ALTER TABLE sportsbook.bets ADD COLUMN stake_per_line bigint CHECK (stake_per_line > 0)`.execute(db);
  await sql`ALTER TABLE sportsbook.bets ADD COLUMN lines integer CHECK (lines > 0)`.execute(db);
  await sql`
    ALTER TABLE sportsbook.bets ADD CONSTRAINT bets_system_shape
      CHECK ((kind = 'system') = (system_type IS NOT NULL AND stake_per_line IS NOT NULL AND lines IS NOT NULL))`.execute(
    db,
  );
}
