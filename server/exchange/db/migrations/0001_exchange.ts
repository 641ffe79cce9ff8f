import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SCHEMA IF NOT EXISTS exchange`.execute(db);
  // A frame's session: the token is random and kept only hashed; it stands for one PAM session of one player.
  await sql`
    CREATE TABLE exchange.sessions (
      id uuid PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      player_id integer NOT NULL,
      pam_session_id text NOT NULL,
      currency text NOT NULL,
      created_at timestamptz NOT NULL,
      ended_at timestamptz
    )`.execute(db);
  // The matches as the sportsbook's feed last said, so a restart knows which goals and results it has acted on.
  await sql`
    CREATE TABLE exchange.events (
      id text PRIMARY KEY,
      home text NOT NULL,
      away text NOT NULL,
      starts_at timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('scheduled', 'live', 'finished', 'abandoned')),
      home_score integer NOT NULL,
      away_score integer NOT NULL,
      goals integer NOT NULL,
      suspended_until timestamptz
    )`.execute(db);
  await sql`
    CREATE TABLE exchange.markets (
      id text PRIMARY KEY,
      event_id text NOT NULL REFERENCES exchange.events(id),
      status text NOT NULL CHECK (status IN ('open', 'suspended', 'closed', 'settled')),
      in_play boolean NOT NULL DEFAULT false,
      winner text
    )`.execute(db);
  await sql`CREATE INDEX markets_event ON exchange.markets (event_id)`.execute(db);
  // Sizes in pence: matched + remaining + cancelled + lapsed = size. 'pending' waits for its hold; 'refused' never rested.
  await sql`
    CREATE TABLE exchange.orders (
      id uuid PRIMARY KEY,
      player_id integer NOT NULL,
      market_id text NOT NULL REFERENCES exchange.markets(id),
      selection_id text NOT NULL,
      runner integer NOT NULL,
      side text NOT NULL CHECK (side IN ('back', 'lay')),
      price integer NOT NULL,
      size bigint NOT NULL CHECK (size > 0),
      size_matched bigint NOT NULL DEFAULT 0,
      size_cancelled bigint NOT NULL DEFAULT 0,
      size_lapsed bigint NOT NULL DEFAULT 0,
      persistence text NOT NULL CHECK (persistence IN ('lapse', 'keep')),
      status text NOT NULL CHECK (status IN ('pending', 'refused', 'executable', 'execution_complete')),
      refusal text,
      request_hash text NOT NULL,
      placed_at timestamptz NOT NULL,
      seq bigserial NOT NULL,
      result text CHECK (result IN ('won', 'lost', 'void')),
      profit bigint,
      CHECK (size_matched + size_cancelled + size_lapsed <= size)
    )`.execute(db);
  await sql`CREATE INDEX orders_player ON exchange.orders (player_id, seq DESC)`.execute(db);
  await sql`CREATE INDEX orders_market_open ON exchange.orders (market_id) WHERE status IN ('pending', 'executable')`.execute(
    db,
  );
  // One match: the backer's stake and what the layer pays if the runner wins, at the resting order's price.
  await sql`
    CREATE TABLE exchange.fills (
      id bigserial PRIMARY KEY,
      market_id text NOT NULL REFERENCES exchange.markets(id),
      runner integer NOT NULL,
      price integer NOT NULL,
      stake bigint NOT NULL CHECK (stake > 0),
      winnings bigint NOT NULL CHECK (winnings >= 0),
      back_order_id uuid NOT NULL REFERENCES exchange.orders(id),
      back_player_id integer NOT NULL,
      lay_order_id uuid NOT NULL REFERENCES exchange.orders(id),
      lay_player_id integer NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX fills_market ON exchange.fills (market_id)`.execute(db);
  // What the wallet holds (or has been asked to hold) for each customer and market.
  await sql`
    CREATE TABLE exchange.holds (
      player_id integer NOT NULL,
      market_id text NOT NULL REFERENCES exchange.markets(id),
      held bigint NOT NULL CHECK (held >= 0),
      settled boolean NOT NULL DEFAULT false,
      PRIMARY KEY (player_id, market_id)
    )`.execute(db);
  // The outbox of money calls to the PAM: written before sending, sent again with the same id and body until answered.
  await sql`
    CREATE TABLE exchange.wallet_calls (
      transaction_id uuid PRIMARY KEY,
      call text NOT NULL CHECK (call IN ('hold', 'release', 'settle')),
      player_id integer NOT NULL,
      market_id text NOT NULL,
      order_id uuid,
      body jsonb NOT NULL,
      outcome text CHECK (outcome IN ('ok', 'refused')),
      refusal text,
      created_at timestamptz NOT NULL,
      answered_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX wallet_calls_unanswered ON exchange.wallet_calls (created_at) WHERE answered_at IS NULL`.execute(
    db,
  );
  // How far the exchange has read a PAM list that it follows (the blocks), so a restart goes on from there.
  await sql`
    CREATE TABLE exchange.cursors (
      name text PRIMARY KEY,
      value text NOT NULL
    )`.execute(db);
}
