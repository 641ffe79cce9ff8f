/**
 * The exchange's end-to-end benches' world: the PAM (`server/main.ts`) and the exchange (`server/exchange/main.ts`)
 * as real processes on one scratch PostgreSQL, the exchange reading a published feed of a few upcoming matches that
 * this process serves, and funded players signed in at the PAM and launched into the exchange for real (GET
 * /games/p2p, POST /api/session). Everything listens on 127.0.0.1; BENCH_PORT_BASE puts the three ports at base,
 * base + 1 and base + 2 (otherwise free ones). The exchange runs as ./exchange-child.ts (main.ts counting its statements;
 * BENCH_EXCHANGE_CPU_PROF=<dir> for a CPU profile). Every process is ours, stopped by its own pid.
 */
import { Agent, createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServerProcess, freePort } from '../tests/server/support/cluster/cluster';
import { FEED_EVENTS_PATH, type FeedEvent } from '../src/contract/feed';
import { P2P_LAUNCH_PATH } from '../src/contract/p2p-wallet';
import type { MarketsResponse } from '../src/contract/exchange';
import { benchServices, type BenchServices } from './support';
import { fundAndLaunchPlayers, jsonPoster } from './sportsbook-world';

/** As bench/support.ts's servicesOver signs with, so a token made here is good at the PAM process. */
const SECRETS = {
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  PROVIDER_SECRET: 'bench-provider-secret',
  OPERATOR_KEY: 'bench',
  SPORTSBOOK_SECRET: 'bench-sportsbook-secret',
  EXCHANGE_SECRET: 'bench-exchange-secret',
};

export interface ExchangeMarket {
  marketId: string;
  selectionIds: string[];
}

export interface ExchangeWorld extends BenchServices {
  pam: ServerProcess;
  exchange: ServerProcess;
  /** The statements the exchange's process has sent so far, how many were BEGIN/COMMIT/ROLLBACK, its placement rounds. */
  exchangeStatements(): Promise<{ all: number; control: number; rounds: number }>;
  /** Each match's markets, by event id, as the exchange lists them. */
  markets: Map<string, ExchangeMarket[]>;
  /** One exchange session token per player, in order. */
  tokens: string[];
}

export async function startExchangeWorld(
  options: { matches: number; players: number; openingBalance: number },
  work: (world: ExchangeWorld) => Promise<void>,
): Promise<void> {
  const bench = await benchServices('bench_exchange', { poolSize: 4, providerSecret: SECRETS.PROVIDER_SECRET });
  const base = Number(process.env.BENCH_PORT_BASE || 0);
  const [pamPort, exchangePort, feedPort] = base
    ? [base, base + 1, base + 2]
    : await Promise.all([freePort(), freePort(), freePort()]);
  const dirs = [mkdtempSync(join(tmpdir(), 'bx-exchange-pam-')), mkdtempSync(join(tmpdir(), 'bx-exchange-'))];
  const common = {
    ...SECRETS,
    DATABASE_URL: bench.url,
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    SANDBOX_PROVIDERS: 'false',
  };
  const pam = new ServerProcess(
    'pam',
    'server/main.ts',
    pamPort!,
    {
      ...common,
      PORT: String(pamPort),
      DATA_DIR: dirs[0]!,
      SPORTSBOOK_IN_PROCESS: 'false',
      EXCHANGE_IN_PROCESS: 'false',
      PUBLIC_URL: `http://127.0.0.1:${pamPort}`,
      EXCHANGE_URL: `http://127.0.0.1:${exchangePort}`,
    },
    '/games/iqs',
  );
  const exchange = new ServerProcess(
    'exchange',
    'bench/exchange-child.ts',
    exchangePort!,
    {
      ...common,
      DATA_DIR: dirs[1]!,
      EXCHANGE_PORT: String(exchangePort),
      EXCHANGE_URL: `http://127.0.0.1:${exchangePort}`,
      PUBLIC_URL: `http://127.0.0.1:${pamPort}`,
      PAM_URL: `http://127.0.0.1:${pamPort}`,
      EXCHANGE_FEED_URL: `http://127.0.0.1:${feedPort}`,
      EXCHANGE_LIQUIDITY: 'off',
    },
    '/api/events',
  );
  const feed = await serveFeed(feedPort!, options.matches);
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    await pam.start();
    await exchange.start();
    const markets = await listMarkets(exchange.url, feed.events);
    const tokens = await fundAndLaunchPlayers({
      ...bench,
      pamUrl: pam.url,
      bookUrl: exchange.url,
      post: jsonPoster(agent),
      players: options.players,
      openingBalance: options.openingBalance,
      launchPath: P2P_LAUNCH_PATH,
    });
    let said: ((line: string) => void) | undefined;
    exchange.onLine = (line) => line.startsWith('STATEMENTS ') && said?.(line);
    const exchangeStatements = () =>
      new Promise<{ all: number; control: number; rounds: number }>((resolve) => {
        said = (line) => {
          const [, all, control, rounds] = line.split(' ');
          resolve({ all: Number(all), control: Number(control), rounds: Number(rounds) });
        };
        process.kill(exchange.pid!, 'SIGUSR2');
      });
    await work({ ...bench, pam, exchange, markets, tokens, exchangeStatements });
  } finally {
    agent.destroy();
    await exchange.stop();
    await pam.stop();
    await new Promise((done) => feed.server.close(done));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await bench.close();
  }
}

