import type { Kysely } from 'kysely';
import { runMigrations } from '../../platform/db/migrate';
import { sportsbookMigrations } from './migrations';

const SPORTSBOOK_SCHEMA = 'sportsbook';

/** Brings schema `sportsbook` up to date; its own migration table, so the PAM's migrations never see it. */
export async function migrateSportsbook(db: Kysely<any>): Promise<void> {
  await runMigrations(db, sportsbookMigrations, {
    table: { schema: SPORTSBOOK_SCHEMA, name: 'migrations', lockName: 'migrations_lock' },
    label: 'Sportsbook migration',
  });
}
