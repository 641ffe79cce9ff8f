import { Migrator, type Kysely, type Migration } from 'kysely';

/** Where a service keeps its record of applied migrations; Kysely's own tables in `public` when none is given. */
export interface MigrationTable {
  schema: string;
  name: string;
  lockName: string;
}

/** Applies every migration not yet applied, in name order; throws naming the one that failed (`label` says whose). */
export async function runMigrations(
  db: Kysely<any>,
  migrations: Record<string, Migration>,
  options: { table?: MigrationTable; label?: string } = {},
): Promise<void> {
  const { table, label = 'Migration' } = options;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(table && {
      migrationTableSchema: table.schema,
      migrationTableName: table.name,
      migrationLockTableName: table.lockName,
    }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw new Error(`${label} ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
