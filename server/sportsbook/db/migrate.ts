import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { sportsbookMigrations } from './migrations';

export const SPORTSBOOK_SCHEMA = 'sportsbook';

/** Brings schema `sportsbook` up to date; its own migration table, so the PAM's migrations never see it. */
export async function migrateSportsbook(db: Kysely<any>): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => sportsbookMigrations };
  const migrator = new Migrator({
    db,
    provider,
    migrationTableSchema: SPORTSBOOK_SCHEMA,
    migrationTableName: 'migrations',
    migrationLockTableName: 'migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw new Error(`Sportsbook migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
