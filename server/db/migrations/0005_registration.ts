import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per identity check started at the provider; `reference` is what the provider's notification names.
  await sql`
    CREATE TABLE identity_checks (
      reference uuid PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'passed', 'failed', 'canceled')),
      created_at timestamptz NOT NULL,
      completed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX identity_checks_user ON identity_checks (user_id)`.execute(db);
}
