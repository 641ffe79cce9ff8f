import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SCHEMA IF NOT EXISTS sportsbook`.execute(db);
  // Strengths and league averages are the score model's inputs; they are data, so they live in the database.
  await sql`
    CREATE TABLE sportsbook.competitions (
      id text PRIMARY KEY,
      name text NOT NULL,
      country text NOT NULL,
      home_goals double precision NOT NULL CHECK (home_goals > 0),
      away_goals double precision NOT NULL CHECK (away_goals > 0),
      rho double precision NOT NULL,
      sort_order integer NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE sportsbook.teams (
      id text PRIMARY KEY,
      competition_id text NOT NULL REFERENCES sportsbook.competitions (id),
      name text NOT NULL,
      attack double precision NOT NULL CHECK (attack > 0),
      defence double precision NOT NULL CHECK (defence > 0)
    )`.execute(db);
  // One row per match; the feed writes its state before the change is pushed, so a restart resumes from it.
  await sql`
    CREATE TABLE sportsbook.events (
      id text PRIMARY KEY,
      competition_id text NOT NULL REFERENCES sportsbook.competitions (id),
      home_team_id text NOT NULL REFERENCES sportsbook.teams (id),
      away_team_id text NOT NULL REFERENCES sportsbook.teams (id),
      kickoff_at timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('scheduled', 'live', 'ended', 'settled', 'abandoned')),
      phase text NOT NULL CHECK (phase IN ('pre-match', 'first-half', 'half-time', 'second-half', 'full-time')),
      minute double precision NOT NULL CHECK (minute >= 0 AND minute <= 90),
      home_score integer NOT NULL DEFAULT 0 CHECK (home_score >= 0),
      away_score integer NOT NULL DEFAULT 0 CHECK (away_score >= 0),
      half_time_home integer CHECK (half_time_home >= 0),
      half_time_away integer CHECK (half_time_away >= 0),
      seq integer NOT NULL CHECK (seq >= 1),
      suspended_until timestamptz,
      rate_home double precision NOT NULL,
      rate_away double precision NOT NULL,
      rho double precision NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK (home_team_id <> away_team_id)
    )`.execute(db);
  await sql`CREATE INDEX events_open_idx ON sportsbook.events (kickoff_at) WHERE status IN ('scheduled', 'live', 'ended')`.execute(
    db,
  );
  await sql`CREATE INDEX events_kickoff_idx ON sportsbook.events (kickoff_at)`.execute(db);
  // Only what differs from the model: operator suspension, and a market's end (void or settled).
  await sql`
    CREATE TABLE sportsbook.market_states (
      market_id text PRIMARY KEY,
      event_id text NOT NULL REFERENCES sportsbook.events (id),
      operator_suspended boolean NOT NULL DEFAULT false,
      resolution text CHECK (resolution IN ('settled', 'void')),
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX market_states_event_idx ON sportsbook.market_states (event_id)`.execute(db);
  // How each market ended, kept for settlement to read again after a crash.
  await sql`
    CREATE TABLE sportsbook.market_resolutions (
      market_id text PRIMARY KEY,
      event_id text NOT NULL REFERENCES sportsbook.events (id),
      market_key text NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('result', 'void')),
      half_time_home integer,
      half_time_away integer,
      full_time_home integer,
      full_time_away integer,
      resolved_at timestamptz NOT NULL,
      CHECK (outcome = 'void' OR (half_time_home IS NOT NULL AND half_time_away IS NOT NULL AND full_time_home IS NOT NULL AND full_time_away IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX market_resolutions_event_idx ON sportsbook.market_resolutions (event_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sportsbook.market_resolutions`.execute(db);
  await sql`DROP TABLE sportsbook.market_states`.execute(db);
  await sql`DROP TABLE sportsbook.events`.execute(db);
  await sql`DROP TABLE sportsbook.teams`.execute(db);
  await sql`DROP TABLE sportsbook.competitions`.execute(db);
}
