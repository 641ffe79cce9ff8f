import type { Kysely } from 'kysely';
import { runMigrations } from '../platform/db/migrate';
import { migrations } from './migrations';

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  await runMigrations(db, migrations);
}
