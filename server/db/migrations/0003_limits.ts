import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per customer and kind: the limit in force, plus at most one change waiting out its cooling-off.
  await sql`
    CREATE TABLE deposit_limits (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('Daily', 'Weekly', 'Monthly')),
      amount bigint NOT NULL CHECK (amount > 0),
      effective_from timestamptz NOT NULL,
      pending_amount bigint CHECK (pending_amount > 0),
      pending_from timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      UNIQUE (user_id, kind),
      CHECK (pending_amount IS NULL OR pending_from IS NOT NULL)
    )`.execute(db);
  // Every change a customer asked for, kept as the record of their safer-gambling choices.
  await sql`
    CREATE TABLE deposit_limit_changes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      kind text NOT NULL,
      amount bigint,
      effective_from timestamptz NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX transactions_user_kind_created ON transactions (user_id, kind, created_at)`.execute(db);
}
