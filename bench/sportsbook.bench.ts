/**
 * The sportsbook end to end on one PostgreSQL: bets placed per second (the frame's POST /api/bets over HTTP ->
 * sportsbook -> signed wallet debit over HTTP -> PAM ledger), then the settlement of every one of those bets on
 * one match (results, payout cap, closing credits delivered through the outbox), and a reconciliation: the
 * sportsbook's bets, the PAM's bets record and the ledger must agree to the penny.
 * Targets: placement >= 0.4 of the ledger bench's postings/s, measured in the same run just before (the machine is
 * shared, so only the ratio means much); settlement of 50,000 open bets <= 60 s with zero differences.
 * BENCH_SPORTSBOOK_BETS shrinks the run (default 50,000); BENCH_SPORTSBOOK_CLIENTS changes the placing clients (32);
 * BENCH_SPORTSBOOK_DEBITS_IN_FLIGHT the batched debit calls placement keeps in flight (the outbox's default).
 */
import { sql } from 'kysely';
import { Agent } from 'node:http';
import { Worker } from 'node:worker_threads';
import { loadavg } from 'node:os';
import { performance as nodePerformance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { migrateSportsbook } from '../server/sportsbook/db/migrate';
import { sportsbookDb } from '../server/sportsbook/db/schema';
import { createSportsbookServices } from '../server/sportsbook/services';
import { CREDIT_BATCH, defaultOutboxPolicy } from '../server/sportsbook/wallet/outbox';
import { buildSportsbookApp } from '../server/sportsbook/app';
import { marketIdOf, selectionIdOf } from '../server/sportsbook/catalogue/ids';
import { systemClock } from '../server/platform/clock';
import { benchServices, formatRate, profiled, statementCounter, threadCpuMs, type StatementCounts } from './support';
import { compareWithLedger, ledgerPostingsPerSecond } from './ledger.bench';
import { fundAndLaunchPlayers, jsonPoster, listenBook } from './sportsbook-world';

const BETS = Number(process.env.BENCH_SPORTSBOOK_BETS || 50_000);
const PLAYERS = 200;
const CLIENTS = 32;
const STAKE = 100;
const OPENING_BALANCE = 10_000_000;
const SECRET = 'bench-sportsbook-secret';

let walletMs = 0;
let walletCalls = 0;
/** Debits in the batched calls (placement sends those of bets placed at the same moment together). */
let debitsSent = 0;
const CLIENTS_OVERRIDE = Number(process.env.BENCH_SPORTSBOOK_CLIENTS || 0);
const DEBITS_IN_FLIGHT = Number(process.env.BENCH_SPORTSBOOK_DEBITS_IN_FLIGHT || 0);
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

const post = jsonPoster(agent);

const LEDGER_SECONDS = 5;

const perBet = (counts: { sportsbook: number; pam: number; control: number }, bets: number) =>
  `${(counts.sportsbook / bets).toFixed(1)} sportsbook + ${(counts.pam / bets).toFixed(1)} PAM + ${(counts.control / bets).toFixed(1)} BEGIN/COMMIT`;

const PROVIDER_SECRET = 'bench-provider-secret';

interface RunningPam {
  url: string;
  /** The PAM's own statement counts since the last take (its thread's pg clients), if it runs on its own thread. */
  counts(): Promise<StatementCounts | undefined>;
  /** CPU ms its thread has used so far, if it runs on its own thread. */
  cpuMs?: number;
  close(): Promise<void>;
}

/** The PAM on its own thread (a separate service, as deployed), or with BENCH_SPORTSBOOK_ONE_THREAD=1 in this one. */
async function startPam(url: string, services: Parameters<typeof buildApp>[0]['services']): Promise<RunningPam> {
  if (process.env.BENCH_SPORTSBOOK_ONE_THREAD) {
    const app = await buildApp({ services });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return {
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      counts: async () => undefined,
      close: () => app.close(),
    };
  }
  const thread = new Worker(new URL('./pam-thread.mjs', import.meta.url), {
    workerData: { url, poolSize: 10, providerSecret: PROVIDER_SECRET },
  });
  const next = <T>() => new Promise<T>((resolve, reject) => thread.once('message', resolve).once('error', reject));
  const { port } = await next<{ port: number }>();
  const running: RunningPam = {
    url: `http://127.0.0.1:${port}`,
    async counts() {
      const answer = next<{ counts: StatementCounts; cpuMs: number }>();
      thread.postMessage({ type: 'counts' });
      const { counts, cpuMs } = await answer;
      running.cpuMs = cpuMs;
      return counts;
    },
    close: async () => {
      const closed = next<unknown>();
      thread.postMessage({ type: 'close' });
      await closed;
      await thread.terminate();
    },
  };
  return running;
}

/** This thread's counts plus the PAM thread's. */
async function takeCounts(statements: { take(): StatementCounts }, pam: RunningPam): Promise<StatementCounts> {
  const here = statements.take();
  const there = await pam.counts();
  return there
    ? {
        sportsbook: here.sportsbook + there.sportsbook,
        pam: here.pam + there.pam,
        control: here.control + there.control,
      }
    : here;
}

export default async function run(): Promise<void> {
  const ledger = await ledgerPostingsPerSecond('ledger', LEDGER_SECONDS);
  console.log(
    `ledger postings/s (the ledger bench's Ledger.transaction, 10 clients, ${LEDGER_SECONDS} s, this run): ${formatRate(ledger.rate)}`,
  );
  const statements = statementCounter();
  const { database, url, services, close } = await benchServices('bench_sportsbook', {
    poolSize: 20,
    providerSecret: PROVIDER_SECRET,
  });
  let pam: RunningPam | undefined;
  let sportsbook: Awaited<ReturnType<typeof buildSportsbookApp>> | undefined;
  let book: ReturnType<typeof createSportsbookServices> | undefined;
  try {
    pam = await startPam(url, services);
    const pamUrl = pam.url;
    const db = sportsbookDb(database);
    await migrateSportsbook(db);
    book = createSportsbookServices({
      db,
      rateLimits: { launch: { max: 10_000, timeWindow: 60_000 } },
      outboxPolicy: { ...defaultOutboxPolicy, ...(DEBITS_IN_FLIGHT ? { debitsInFlight: DEBITS_IN_FLIGHT } : {}) },
      clock: systemClock,
      config: {
        publicUrl: 'http://127.0.0.1',
        sportsbookUrl: 'http://127.0.0.1:8100',
        pamUrl,
        secrets: {
          jwtSecret: 'x',
          providerSecret: 'x',
          operatorKey: 'bench',
          sportsbookSecret: SECRET,
          exchangeSecret: 'x',
        },
        clockSpeed: 9,
        goalSuspensionMs: 5_000,
      },
    });
    // Times each wallet call as sent (the service's own transport, not a stand-in).
    const wallet = book.wallet;
    const call = wallet.call.bind(wallet);
    const creditMany = wallet.creditMany.bind(wallet);
    const debitMany = wallet.debitMany.bind(wallet);
    const timed =
      <A extends unknown[], R>(send: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        const at = performance.now();
        try {
          return await send(...args);
        } finally {
          walletMs += performance.now() - at;
          walletCalls++;
        }
      };
    wallet.call = timed(call);
    wallet.creditMany = timed(creditMany);
    wallet.debitMany = timed((bodies: Parameters<typeof debitMany>[0]) => {
      debitsSent += bodies.length;
      return debitMany(bodies);
    });
    const bookUrl = await listenBook(book, (app) => (sportsbook = app));
    const tokens = await fundAndLaunchPlayers({
      database,
      services,
      pamUrl,
      bookUrl,
      post,
      players: PLAYERS,
      openingBalance: OPENING_BALANCE,
    });

    const event = book.catalogue
      .records()
      .filter((record) => record.status === 'scheduled')
      .sort((a, b) => b.kickoffAt.getTime() - a.kickoffAt.getTime())[0]!;
    const selections = ['home', 'draw', 'away'].map((key) => selectionIdOf(marketIdOf(event.id, 'match-result'), key));
    const catalogue = book.catalogue;

    await takeCounts(statements, pam);
    const bookCpuBefore = threadCpuMs();
    const pamCpuBefore = pam.cpuMs;
    const loopBefore = nodePerformance.eventLoopUtilization();
    const clients = CLIENTS_OVERRIDE || CLIENTS;
    const load = new Worker(new URL('./sportsbook-load.mjs', import.meta.url), {
      workerData: {
        bookUrl,
        tokens,
        selections: selections.map((selectionId) => ({ selectionId, price: catalogue.quote(selectionId)!.price! })),
        bets: BETS,
        clients,
        stake: STAKE,
      },
    });
    const placed = await profiled(
      'placement',
      () =>
        new Promise<{
          seconds: number;
          refused: number;
          cpuMs: number;
          latency: { p50: number; p99: number; max: number };
        }>((resolve, reject) => load.once('message', resolve).once('error', reject)),
    );
    const placeSeconds = placed.seconds;
    const refused = placed.refused;
    const loop = nodePerformance.eventLoopUtilization(loopBefore);
    console.log(
      `  of which wallet calls (HTTP to the PAM, its transaction): ${walletCalls} calls (${(debitsSent / Math.max(1, walletCalls)).toFixed(1)} debits each), ${(walletMs / Math.max(1, walletCalls)).toFixed(1)} ms each on average; a placement took ${((placeSeconds * 1000 * clients) / BETS).toFixed(1)} ms on average`,
    );
    const bookCpu = threadCpuMs() - bookCpuBefore;
    const placementCounts = await takeCounts(statements, pam);
    const pamCpu =
      pam.cpuMs !== undefined && pamCpuBefore !== undefined
        ? `, the PAM's thread ${((pam.cpuMs - pamCpuBefore) / BETS).toFixed(2)} ms`
        : ' (the PAM shares it)';
    console.log(
      `  CPU per bet: the sportsbook's thread ${(bookCpu / BETS).toFixed(2)} ms${pamCpu}, the load generator's ${(placed.cpuMs / BETS).toFixed(2)} ms (/proc/thread-self; machine load ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')})`,
    );
    console.log(
      `  per bet: ${perBet(placementCounts, BETS)} statements; ${(loop.active / BETS).toFixed(2)} ms busy on the sportsbook's event loop (${process.env.BENCH_SPORTSBOOK_ONE_THREAD ? 'the PAM shares it' : 'the PAM has its own thread'}, and so has the load generator), which was busy ${(loop.utilization * 100).toFixed(0)}% of the time`,
    );
    walletMs = 0;
    walletCalls = 0;
    const placeRate = BETS / placeSeconds;
    console.log(
      `bets placed/s end to end (POST /api/bets -> sportsbook -> signed debit -> PAM ledger), ${clients} clients, ${PLAYERS} players: ${formatRate(placeRate)} (${BETS} in ${placeSeconds.toFixed(1)} s; not 201: ${refused})`,
    );
    await compareWithLedger('bets placed', placeRate, ledger.rate, 0.4, LEDGER_SECONDS);
    // Issue 26: the tail, not only the mean, at the throughput above with the default clients.
    const { p50, p99, max } = placed.latency;
    const tailOk = p99 <= 50 && placeRate >= 1_000;
    console.log(
      `placement latency (request written to answer read), ${clients} clients: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms at ${formatRate(placeRate)} bets/s (target p99 <= 50 ms at >= 1,000 bets/s) ${tailOk ? 'OK' : 'BELOW TARGET'}`,
    );

    await pam.counts();
    const settleCpuBefore = { book: threadCpuMs(), pam: pam.cpuMs };
    const settleStarted = Date.now();
    await profiled('settlement', () =>
      catalogue.resultEvent(event.id, { halfTime: { home: 1, away: 0 }, fullTime: { home: 2, away: 1 } }),
    );
    console.log(
      `  settled and credits delivered by the settlement itself: ${((Date.now() - settleStarted) / 1000).toFixed(1)} s`,
    );
    const bookDb = book.db as unknown as import('../server/sportsbook/bets/tables').BetsDb;
    for (;;) {
      const pending = await bookDb
        .selectFrom('sportsbook.wallet_calls')
        .select(({ fn }) => fn.countAll<number>().as('count'))
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow();
      if (Number(pending.count) === 0) break;
      await book.outbox.drainDue();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const settleSeconds = (Date.now() - settleStarted) / 1000;
    console.log(
      `  credits: ${walletCalls} wallet calls (batched, up to ${CREDIT_BATCH} credits each), ${(walletMs / Math.max(1, walletCalls)).toFixed(1)} ms each on average; per bet: ${perBet(await takeCounts(statements, pam), BETS)} statements`,
    );
    const settleBookCpu = threadCpuMs() - settleCpuBefore.book;
    const settlePamCpu =
      pam.cpuMs !== undefined && settleCpuBefore.pam !== undefined
        ? `, the PAM's thread ${((pam.cpuMs - settleCpuBefore.pam) / BETS).toFixed(2)} ms`
        : '';
    console.log(
      `  CPU per bet settled: the sportsbook's thread ${(settleBookCpu / BETS).toFixed(2)} ms${settlePamCpu} (machine load ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')})`,
    );
    console.log(
      `settlement of ${BETS} open bets on one match, credits delivered: ${settleSeconds.toFixed(1)} s (target <= 60 s) ${settleSeconds <= 60 ? 'OK' : 'ABOVE TARGET'}`,
    );

    // Per bet, three books: the sportsbook's bet (stake, returns), the PAM's bets record (staked, returned,
    // refunded, open or closed) and the ledger's postings carrying the bet id. A difference is a bet on which any
    // two disagree; a wallet whose balance is not the sum of its postings is one more.
    const totals = await sql<{ bets: number; paid: number; staked: number }>`
      SELECT count(*)::int AS bets, coalesce(sum(returns), 0)::bigint AS paid, coalesce(sum(stake), 0)::bigint AS staked
      FROM sportsbook.bets WHERE status IN ('won', 'lost', 'void')`.execute(database.db);
    const per = await sql<{ differences: number; open: number }>`
      WITH ours AS (
        SELECT id::text AS bet_id, stake, coalesce(returns, 0) AS returns, status FROM sportsbook.bets WHERE status <> 'rejected'
      ), posted AS (
        SELECT bet_id, sum(amount) FILTER (WHERE kind = 'Stake') AS staked, sum(amount) FILTER (WHERE kind = 'Returns') AS returned,
               sum(amount) FILTER (WHERE kind = 'Refund') AS refunded
        FROM transactions WHERE bet_id IS NOT NULL GROUP BY bet_id
      )
      SELECT count(*) FILTER (WHERE
               o.bet_id IS NULL OR p.bet_id IS NULL
               OR p.staked - p.refunded <> o.stake OR p.returned <> o.returns
               OR (p.status = 'closed') <> (o.status IN ('won', 'lost', 'void'))
               OR coalesce(l.staked, 0) <> -p.staked OR coalesce(l.returned, 0) <> p.returned OR coalesce(l.refunded, 0) <> p.refunded)::int AS differences,
             count(*) FILTER (WHERE o.status IN ('open', 'pending'))::int AS open
      FROM ours o FULL JOIN bets p ON p.bet_id = o.bet_id LEFT JOIN posted l ON l.bet_id = coalesce(o.bet_id, p.bet_id)`.execute(
      database.db,
    );
    const wallets = await sql<{ mismatches: number }>`
      SELECT count(*)::int AS mismatches FROM wallets w
      WHERE w.balance <> (SELECT coalesce(sum(amount), 0) FROM transactions t WHERE t.user_id = w.user_id)`.execute(
      database.db,
    );
    const { bets, paid, staked } = totals.rows[0]!;
    const differences = per.rows[0]!.differences + wallets.rows[0]!.mismatches;
    console.log(
      `reconciliation, bet by bet (sportsbook bets / PAM bets record / ledger postings): ${bets} settled, staked ${staked}, paid ${paid}, still open ${per.rows[0]!.open}; ` +
        `bets that differ ${per.rows[0]!.differences}, wallets off their postings ${wallets.rows[0]!.mismatches}; differences ${differences} (target 0)`,
    );
  } finally {
    await book?.runner.stop();
    book?.bets.close();
    await book?.outbox.stop();
    await sportsbook?.close();
    await pam?.close();
    agent.destroy();
    await close();
  }
}
