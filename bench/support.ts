import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '../server/platform/db/database';
import type { Database } from '../server/db/schema';
import { migrateToLatest } from '../server/db/migrate';
import { createScratchDatabase, type ScratchDatabase } from '../server/platform/db/scratch-database';
import { systemClock } from '../server/platform/clock';
import { createServices, type Services } from '../server/services';
import { InProcessBus } from '../server/modules/live/bus';
import { OutboxMailer } from '../server/providers/mail/outbox-mailer';

export const BENCH_DATABASE_URL =
  process.env.TEST_DATABASE_URL || process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** A scratch PostgreSQL database for one benchmark, dropped afterwards. */
export const scratchDatabase = (prefix: string): Promise<ScratchDatabase> =>
  createScratchDatabase(BENCH_DATABASE_URL, prefix);

export interface BenchServices {
  database: DatabaseHandle<Database>;
  /** The scratch database's URL. */
  url: string;
  services: Services;
  /** Closes the pool and drops the scratch database. */
  close(): Promise<void>;
}

/** The app's services over an open database, configured for benchmarks (a second process can make the same). */
export function servicesOver(database: DatabaseHandle<Database>, providerSecret: string): Services {
  const config = {
    publicUrl: 'http://127.0.0.1',
    providersUrl: 'http://127.0.0.1',
    supportEmail: 'support@example.com',
    dataDir: mkdtempSync(join(tmpdir(), 'bx-bench-')),
    sportsbookUrl: 'http://127.0.0.1:8100',
    exchangeUrl: 'http://127.0.0.1:8200',
    secrets: {
      jwtSecret: 'bench-secret-bench-secret-bench-secret',
      providerSecret,
      operatorKey: 'bench',
      sportsbookSecret: 'bench-sportsbook-secret',
      exchangeSecret: 'bench-exchange-secret',
    },
  };
  return createServices({
    db: database.db,
    clock: systemClock,
    config,
    mailer: new OutboxMailer(database.db, systemClock),
    bus: new InProcessBus(),
  });
}

/** The app's services over a freshly migrated scratch database, for one benchmark. */
export async function benchServices(
  prefix: string,
  options: { poolSize: number; providerSecret: string },
): Promise<BenchServices> {
  const scratch = await scratchDatabase(prefix);
  const database = await openDatabase<Database>({ url: scratch.url, poolSize: options.poolSize });
  const close = async () => {
    await database.close();
    await scratch.drop();
  };
  try {
    await migrateToLatest(database.db);
    return { database, url: scratch.url, services: servicesOver(database, options.providerSecret), close };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** autocannon in its own process, so the load generator does not share the server's event loop. */
export function autocannon(
  url: string,
  options: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<LoadResult> {
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
      const result = JSON.parse(output) as {
        requests: { average: number; total: number };
        latency: { p99: number };
        errors: number;
        non2xx: number;
      };
      resolve({
        requestsPerSecond: result.requests.average,
        requests: result.requests.total,
        p99Ms: result.latency.p99,
        errors: result.errors,
        non2xx: result.non2xx,
      });
    });
  });
}

export const formatRate = (value: number) => Math.round(value).toLocaleString('en-GB');

export interface StatementCounts {
  /** Statements on the sportsbook's schema, on the PAM's tables, and BEGIN/COMMIT/ROLLBACK. */
  sportsbook: number;
  pam: number;
  control: number;
}

/**
 * Counts the statements this process sends to PostgreSQL (every pg client query), by who sent them: text naming
 * the sportsbook schema is the sportsbook's. `take()` answers the counts since the last take.
 */
export function statementCounter(): { take(): StatementCounts } {
  const counts: StatementCounts = { sportsbook: 0, pam: 0, control: 0 };
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    const text =
      typeof first === 'string'
        ? first
        : first && typeof first === 'object' && 'text' in first
          ? String((first as { text: unknown }).text)
          : '';
    if (/^\s*(begin|commit|rollback|start transaction|savepoint|release)/i.test(text)) counts.control++;
    else if (text.includes('sportsbook.') || text.includes('"sportsbook"')) counts.sportsbook++;
    else counts.pam++;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return {
    take() {
      const taken = { ...counts };
      counts.sportsbook = counts.pam = counts.control = 0;
      return taken;
    },
  };
}

/** With BENCH_PROFILE set, a V8 CPU profile of `work` to BENCH_PROFILE/<name>.cpuprofile (chrome://inspect opens it). */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const profile = await threadProfile(name);
  try {
    return await work();
  } finally {
    await profile?.stop();
  }
}

/**
 * With BENCH_PROFILE set, starts a V8 CPU profile of the calling thread (a worker's own isolate) and returns what
 * stops it and writes `<name>.cpuprofile` there; otherwise undefined.
 */
export async function threadProfile(name: string): Promise<{ stop(): Promise<void> } | undefined> {
  const directory = process.env.BENCH_PROFILE;
  if (!directory) return undefined;
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync, mkdirSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(directory, { recursive: true });
      writeFileSync(join(directory, `${name}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/**
 * CPU time (user + system, ms) used so far by the calling thread: Linux's /proc/thread-self (10 ms ticks), so the
 * sportsbook's thread and the PAM's thread in one process are told apart (process.cpuUsage adds every thread up).
 * Elsewhere the whole process's figure.
 */
export function threadCpuMs(): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  }
}

/**
 * Asking a child process (a bench's clients): `askChild<Replies>()` answers a function that sends a message and waits
 * for the child's reply of the named type.
 */
export const askChild =
  <R extends { type: string }>() =>
  <T extends R['type']>(child: ChildProcess, message: unknown, answer: T): Promise<Extract<R, { type: T }>> =>
    new Promise((resolve) => {
      const listen = (reply: R) => {
        if (reply.type !== answer) return;
        child.off('message', listen);
        resolve(reply as Extract<R, { type: T }>);
      };
      child.on('message', listen);
      child.send(message as object);
    });

/** The value at quantile `p` of a histogram of 1 ms buckets holding `total` samples. */
export function percentile(histogram: number[], total: number, p: number): number {
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms]!;
    if (seen >= total * p) return ms;
  }
  return histogram.length;
}