/** The sportsbook's published feed as the exchange reads it: upcoming matches a week away, so nothing lapses. */
async function serveFeed(port: number, matches: number): Promise<{ server: Server; events: FeedEvent[] }> {
  const startsAt = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  const events: FeedEvent[] = Array.from({ length: matches }, (_, n) => ({
    eventId: `bench-match-${n + 1}`,
    home: `Home ${n + 1}`,
    away: `Away ${n + 1}`,
    startsAt,
    status: 'scheduled',
    score: { home: 0, away: 0 },
    goals: 0,
  }));
  const body = JSON.stringify({ events });
  const server = createServer((request, response) => {
    if (request.url !== FEED_EVENTS_PATH) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { server, events };
}

/** Waits until the exchange has read every match from the feed, then lists their markets. */
async function listMarkets(exchangeUrl: string, events: FeedEvent[]): Promise<Map<string, ExchangeMarket[]>> {
  const markets = new Map<string, ExchangeMarket[]>();
  const deadline = Date.now() + 30_000;
  for (const event of events) {
    for (;;) {
      const response = await fetch(`${exchangeUrl}/api/markets?eventId=${encodeURIComponent(event.eventId)}`);
      if (response.status === 200) {
        const { markets: list } = (await response.json()) as MarketsResponse;
        markets.set(
          event.eventId,
          list.map((market) => ({
            marketId: market.marketId,
            selectionIds: market.runners.map((runner) => runner.selectionId),
          })),
        );
        break;
      }
      if (Date.now() > deadline) throw new Error(`the exchange never listed ${event.eventId}`);
      await new Promise((done) => setTimeout(done, 200));
    }
  }
  return markets;
}

/** CPU time (user + system) a process used so far, ms (clock ticks are 10 ms on Linux). */
export function cpuMsOf(pid: number): number {
  const fields = readProc(`/proc/${pid}/stat`).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time (ms) used so far by the PostgreSQL backends serving this database (found by their process titles; the
 * server's shared writers not counted). Backends that exited meanwhile drop out, so compare within one pool's life.
 */
export function postgresCpuMsOf(url: string): number {
  const database = new URL(url).pathname.slice(1);
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const title = readProc(`/proc/${pid}/cmdline`);
      if (title.startsWith('postgres: ') && title.includes(` ${database} `)) total += cpuMsOf(Number(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

export const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readProc(`/proc/${pid}/status`))![1]) * 1024;

const readProc = (path: string) => readFileSync(path, 'utf8');
