import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SCHEMA IF NOT EXISTS sportsbook`.execute(db);
  // A frame's session: the token is random and kept only hashed; it stands for one PAM session of one player.
  await sql`
    CREATE TABLE sportsbook.sessions (
      id text PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      player_id text NOT NULL,
      pam_session_id text NOT NULL,
      currency text NOT NULL,
      created_at timestamptz NOT NULL,
      ended_at timestamptz
    )`.execute(db);
  // request_hash: what the first placement under this id asked for, so a retry is recognised and a reuse refused.
  await sql`
    CREATE TABLE sportsbook.bets (
      id uuid PRIMARY KEY,
      player_id text NOT NULL,
      session_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('single', 'accumulator')),
      stake bigint NOT NULL CHECK (stake > 0),
      status text NOT NULL CHECK (status IN ('pending', 'open', 'won', 'lost', 'void', 'rejected')),
      potential_returns bigint NOT NULL CHECK (potential_returns >= 0),
      returns bigint CHECK (returns >= 0),
      capped_by bigint NOT NULL DEFAULT 0 CHECK (capped_by >= 0),
      reason text,
      reason_code text,
      request_hash text NOT NULL,
      debit_call_id text NOT NULL,
      placed_at timestamptz NOT NULL,
      settled_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX bets_player_placed ON sportsbook.bets (player_id, placed_at DESC)`.execute(db);
  await sql`
    CREATE TABLE sportsbook.bet_legs (
      bet_id uuid NOT NULL REFERENCES sportsbook.bets(id),
      position integer NOT NULL,
      selection_id text NOT NULL,
      market_id text NOT NULL,
      event_id text NOT NULL,
      event_name text NOT NULL,
      kickoff_at timestamptz NOT NULL,
      market_name text NOT NULL,
      selection_name text NOT NULL,
      spec jsonb NOT NULL,
      selection_key text NOT NULL,
      price_num integer NOT NULL CHECK (price_num > 0),
      price_den integer NOT NULL CHECK (price_den > 0),
      result text NOT NULL DEFAULT 'open' CHECK (result IN ('open', 'won', 'lost', 'void')),
      score_home integer,
      score_away integer,
      PRIMARY KEY (bet_id, position)
    )`.execute(db);
  await sql`CREATE INDEX bet_legs_open_market ON sportsbook.bet_legs (market_id) WHERE result = 'open'`.execute(db);
  await sql`CREATE INDEX bet_legs_event ON sportsbook.bet_legs (event_id)`.execute(db);
  // The outbox of money calls to the PAM: written before sending, retried with the same id and body until answered.
  await sql`
    CREATE TABLE sportsbook.wallet_calls (
      id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('debit', 'credit', 'rollback')),
      bet_id uuid NOT NULL,
      body jsonb NOT NULL,
      state text NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
      answer jsonb,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX wallet_calls_due ON sportsbook.wallet_calls (next_attempt_at) WHERE state = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX wallet_calls_bet ON sportsbook.wallet_calls (bet_id)`.execute(db);
  // The payout cap's memory: one row per player to lock, and the stake and returns of each bet settled.
  await sql`CREATE TABLE sportsbook.payout_players (player_id text PRIMARY KEY)`.execute(db);
  await sql`
    CREATE TABLE sportsbook.payout_nets (
      bet_id uuid PRIMARY KEY REFERENCES sportsbook.bets(id),
      player_id text NOT NULL,
      stake bigint NOT NULL,
      returns bigint NOT NULL,
      settled_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX payout_nets_player ON sportsbook.payout_nets (player_id, settled_at)`.execute(db);
}
