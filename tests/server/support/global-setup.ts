import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/platform/db/database';
import { migrateToLatest } from '../../../server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string | null;
  }
}

/** Builds one migrated database of each kind; every test file clones it instead of migrating again. */
export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = process.env.TEST_DATABASE_URL;
  const postgresTemplate = url ? `bx_template_${runId}` : null;
  // Side by side: PGlite migrates in this process, PostgreSQL in its server's.
  const [templatePath] = await Promise.all([
    migratePgliteTemplate(runId),
    url && postgresTemplate ? migratePostgresTemplate(url, postgresTemplate) : undefined,
  ]);
  project.provide('pgliteTemplatePath', templatePath);
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    await rm(templatePath, { force: true });
    if (url && postgresTemplate) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${postgresTemplate} WITH (FORCE)`);
      await admin.end();
    }
  };
}

async function migratePgliteTemplate(runId: string): Promise<string> {
  const template = await PGlite.create();
  const pool = new pg.Pool(createPgConfig(template) as unknown as pg.PoolConfig);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(db);
  await db.destroy();
  const dump = await template.dumpDataDir('gzip');
  await template.close();
  const templatePath = join(tmpdir(), `bx-pglite-template-${runId}.tar.gz`);
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  return templatePath;
}

async function migratePostgresTemplate(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = await openDatabase({ url: withDatabase(url, name) });
  await migrateToLatest(target.db);
  await target.close();
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
