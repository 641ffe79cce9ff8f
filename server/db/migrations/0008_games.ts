import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A launch token opens one sportsbook session; only its hash is kept. Bound to the refresh family it was minted
  // under, so a logout (which revokes the family) ends every token not yet traded. Deleted when traded or expired.
  await sql`
    CREATE TABLE launch_tokens (
      token_hash text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      family_id uuid NOT NULL REFERENCES refresh_families(id),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX launch_tokens_expires ON launch_tokens (expires_at)`.execute(db);
  // A sportsbook session lives as long as the sign-in it came from: the family's revocation or expiry ends it.
  await sql`
    CREATE TABLE game_sessions (
      id text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      family_id uuid NOT NULL REFERENCES refresh_families(id),
      created_at timestamptz NOT NULL
    )`.execute(db);
  // The PAM's record of each bet, written in the same database transaction as its postings: staked, refunded and
  // returned are the sums of its Stake, Refund and Returns postings. Closed takes no more money.
  await sql`
    CREATE TABLE bets (
      bet_id text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      vertical text NOT NULL CHECK (vertical IN ('sportsbook', 'p2p')),
      staked bigint NOT NULL CHECK (staked >= 0),
      refunded bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0 AND refunded <= staked),
      returned bigint NOT NULL DEFAULT 0 CHECK (returned >= 0),
      status text NOT NULL CHECK (status IN ('open', 'closed')),
      placed_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      closed_at timestamptz,
      CHECK ((status = 'closed') = (closed_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX bets_user ON bets (user_id, placed_at DESC, bet_id DESC)`.execute(db);
  await sql`CREATE INDEX bets_user_open ON bets (user_id) WHERE status = 'open'`.execute(db);
  // Every money call of the wallet API, keyed by the sportsbook's transaction id: its claim makes a concurrent
  // duplicate wait and then replay, its answer is replayed to a retry. A debit row with no fingerprint is one known
  // only from its rollback (it never arrived, or arrived refused): a later debit with that id is refused.
  // No foreign key on user_id: the claim is inserted before the player is looked up (one round trip), and a call
  // for an unknown player is rolled back.
  await sql`
    CREATE TABLE wallet_calls (
      transaction_id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('debit', 'credit', 'rollback')),
      fingerprint text,
      answer jsonb,
      user_id integer NOT NULL,
      bet_id text NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0),
      original_transaction_id text,
      rolled_back_by text,
      ledger_transaction_id bigint,
      created_at timestamptz NOT NULL,
      CHECK (kind = 'debit' OR fingerprint IS NOT NULL),
      CHECK ((kind = 'rollback') = (original_transaction_id IS NOT NULL))
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE wallet_calls`.execute(db);
  await sql`DROP TABLE bets`.execute(db);
  await sql`DROP TABLE game_sessions`.execute(db);
  await sql`DROP TABLE launch_tokens`.execute(db);
}
