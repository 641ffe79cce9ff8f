import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A Bet Builder is one bet at one price on several legs of one match: the price is the bet's, not the legs'.
  await sql`ALTER TABLE sportsbook.bets DROP CONSTRAINT bets_kind_check`.execute(db);
  await sql`ALTER TABLE sportsbook.bets ADD CONSTRAINT bets_kind_check CHECK (kind IN ('single', 'accumulator', 'bet-builder'))`.execute(
    db,
  );
  await sql`ALTER TABLE sportsbook.bets ADD COLUMN price_num integer CHECK (price_num > 0)`.execute(db);
  await sql`ALTER TABLE sportsbook.bets ADD COLUMN price_den integer CHECK (price_den > 0)`.execute(db);
  await sql`ALTER TABLE sportsbook.bets ADD CONSTRAINT bets_builder_price CHECK ((kind = 'bet-builder') = (price_num IS NOT NULL AND price_den IS NOT NULL))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sportsbook.bets DROP CONSTRAINT bets_builder_price`.execute(db);
  await sql`ALTER TABLE sportsbook.bets DROP COLUMN price_den`.execute(db);
  await sql`ALTER TABLE sportsbook.bets DROP COLUMN price_num`.execute(db);
  await sql`ALTER TABLE sportsbook.bets DROP CONSTRAINT bets_kind_check`.execute(db);
  await sql`ALTER TABLE sportsbook.bets ADD CONSTRAINT bets_kind_check CHECK (kind IN ('single', 'accumulator'))`.execute(
    db,
  );
}
