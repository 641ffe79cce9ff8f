import type { Kysely } from 'kysely';
import { runMigrations } from '../../platform/db/migrate';
import { exchangeMigrations } from './migrations';

const EXCHANGE_SCHEMA = 'exchange';

/** Brings schema `exchange` up to date; its own migration table, so neither the PAM's nor the sportsbook's see it. */
export async function migrateExchange(db: Kysely<any>): Promise<void> {
  await runMigrations(db, exchangeMigrations, {
    table: { schema: EXCHANGE_SCHEMA, name: 'migrations', lockName: 'migrations_lock' },
    label: 'Exchange migration',
  });
}
