import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A new PostgreSQL database with a unique name on the server `serverUrl` points at, empty or copied from
 * `template`, for one test file or benchmark; `drop` removes it once its pool is closed.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    options.template ? `CREATE DATABASE ${name} TEMPLATE ${options.template}` : `CREATE DATABASE ${name}`,
  );
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pool.end() resolves before its sockets have closed; forcing the drop then kills them mid-goodbye and
      // they report unhandled 57P01 errors. Give them a moment to leave first.
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await dropper.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]!.count === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
