import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Keyed by the e-mail typed, known or not: an unknown address meets the same count and the same lock, so
  // the answers never tell a stranger which addresses have accounts.
  await sql`
    CREATE TABLE login_lockouts (
      email text PRIMARY KEY,
      failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
      lockouts integer NOT NULL DEFAULT 0 CHECK (lockouts >= 0),
      locked_until timestamptz,
      last_failure_at timestamptz NOT NULL
    )`.execute(db);
  // The old lock had no end; the new one always has one. Accounts locked before this start over.
  await sql`UPDATE users SET locked_out = false, failed_logins = 0 WHERE locked_out OR failed_logins > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE login_lockouts`.execute(db);
}
