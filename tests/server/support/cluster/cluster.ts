import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Real server processes on 127.0.0.1 for the crash and scale-out tests (and their benches): the PAM as
 * `server/main.ts` without its in-process sportsbook, sportsbooks as ./sportsbook-child.ts, all on one PostgreSQL.
 * Every process is ours: started here, killed here by its own pid, never by name.
 */
export const CLUSTER_SECRETS = {
  JWT_SECRET: 'cluster-jwt-secret-0123456789abcdef0123',
  PROVIDER_SECRET: 'cluster-provider-secret',
  OPERATOR_KEY: 'cluster-operator-key',
  SPORTSBOOK_SECRET: 'cluster-sportsbook-secret',
};

const ROOT = resolve(import.meta.dirname, '../../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `${url}: the process ended (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`,
      );
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (response.status < 500) return;
    } catch {
      /* not yet */
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url}: no answer within ${timeoutMs} ms:\n${output()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** One server process that can be killed (SIGKILL) and started again with the same settings. */
export class ServerProcess {
  private child: ChildProcess | undefined;
  /** Lines the process prints, as they come (a bench reads its driver's). */
  onLine?: (line: string) => void;
  private output = '';
  kills = 0;

  constructor(
    readonly name: string,
    private readonly script: string,
    readonly port: number,
    readonly env: Record<string, string>,
    private readonly readyPath: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get dataDir(): string {
    return this.env.DATA_DIR!;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(timeoutMs = 60_000): Promise<void> {
    this.output = '';
    // node itself (not the tsx wrapper, which would leave its node child behind a kill -9).
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, this.script)], {
      cwd: ROOT,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    let partial = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      if (!this.onLine) return keep(chunk);
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      for (const line of lines) this.onLine(line);
    });
    child.stderr!.on('data', keep);
    this.child = child;
    await waitUntilUp(`${this.url}${this.readyPath}`, child, () => this.output, timeoutMs);
  }

  /** kill -9: no shutdown hook runs, connections drop mid-transaction. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    this.kills++;
    await exited;
  }

  /** A clean stop (SIGTERM, then SIGKILL after a while). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }

  log(): string {
    return this.output;
  }
}

export interface ClusterOptions {
  databaseUrl: string;
  pams?: number;
  sportsbooks?: number;
  /** Extra environment for every process (REDIS_URL, LOG_LEVEL...). */
  env?: Record<string, string>;
  /** The sportsbook's entry (a bench adds a price driver to it). */
  sportsbookScript?: string;
}

/** PAM instances and sportsbook instances over one database; each PAM_URL is the first PAM's. */
export class Cluster {
  readonly pams: ServerProcess[] = [];
  readonly sportsbooks: ServerProcess[] = [];
  private readonly dirs: string[] = [];

  private constructor() {}

  static async create(options: ClusterOptions): Promise<Cluster> {
    const cluster = new Cluster();
    const pamPorts = await Promise.all(Array.from({ length: options.pams ?? 1 }, freePort));
    const bookPorts = await Promise.all(Array.from({ length: options.sportsbooks ?? 1 }, freePort));
    const base = {
      ...CLUSTER_SECRETS,
      DATABASE_URL: options.databaseUrl,
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SANDBOX_PROVIDERS: 'false',
      SPORTSBOOK_RECONCILE_INTERVAL_MS: '0',
      ...options.env,
    };
    // With no PAM (a prices-only bench) wallet calls go nowhere.
    const pamUrl = `http://127.0.0.1:${pamPorts[0] ?? 9}`;
    for (const port of pamPorts) {
      const dataDir = cluster.dir('bx-pam-');
      cluster.pams.push(
        new ServerProcess(
          `pam:${port}`,
          'server/main.ts',
          port,
          {
            ...base,
            PORT: String(port),
            DATA_DIR: dataDir,
            SPORTSBOOK_IN_PROCESS: 'false',
            EXCHANGE_IN_PROCESS: 'false',
            SPORTSBOOK_URL: `http://127.0.0.1:${bookPorts[0]}`,
            PUBLIC_URL: `http://127.0.0.1:${port}`,
          },
          '/games/iqs',
        ),
      );
    }
    for (const port of bookPorts) {
      const dataDir = cluster.dir('bx-book-');
      cluster.sportsbooks.push(
        new ServerProcess(
          `sportsbook:${port}`,
          options.sportsbookScript ?? 'tests/server/support/cluster/sportsbook-child.ts',
          port,
          {
            ...base,
            SPORTSBOOK_PORT: String(port),
            DATA_DIR: dataDir,
            PAM_URL: pamUrl,
            SPORTSBOOK_URL: `http://127.0.0.1:${port}`,
          },
          '/api/competitions',
        ),
      );
    }
    return cluster;
  }

  get pam(): ServerProcess {
    return this.pams[0]!;
  }

  get sportsbook(): ServerProcess {
    return this.sportsbooks[0]!;
  }

  /** Starts one PAM first (it migrates), then the other PAMs beside the first sportsbook (it migrates its schema, seeds its world and takes the feed), then the other sportsbooks. */
  async start(): Promise<void> {
    await this.pams[0]?.start();
    await Promise.all([...this.pams.slice(1).map((pam) => pam.start()), this.sportsbooks[0]!.start()]);
    await Promise.all(this.sportsbooks.slice(1).map((book) => book.start()));
  }

  async stop(): Promise<void> {
    await Promise.all([...this.sportsbooks, ...this.pams].map((process) => process.stop()));
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
  }

  private dir(prefix: string): string {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    this.dirs.push(dir);
    return dir;
  }
}
