import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../../server/platform/db/database';
import type { Database } from '../../../../server/db/schema';
import { hashPassword } from '../../../../server/modules/auth/passwords';
import { FEED_EVENTS_PATH, type FeedEvent } from '../../../../src/contract/feed';
import { LAUNCH_FRAGMENT_KEY } from '../../../../src/contract/games';
import { LADDER } from '../../../../src/contract/exchange-ladder';
import { CLUSTER_SECRETS, freePort, ServerProcess } from './cluster';

const ROOT = resolve(import.meta.dirname, '../../../..');
const PASSWORD = 'Crash-test-password-1';
const OPENING = 5_000_000;
export const EXCHANGE_CRASH_SECRETS = { ...CLUSTER_SECRETS, EXCHANGE_SECRET: 'cluster-exchange-secret' };

interface Customer {
  userId: number;
  token: string;
}

interface PlaceBody {
  orderId: string;
  marketId: string;
  selectionId: string;
  side: 'back' | 'lay';
  price: number;
  size: number;
  persistence: 'keep';
}

/** What the exchange answered an order: acknowledged (201/202, the body it sent), refused (422), or not yet. */
type Outcome = { kind: 'acknowledged'; size: number } | { kind: 'refused'; code: string };

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The exchange (server/exchange/main.ts) and the PAM (server/main.ts) as real processes on one PostgreSQL, a feed
 * served from this process, customers placing and cancelling orders like browsers (an order whose answer was lost is
 * sent again under its id), and processes killed with SIGKILL while orders flow (issue 25, "Bad input and faults").
 */
export class ExchangeCrashWorld {
  readonly outcomes = new Map<string, Outcome>();
  /** Orders sent without a definitive answer yet: sent again, same id and body, until one comes. */
  readonly unanswered = new Map<string, { customer: Customer; body: PlaceBody }>();
  cancels = 0;
  private readonly customers: Customer[] = [];
  private readonly dirs: string[] = [];

  private constructor(
    readonly pam: ServerProcess,
    readonly exchange: ServerProcess,
    private readonly feedServer: Server,
    private readonly feed: FeedEvent,
    readonly observer: DatabaseHandle<Database>,
  ) {}

  get marketId(): string {
    return `${this.feed.eventId}~match-odds`;
  }

