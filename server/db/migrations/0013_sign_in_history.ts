import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The browser's User-Agent at each sign-in attempt, for the customer's sign-in history (described in words on reading).
  await sql`ALTER TABLE login_attempts ADD COLUMN user_agent text`.execute(db);
  await sql`CREATE INDEX login_attempts_user_success ON login_attempts (user_id, created_at DESC) WHERE succeeded`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX login_attempts_user_success`.execute(db);
  await sql`ALTER TABLE login_attempts DROP COLUMN user_agent`.execute(db);
}
