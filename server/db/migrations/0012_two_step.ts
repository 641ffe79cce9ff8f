import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The TOTP secret is stored encrypted (AES-256-GCM); `enabled_at` null means enrolment started but not confirmed.
  // `last_step` is the last 30-second step a code was accepted for: a code of that step or earlier is a replay.
  await sql`
    CREATE TABLE two_step (
      user_id integer PRIMARY KEY REFERENCES users(id),
      secret_sealed text NOT NULL,
      enabled_at timestamptz,
      last_step bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE two_step_recovery_codes (
      code_hash text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX two_step_recovery_codes_user ON two_step_recovery_codes (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE two_step_recovery_codes`.execute(db);
  await sql`DROP TABLE two_step`.execute(db);
}
