import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every version is kept: what a customer agreed to on a given day can always be shown again.
  await sql`
    CREATE TABLE documents (
      slug text NOT NULL,
      version integer NOT NULL CHECK (version > 0),
      title text NOT NULL,
      body text NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (slug, version)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE documents`.execute(db);
}
