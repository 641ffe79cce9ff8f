import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Which versions came with a release (seeded from server/modules/content/documents) and which the operator
  // wrote: a release's new text replaces only a shipped version, never the operator's. Until now the seed
  // wrote only version 1, and the operator's replacements always came after it.
  await sql`ALTER TABLE documents ADD COLUMN shipped boolean NOT NULL DEFAULT false`.execute(db);
  await sql`UPDATE documents SET shipped = true WHERE version = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE documents DROP COLUMN shipped`.execute(db);
}
