import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Asian handicap quarter lines settle a leg half won or half lost.
  await sql`ALTER TABLE sportsbook.bet_legs DROP CONSTRAINT bet_legs_result_check`.execute(db);
  await sql`ALTER TABLE sportsbook.bet_legs ADD CONSTRAINT bet_legs_result_check CHECK (result IN ('open', 'won', 'lost', 'void', 'half-won', 'half-lost'))`.execute(
    db,
  );
  // The goals of a match in the order scored, [{"side":"home","minute":12}, ...]: first-goal markets settle on them.
  await sql`ALTER TABLE sportsbook.events ADD COLUMN goals jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);
  // The goals a market was resolved with; null when the result came without goal times (those markets are void).
  await sql`ALTER TABLE sportsbook.market_resolutions ADD COLUMN goals jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sportsbook.market_resolutions DROP COLUMN goals`.execute(db);
  await sql`ALTER TABLE sportsbook.events DROP COLUMN goals`.execute(db);
  await sql`ALTER TABLE sportsbook.bet_legs DROP CONSTRAINT bet_legs_result_check`.execute(db);
  await sql`ALTER TABLE sportsbook.bet_legs ADD CONSTRAINT bet_legs_result_check CHECK (result IN ('open', 'won', 'lost', 'void'))`.execute(
    db,
  );
}
