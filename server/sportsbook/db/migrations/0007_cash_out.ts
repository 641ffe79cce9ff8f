import { sql, type Kysely } from 'kysely';

/**
 * Cash out: a bet can end as 'cashed-out'; a partial cash out lowers the bet's stake (what is left rides on) and
 * keeps what it took and paid in cashed_out_stake and cashed_out. Each press is one row of cash_outs, keyed by the
 * request id the browser made, so a retry answers what the first press got. A bet can now have several payout
 * rows for the cap (each partial cash out, then its settlement), told apart by `part`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sportsbook.bets DROP CONSTRAINT bets_status_check`.execute(db);
  await sql`ALTER TABLE sportsbook.bets ADD CONSTRAINT bets_status_check CHECK (status IN ('pending', 'open', 'won', 'lost', 'void', 'rejected', 'cashed-out'))`.execute(
    db,
  );
  await sql`ALTER TABLE sportsbook.bets ADD COLUMN cashed_out_stake bigint NOT NULL DEFAULT 0 CHECK (cashed_out_stake >= 0)`.execute(
    db,
  );
  await sql`ALTER TABLE sportsbook.bets ADD COLUMN cashed_out bigint NOT NULL DEFAULT 0 CHECK (cashed_out >= 0)`.execute(
    db,
  );
  await sql`
    CREATE TABLE sportsbook.cash_outs (
      request_id uuid PRIMARY KEY,
      bet_id uuid NOT NULL REFERENCES sportsbook.bets(id),
      player_id text NOT NULL,
      full_cash_out boolean NOT NULL,
      offer_seen bigint NOT NULL CHECK (offer_seen > 0),
      amount_asked bigint CHECK (amount_asked > 0),
      state text NOT NULL CHECK (state IN ('pending', 'accepted', 'refused')),
      paid bigint CHECK (paid >= 0),
      stake_cashed bigint CHECK (stake_cashed > 0),
      refusal_code text,
      refusal text,
      created_at timestamptz NOT NULL,
      decided_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX cash_outs_bet ON sportsbook.cash_outs (bet_id)`.execute(db);
  await sql`ALTER TABLE sportsbook.payout_nets DROP CONSTRAINT payout_nets_pkey`.execute(db);
  await sql`ALTER TABLE sportsbook.payout_nets ADD COLUMN part text NOT NULL DEFAULT 'settlement'`.execute(db);
  await sql`ALTER TABLE sportsbook.payout_nets ADD PRIMARY KEY (bet_id, part)`.execute(db);
}
