import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every GAMSTOP check and its answer, for the operator. No personal data: a refused registration leaves
  // only this row (no user), which is the fact of the refused attempt and nothing more.
  await sql`
    CREATE TABLE gamstop_checks (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer REFERENCES users(id),
      occasion text NOT NULL CHECK (occasion IN ('registration', 'sign-in', 'deposit')),
      outcome text NOT NULL CHECK (outcome IN ('Y', 'P', 'N', 'unavailable')),
      unique_id text,
      detail text,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX gamstop_checks_user ON gamstop_checks (user_id, created_at DESC) WHERE user_id IS NOT NULL`.execute(
    db,
  );
  // A self-exclusion put in place because GAMSTOP answered Y: it ends when GAMSTOP no longer says Y, unlike
  // one the customer chose here, which nobody can lift early.
  await sql`ALTER TABLE users ADD COLUMN exclusion_by_gamstop boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN exclusion_by_gamstop`.execute(db);
  await sql`DROP TABLE gamstop_checks`.execute(db);
}
