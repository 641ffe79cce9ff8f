import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE promotions (
      code text PRIMARY KEY CHECK (code = upper(code) AND length(code) BETWEEN 1 AND 40),
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      starts_at timestamptz NOT NULL,
      ends_at timestamptz,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE promotion_opt_ins (
      user_id integer NOT NULL REFERENCES users(id),
      code text NOT NULL REFERENCES promotions(code),
      at timestamptz NOT NULL,
      PRIMARY KEY (user_id, code)
    )`.execute(db);
}
