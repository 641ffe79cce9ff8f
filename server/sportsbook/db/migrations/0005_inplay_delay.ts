import { sql, type Kysely } from 'kysely';

/**
 * The in-play delay: a bet on a match in play is stored with the end of its hold (held_until) and its debit is not
 * sent until then; price_changes is the customer's setting the hold's end is judged by ('never', 'higher', 'any').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sportsbook.bets ADD COLUMN held_until timestamptz`.execute(db);
  await sql`ALTER TABLE sportsbook.bets ADD COLUMN price_changes text NOT NULL DEFAULT 'never' CHECK (price_changes IN ('never', 'higher', 'any'))`.execute(
    db,
  );
  await sql`CREATE INDEX bets_held ON sportsbook.bets (held_until) WHERE held_until IS NOT NULL`.execute(db);
}
