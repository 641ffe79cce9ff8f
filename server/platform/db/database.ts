import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { NamedStatementClient } from './named-statements';

// Money is bigint pence in the database; pence values stay far below 2^53, so numbers are exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// Dates of birth travel as 'yyyy-MM-dd' strings, never as midnight in some time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** One database, typed by each service for its own tables (`DB`); the PAM and the sportsbook may share one pool. */
export interface DatabaseHandle<DB = unknown> {
  db: Kysely<DB>;
  /** 'pglite' is the embedded database for trying out and development; production runs on 'postgres'. */
  kind: 'pglite' | 'postgres';
  /** Opens a dedicated connection for LISTEN, where the database supports it. */
  connectionString?: string;
  close(): Promise<void>;
}

/**
 * A handle whatever its tables (only Kysely<any> takes every Kysely<X>): a service sharing another's pool views it
 * through its own tables' types (sportsbookDb).
 */
export type AnyDatabaseHandle = DatabaseHandle<any>;

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string;
  /** A PGlite data dump to start from (tests clone a migrated template). */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDatabase<DB = unknown>(options: DatabaseOptions): Promise<DatabaseHandle<DB>> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      Client: NamedStatementClient,
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', connectionString: options.url, close: () => db.destroy() };
  }
  // PGlite is a single connection: the pool of one serialises transactions, so concurrent
  // callers queue instead of interleaving their BEGIN ... COMMIT (see docs/architecture.md, "Inside a service").
  const pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const pool = new pg.Pool({ ...(createPgConfig(pglite) as unknown as pg.PoolConfig), Client: NamedStatementClient });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