  static async create(databaseUrl: string, customerCount: number): Promise<ExchangeCrashWorld> {
    const [pamPort, exchangePort, feedPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const feed: FeedEvent = {
      eventId: `crash-${randomUUID().slice(0, 8)}`,
      home: 'Arsenal',
      away: 'Chelsea',
      startsAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
      status: 'scheduled',
      score: { home: 0, away: 0 },
      goals: 0,
    };
    const feedServer = createServer((request, response) => {
      if (request.url !== FEED_EVENTS_PATH) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ events: [feed] }));
    });
    await new Promise<void>((done) => feedServer.listen(feedPort, '127.0.0.1', done));
    const dir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
    const pamDir = dir('ex-integrity-pam-');
    const exchangeDir = dir('ex-integrity-exchange-');
    const base = {
      ...EXCHANGE_CRASH_SECRETS,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SANDBOX_PROVIDERS: 'false',
    };
    const pam = new ServerProcess(
      `pam:${pamPort}`,
      'server/main.ts',
      pamPort,
      {
        ...base,
        PORT: String(pamPort),
        DATA_DIR: pamDir,
        SPORTSBOOK_IN_PROCESS: 'false',
        EXCHANGE_IN_PROCESS: 'false',
        PUBLIC_URL: `http://127.0.0.1:${pamPort}`,
        EXCHANGE_URL: `http://127.0.0.1:${exchangePort}`,
      },
      '/games/iqs',
    );
    const exchange = new ServerProcess(
      `exchange:${exchangePort}`,
      'server/exchange/main.ts',
      exchangePort,
      {
        ...base,
        DATA_DIR: exchangeDir,
        EXCHANGE_PORT: String(exchangePort),
        PAM_URL: pam.url,
        EXCHANGE_FEED_URL: `http://127.0.0.1:${feedPort}`,
        EXCHANGE_FEED_POLL_MS: '200',
        EXCHANGE_LIQUIDITY: 'off',
      },
      '/api/events',
    );
    const observer = await openDatabase<Database>({ url: databaseUrl, poolSize: 2 });
    const world = new ExchangeCrashWorld(pam, exchange, feedServer, feed, observer);
    world.dirs.push(pamDir, exchangeDir);
    await pam.start();
    await exchange.start();
    const hash = await hashPassword(PASSWORD);
    for (let n = 0; n < customerCount; n++) world.customers.push(await world.customer(hash, n));
    return world;
  }

  /** A verified, funded customer (an opening Adjustment posting), signed in at the PAM and launched into the exchange. */
  private async customer(hash: string, n: number): Promise<Customer> {
    const now = new Date();
    const email = `ex-crash-${randomUUID().slice(0, 8)}-${n}@example.com`;
    const { rows } = await sql<{ id: number }>`
      INSERT INTO users (email, password_hash, first_name, last_name, date_of_birth, phone, verification_status, created_at, updated_at)
      VALUES (${email}, ${hash}, 'Crash', 'Tester', '1990-01-01', '+447700900000', 'passed', ${now}, ${now}) RETURNING id`.execute(
      this.observer.db,
    );
    const userId = rows[0]!.id;
    await sql`INSERT INTO wallets (user_id, balance, updated_at) VALUES (${userId}, ${OPENING}, ${now})`.execute(
      this.observer.db,
    );
    await sql`INSERT INTO transactions (user_id, created_at, amount, balance_out, kind, vertical, reference) VALUES (${userId}, ${now}, ${OPENING}, ${OPENING}, 'Adjustment', 'wallet', 'opening balance')`.execute(
      this.observer.db,
    );
    const login = await fetch(`${this.pam.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const games = (await (
      await fetch(`${this.pam.url}/games/p2p`, { headers: { authorization: `Bearer ${accessToken}` } })
    ).json()) as { url: string };
    const launchToken = new URLSearchParams(new URL(games.url).hash.slice(1)).get(LAUNCH_FRAGMENT_KEY);
    const session = await fetch(`${this.exchange.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ launchToken }),
    });
    if (session.status !== 200) throw new Error(`launch failed: ${session.status} ${await session.text()}`);
    return { userId, token: ((await session.json()) as { sessionToken: string }).sessionToken };
  }

  /** Sends an order; a definitive answer is recorded, anything else leaves it to be sent again. */
  private async send(customer: Customer, body: PlaceBody): Promise<void> {
    try {
      const response = await fetch(`${this.exchange.url}/api/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json()) as { code?: string; order?: { size: number } };
      if (response.status === 201 || response.status === 202) {
        this.outcomes.set(body.orderId, { kind: 'acknowledged', size: answer.order!.size });
        this.unanswered.delete(body.orderId);
        return;
      }
      if (response.status === 422 || response.status === 409) {
        this.outcomes.set(body.orderId, { kind: 'refused', code: answer.code ?? String(response.status) });
        this.unanswered.delete(body.orderId);
        return;
      }
    } catch {
      /* no answer: sent again */
    }
    this.unanswered.set(body.orderId, { customer, body });
  }

  /** Cancels all or part of one of the customer's resting orders, as a customer would (its answer may be lost). */
  private async cancelOne(customer: Customer): Promise<void> {
    const { rows: open } = await sql<{ id: string }>`
      SELECT id FROM exchange.orders WHERE player_id = ${customer.userId} AND status = 'executable' LIMIT 5`.execute(
      this.observer.db,
    );
    const pick = open[Math.floor(Math.random() * open.length)];
    if (!pick) return;
    const part = Math.random() < 0.5 ? `?size=${100 + Math.floor(Math.random() * 300)}` : '';
    this.cancels++;
    await fetch(`${this.exchange.url}/api/orders/${pick.id}${part}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${customer.token}` },
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
  }

  /** `clients` customers placing (and now and then cancelling) orders around evens until `stop` says so. */
  flow(clients: number, stop: () => boolean): Promise<void> {
    const selections = ['home', 'draw', 'away'].map((key) => `${this.marketId}~${key}`);
    const client = async (index: number) => {
      const customer = this.customers[index % this.customers.length]!;
      while (!stop()) {
        const retry = [...this.unanswered.values()].find((waiting) => waiting.customer === customer);
        if (retry) await this.send(customer, retry.body);
        else if (Math.random() < 0.15) await this.cancelOne(customer);
        else
          await this.send(customer, {
            orderId: randomUUID(),
            marketId: this.marketId,
            selectionId: selections[Math.floor(Math.random() * 3)]!,
            side: Math.random() < 0.5 ? 'back' : 'lay',
            // 1.9 to 2.1: orders meet often.
            price: LADDER[90 + Math.floor(Math.random() * 11)]! / 100,
            size: 100 + Math.floor(Math.random() * 2_000),
            persistence: 'keep',
          });
        await wait(5);
      }
    };
    return Promise.all(Array.from({ length: clients }, (_, index) => client(index))).then(() => undefined);
  }

  /** Orders flow while `victim` is killed (SIGKILL) after `killAfterMs`, then started again after `downMs`. */
  async killRound(
    victim: ServerProcess,
    options: { clients: number; killAfterMs: number; downMs: number; afterMs: number },
  ): Promise<void> {
    let stopped = false;
    const flowing = this.flow(options.clients, () => stopped);
    await wait(options.killAfterMs);
    await victim.kill();
    await wait(options.downMs);
    await victim.start();
    await wait(options.afterMs);
    stopped = true;
    await flowing;
  }

  /** Every order sent is answered definitively, and every money call the exchange owes is answered by the PAM. */
  async settleDown(timeoutMs: number): Promise<void> {
    const started = Date.now();
    for (;;) {
      for (const { customer, body } of [...this.unanswered.values()]) await this.send(customer, body);
      const { rows } = await sql<{ waiting: number }>`
        SELECT (SELECT count(*) FROM exchange.wallet_calls WHERE answered_at IS NULL)
             + (SELECT count(*) FROM exchange.orders WHERE status = 'pending') AS waiting`.execute(this.observer.db);
      if (this.unanswered.size === 0 && Number(rows[0]!.waiting) === 0) return;
      if (Date.now() - started > timeoutMs)
        throw new Error(
          `still waiting after ${timeoutMs} ms: ${this.unanswered.size} orders, ${rows[0]!.waiting} calls`,
        );
      await wait(250);
    }
  }

  /** The match ends; the exchange settles its markets from the feed. */
  finish(score: { home: number; away: number }): void {
    Object.assign(this.feed, { status: 'finished', score, goals: score.home + score.away });
  }

  /** What the stored books say against what the customers were told. */
  async verify(): Promise<{ acknowledged: number; lost: string[]; matchedTwice: string[] }> {
    const orders = await sql<{ id: string; status: string; size: number; size_matched: number; fills: number }>`
      SELECT o.id, o.status, o.size, o.size_matched,
        coalesce((SELECT sum(f.stake) FROM exchange.fills f WHERE f.back_order_id = o.id OR f.lay_order_id = o.id), 0)::int AS fills
      FROM exchange.orders o WHERE o.market_id = ${this.marketId}`.execute(this.observer.db);
    const stored = new Map(orders.rows.map((row) => [row.id, row]));
    const acknowledged = [...this.outcomes].filter(([, outcome]) => outcome.kind === 'acknowledged');
    const lost = acknowledged
      .filter(([orderId, outcome]) => {
        const row = stored.get(orderId);
        return !row || row.status === 'refused' || row.size !== (outcome as { size: number }).size;
      })
      .map(([orderId]) => orderId);
    const matchedTwice = orders.rows
      .filter((row) => row.fills !== row.size_matched || row.size_matched > row.size)
      .map((row) => row.id);
    return { acknowledged: acknowledged.length, lost, matchedTwice };
  }

  /** `npm run operator -- ex-reconcile` against the running exchange, as an operator runs it. */
  reconcile(): { status: number | null; output: string; report: { pending: unknown[]; differences: unknown[] } } {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/operator.ts', 'ex-reconcile', this.marketId], {
      cwd: ROOT,
      env: { ...process.env, ...EXCHANGE_CRASH_SECRETS, DATA_DIR: this.exchange.dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const output = `${run.stdout}${run.stderr}`;
    let report = { pending: [] as unknown[], differences: [{ unreadable: output }] as unknown[] };
    try {
      report = JSON.parse(run.stdout) as typeof report;
    } catch {
      /* reported as a difference */
    }
    return { status: run.status, output, report };
  }

  async close(): Promise<void> {
    await this.exchange.stop();
    await this.pam.stop();
    await new Promise((done) => this.feedServer.close(done));
    await this.observer.close();
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
  }
}
