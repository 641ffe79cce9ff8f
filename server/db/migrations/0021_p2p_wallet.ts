import { sql, type Kysely } from 'kysely';

const KINDS_BEFORE = `'Deposit', 'Withdrawal', 'Stake', 'Returns', 'Refund', 'Adjustment'`;
const KINDS_AFTER = `${KINDS_BEFORE}, 'Exchange hold', 'Exchange release'`;

/**
 * The exchange's wallet door (DESIGN.md, "The exchange"): its launch tokens and sessions apart from the sportsbook's,
 * its calls' idempotency, the PAM's record of each customer's position on each market and of each market's totals
 * (so the exchange can never pay out more than its customers put in), and a log of blocks as they begin, which the
 * exchange polls to cancel a blocked customer's unmatched orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A token minted for one game is no key to another.
  await sql`ALTER TABLE launch_tokens ADD COLUMN game text NOT NULL DEFAULT 'iqs' CHECK (game IN ('iqs', 'p2p'))`.execute(
    db,
  );
  await sql`ALTER TABLE game_sessions ADD COLUMN game text NOT NULL DEFAULT 'iqs' CHECK (game IN ('iqs', 'p2p'))`.execute(
    db,
  );
  await sql`ALTER TABLE transactions DROP CONSTRAINT transactions_kind_check`.execute(db);
  await sql
    .raw(`ALTER TABLE transactions ADD CONSTRAINT transactions_kind_check CHECK (kind IN (${KINDS_AFTER}))`)
    .execute(db);

  // One row per exchange money call: a retry with the same body replays the answer, another body is refused.
  await sql`
    CREATE TABLE p2p_wallet_calls (
      transaction_id uuid PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('hold', 'release', 'settle')),
      fingerprint text NOT NULL,
      answer jsonb,
      user_id integer NOT NULL,
      market_id text NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0),
      ledger_transaction_id bigint,
      created_at timestamptz NOT NULL
    )`.execute(db);

  // held is what the wallet holds now (holds less releases; 0 once settled); paid is the settlement's payment.
  await sql`
    CREATE TABLE p2p_positions (
      user_id integer NOT NULL REFERENCES users(id),
      market_id text NOT NULL,
      held bigint NOT NULL CHECK (held >= 0),
      held_total bigint NOT NULL CHECK (held_total >= 0),
      released bigint NOT NULL DEFAULT 0 CHECK (released >= 0),
      paid bigint NOT NULL DEFAULT 0 CHECK (paid >= 0),
      status text NOT NULL CHECK (status IN ('open', 'settled')),
      opened_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      settled_at timestamptz,
      PRIMARY KEY (user_id, market_id),
      CHECK ((status = 'settled') = (settled_at IS NOT NULL)),
      CHECK (status = 'settled' OR held = held_total - released),
      CHECK (status = 'open' OR held = 0)
    )`.execute(db);
  await sql`CREATE INDEX p2p_positions_market ON p2p_positions (market_id)`.execute(db);
  await sql`CREATE INDEX p2p_positions_user_open ON p2p_positions (user_id) WHERE status = 'open' AND held > 0`.execute(
    db,
  );

  // All customers' holds on a market, and everything paid back out of it (releases and settlements).
  await sql`
    CREATE TABLE p2p_markets (
      market_id text PRIMARY KEY,
      held bigint NOT NULL CHECK (held >= 0),
      paid bigint NOT NULL DEFAULT 0 CHECK (paid >= 0),
      updated_at timestamptz NOT NULL,
      CHECK (paid <= held)
    )`.execute(db);

  // Written by the users row's own trigger, so every path that blocks a customer (suspension, time out,
  // self-exclusion, GAMSTOP, verification, lock-out, deletion) is logged without each having to remember to.
  // txid orders the log by commit safely: a poller reads only what every transaction older than its snapshot wrote.
  await sql`
    CREATE TABLE player_blocks (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      reason text NOT NULL,
      began_at timestamptz NOT NULL DEFAULT now(),
      txid xid8 NOT NULL DEFAULT pg_current_xact_id()
    )`.execute(db);
  await sql`CREATE INDEX player_blocks_txid ON player_blocks (txid)`.execute(db);
  await sql`
    CREATE FUNCTION log_player_block() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status IN ('suspended', 'deleted') AND NEW.status IS DISTINCT FROM OLD.status THEN
        INSERT INTO player_blocks (user_id, reason) VALUES (NEW.id, NEW.status);
      END IF;
      IF NEW.exclusion_kind IS NOT NULL AND (NEW.exclusion_kind, NEW.exclusion_until, NEW.exclusion_permanent)
          IS DISTINCT FROM (OLD.exclusion_kind, OLD.exclusion_until, OLD.exclusion_permanent) THEN
        INSERT INTO player_blocks (user_id, reason) VALUES (NEW.id, NEW.exclusion_kind);
      END IF;
      IF NEW.locked_out AND NOT OLD.locked_out THEN
        INSERT INTO player_blocks (user_id, reason) VALUES (NEW.id, 'locked-out');
      END IF;
      IF OLD.verification_status = 'passed' AND NEW.verification_status <> 'passed' THEN
        INSERT INTO player_blocks (user_id, reason) VALUES (NEW.id, 'unverified');
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_log_player_block AFTER UPDATE ON users
    FOR EACH ROW EXECUTE FUNCTION log_player_block()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER users_log_player_block ON users`.execute(db);
  await sql`DROP FUNCTION log_player_block()`.execute(db);
  await sql`DROP TABLE player_blocks`.execute(db);
  await sql`DROP TABLE p2p_markets`.execute(db);
  await sql`DROP TABLE p2p_positions`.execute(db);
  await sql`DROP TABLE p2p_wallet_calls`.execute(db);
  await sql`ALTER TABLE transactions DROP CONSTRAINT transactions_kind_check`.execute(db);
  await sql
    .raw(`ALTER TABLE transactions ADD CONSTRAINT transactions_kind_check CHECK (kind IN (${KINDS_BEFORE}))`)
    .execute(db);
  await sql`ALTER TABLE game_sessions DROP COLUMN game`.execute(db);
  await sql`ALTER TABLE launch_tokens DROP COLUMN game`.execute(db);
}
