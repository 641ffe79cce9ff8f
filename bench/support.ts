import { spawn } from 'node:child_process';
import { openDatabase, type DatabaseHandle } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { createScratchDatabase, type ScratchDatabase } from '../server/db/scratch-database';
import { systemClock } from '../server/clock';
import { createServices, type Services } from '../server/services';
import { InProcessBus } from '../server/modules/live/bus';
import { OutboxMailer } from '../server/providers/mail/outbox-mailer';

export const BENCH_DATABASE_URL = process.env.TEST_DATABASE_URL || process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** A scratch PostgreSQL database for one benchmark, dropped afterwards. */
export const scratchDatabase = (prefix: string): Promise<ScratchDatabase> => createScratchDatabase(BENCH_DATABASE_URL, prefix);

export interface BenchServices {
  database: DatabaseHandle;
  services: Services;
  /** Closes the pool and drops the scratch database. */
  close(): Promise<void>;
}

/** The app's services over a freshly migrated scratch database, for one benchmark. */
export async function benchServices(prefix: string, options: { poolSize: number; providerSecret: string }): Promise<BenchServices> {
  const scratch = await scratchDatabase(prefix);
  const database = await openDatabase({ url: scratch.url, poolSize: options.poolSize });
  const close = async () => {
    await database.close();
    await scratch.drop();
  };
  try {
    await migrateToLatest(database.db);
    const config = {
      publicUrl: 'http://127.0.0.1',
      providersUrl: 'http://127.0.0.1',
      supportEmail: 'support@example.com',
      dataDir: '/tmp/bx-bench',
      sportsbookUrl: 'http://127.0.0.1:8100',
      secrets: { jwtSecret: 'bench-secret-bench-secret-bench-secret', providerSecret: options.providerSecret, operatorKey: 'bench', sportsbookSecret: 'bench-sportsbook-secret' },
    };
    const services = createServices({ db: database.db, clock: systemClock, config, mailer: new OutboxMailer(database.db, systemClock), bus: new InProcessBus() });
    return { database, services, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** autocannon in its own process, so the load generator does not share the server's event loop. */
export function autocannon(url: string, options: { seconds: number; connections: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const args = ['autocannon', '--json', '-d', String(options.seconds), '-c', String(options.connections)];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(output) as { requests: { average: number }; latency: { p99: number }; errors: number; non2xx: number };
      resolve({ requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors, non2xx: result.non2xx });
    });
  });
}

export const formatRate = (value: number) => Math.round(value).toLocaleString('en-GB');
