import { sql, type Kysely } from 'kysely';

/**
 * A season per league (its double round-robin fixtures, the outright's prices and how it ended), and a leg's share
 * in a dead heat: a winning outright leg tied with n clubs is paid at full odds on 1/n of its stake.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sportsbook.seasons (
      id text PRIMARY KEY,
      competition_id text NOT NULL REFERENCES sportsbook.competitions (id),
      number integer NOT NULL CHECK (number >= 1),
      status text NOT NULL CHECK (status IN ('running', 'settled', 'void')),
      fixtures jsonb NOT NULL,
      prices jsonb,
      winners jsonb,
      seq integer NOT NULL CHECK (seq >= 1),
      started_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      settled_at timestamptz,
      UNIQUE (competition_id, number)
    )`.execute(db);
  await sql`CREATE INDEX seasons_updated_at ON sportsbook.seasons (updated_at)`.execute(db);
  await sql`ALTER TABLE sportsbook.bet_legs DROP CONSTRAINT bet_legs_result_check`.execute(db);
  await sql`ALTER TABLE sportsbook.bet_legs ADD CONSTRAINT bet_legs_result_check CHECK (result IN ('open', 'won', 'lost', 'void', 'half-won', 'half-lost', 'dead-heat'))`.execute(
    db,
  );
  await sql`ALTER TABLE sportsbook.bet_legs ADD COLUMN dead_heat_ways integer CHECK (dead_heat_ways >= 2)`.execute(db);
}
