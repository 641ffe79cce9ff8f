import { sql, type Kysely } from 'kysely';

/**
 * Customer interaction (LCCP SR 3.4.3) and financial vulnerability checks (SR 3.4.4): the markers of harm seen,
 * the credit-reference checks asked for and each attempt at them, the operator's review queue, a marketing stop
 * apart from the customer's own consent choices, and the bonus terms the 19 January 2026 rules limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE harm_markers (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      kind text NOT NULL,
      marker_key text NOT NULL,
      evidence jsonb NOT NULL,
      observed_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      acknowledged_at timestamptz,
      UNIQUE (user_id, kind, marker_key)
    )`.execute(db);
  await sql`CREATE INDEX harm_markers_user ON harm_markers (user_id, created_at)`.execute(db);
  await sql`
    CREATE TABLE credit_reference_checks (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      status text NOT NULL CHECK (status IN ('pending', 'clear', 'hit')),
      net_deposits bigint NOT NULL,
      public_records jsonb,
      reference text,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      answered_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX credit_reference_checks_user ON credit_reference_checks (user_id, created_at)`.execute(db);
  await sql`CREATE INDEX credit_reference_checks_due ON credit_reference_checks (next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`
    CREATE TABLE credit_reference_attempts (
      id serial PRIMARY KEY,
      check_id integer NOT NULL REFERENCES credit_reference_checks(id),
      outcome text NOT NULL CHECK (outcome IN ('clear', 'hit', 'failed')),
      detail text,
      at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE interaction_reviews (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      reason text NOT NULL,
      created_at timestamptz NOT NULL,
      reviewed_at timestamptz,
      outcome text
    )`.execute(db);
  // One open review per customer: a later reason joins the one already waiting.
  await sql`CREATE UNIQUE INDEX interaction_reviews_open ON interaction_reviews (user_id) WHERE reviewed_at IS NULL`.execute(
    db,
  );
  await sql`ALTER TABLE users ADD COLUMN marketing_suppressed boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE promotions ADD COLUMN wagering_multiple integer NOT NULL DEFAULT 0 CHECK (wagering_multiple BETWEEN 0 AND 10)`.execute(
    db,
  );
  // What a customer bets on to earn the reward, and what the reward is for; the service refuses the two differing.
  await sql`ALTER TABLE promotions ADD COLUMN qualifying_product text`.execute(db);
  await sql`ALTER TABLE promotions ADD COLUMN reward_product text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE promotions DROP COLUMN reward_product`.execute(db);
  await sql`ALTER TABLE promotions DROP COLUMN qualifying_product`.execute(db);
  await sql`ALTER TABLE promotions DROP COLUMN wagering_multiple`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN marketing_suppressed`.execute(db);
  await sql`DROP TABLE interaction_reviews`.execute(db);
  await sql`DROP TABLE credit_reference_attempts`.execute(db);
  await sql`DROP TABLE credit_reference_checks`.execute(db);
  await sql`DROP TABLE harm_markers`.execute(db);
}
