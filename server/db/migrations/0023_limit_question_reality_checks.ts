import { sql, type Kysely } from 'kysely';

/**
 * The customer-led tools of the Commission's changes in force from 31 October 2025 (docs/decisions.md, Limit question,
 * Limit reviews, Reality checks): each answer to the deposit-limit question and each six-monthly review, kept with its
 * time; and reality checks, their interval per customer and how far each session has acknowledged them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE limit_decisions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      decision text NOT NULL CHECK (decision IN ('set', 'declined', 'reviewed')),
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX limit_decisions_user_created ON limit_decisions (user_id, created_at)`.execute(db);
  await sql`
    CREATE TABLE reality_check_settings (
      user_id integer PRIMARY KEY REFERENCES users(id),
      interval_minutes integer CHECK (interval_minutes BETWEEN 5 AND 240),
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE reality_check_sessions (
      family_id uuid PRIMARY KEY REFERENCES refresh_families(id),
      acknowledged_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE reality_check_sessions`.execute(db);
  await sql`DROP TABLE reality_check_settings`.execute(db);
  await sql`DROP TABLE limit_decisions`.execute(db);
}
