/**
 * The exchange, parts (2) and (3), against the PAM and the exchange as real processes (./exchange-world.ts):
 *
 * (2) Orders per second end to end: POST /api/orders over HTTP -> stored before it is answered -> the hold at the
 * PAM's P2P wallet door -> matched on the book -> fills, sizes and releases stored; a realistic flow on several
 * markets (./exchange-load.mjs: orders that rest, that match whole or in part, cancels) from BENCH_EXCHANGE_CLIENTS
 * connections (128: each waits for its answer, so fewer measure the round trip, not the capacity: 32 left most of a core
 * idle) for BENCH_EXCHANGE_E2E_SECONDS (15), on BENCH_EXCHANGE_TRADED_MATCHES matches (2, four markets each), compared with the ledger bench's postings per second measured
 * just before and just after in the same run (target ratio >= 0.5), with p50/p99/max latency. Then one account sending
 * BENCH_EXCHANGE_ACCOUNT_RATE orders a second (1,000, Betfair's per-account ceiling) for BENCH_EXCHANGE_ACCOUNT_SECONDS
 * (5): the rate achieved, its latency from when each order was due, and what was refused or failed.
 *
 * (3) A ladder change to BENCH_EXCHANGE_SOCKETS WebSocket clients (10,000) in BENCH_EXCHANGE_CLIENT_PROCESSES child
 * processes (4; ./exchange-ladder-clients.ts), all subscribed to one market: BENCH_EXCHANGE_LADDER_CHANGES orders (30),
 * one at a time, each changing its ladder; the delay from sending the order to each client's receipt of the ladder
 * showing it, p50/p99/max (target p99 < 250 ms).
 *
 * Only 127.0.0.1; every part is bounded in count and time and stops by itself.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { LADDER } from '../src/contract/exchange-ladder';
import { compareWithLedger, ledgerPostingsPerSecond } from './ledger.bench';
import {
  cpuMsOf,
  postgresCpuMsOf,
  rssOf,
  startExchangeWorld,
  type ExchangeMarket,
  type ExchangeWorld,
} from './exchange-world';
import { askChild, formatRate, percentile } from './support';

const CLIENTS = Number(process.env.BENCH_EXCHANGE_CLIENTS || 128);
const E2E_SECONDS = Number(process.env.BENCH_EXCHANGE_E2E_SECONDS || 15);
const ACCOUNT_RATE = Number(process.env.BENCH_EXCHANGE_ACCOUNT_RATE || 1_000);
const ACCOUNT_SECONDS = Number(process.env.BENCH_EXCHANGE_ACCOUNT_SECONDS || 5);
const SOCKETS = Number(process.env.BENCH_EXCHANGE_SOCKETS || 10_000);
const CLIENT_PROCESSES = Number(process.env.BENCH_EXCHANGE_CLIENT_PROCESSES || 4);
const LADDER_CHANGES = Number(process.env.BENCH_EXCHANGE_LADDER_CHANGES || 30);
const LEDGER_SECONDS = 5;
const PLAYERS = 20;
/** £10m each: holds grow with every resting order and matched position, and must never run out mid-run. */
const OPENING_BALANCE = 1_000_000_000;
/** Matches the flow trades on (four markets each); one more holds the ladder part's market. */
const TRADED_MATCHES = Number(process.env.BENCH_EXCHANGE_TRADED_MATCHES || 2);
const MATCHES = TRADED_MATCHES + 1;
/** The markets the flow trades on each traded match, with fair prices (hundredths) per runner. */
const TRADED: Record<string, number[]> = {
  'match-odds': [200, 360, 450],
  'over-under-1.5': [330, 140],
  'over-under-2.5': [190, 196],
  'both-teams-to-score': [180, 210],
};
/** The ladder part's changes: £1 backs at 10.0 on its market's first runner, which nothing else trades. */
const LADDER_PRICE = 10;
const LADDER_STAKE = 100;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface LoadResult {
  placed: number;
  rested: number;
  matchedWhole: number;
  matchedInPart: number;
  cancels: number;
  cancelsTooLate: number;
  refused: Record<string, number>;
  failed: number;
  unsent: number;
  unanswered: number;
  latencies: number[];
  orderLatencies: number[];
  seconds: number;
  window: number;
}

function runLoad(world: ExchangeWorld, workerData: Record<string, unknown>): Promise<LoadResult> {
  const load = new Worker(new URL('./exchange-load.mjs', import.meta.url), {
    workerData: { url: world.exchange.url, ladder: Array.from(LADDER), ...workerData },
  });
  return new Promise((resolve, reject) => load.once('message', resolve).once('error', reject));
}

function latencyLine(latencies: number[]): string {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) =>
    sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
  return `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? 0).toFixed(1)} ms`;
}

const refusedLine = (refused: Record<string, number>) =>
  Object.entries(refused)
    .map(([code, count]) => `${count} ${code.trim()}`)
    .join(', ') || 'none';

function tradedMarkets(world: ExchangeWorld): Array<ExchangeMarket & { fairPrices: number[] }> {
  return [...world.markets.values()].slice(0, TRADED_MATCHES).flatMap((markets) =>
    markets.flatMap((market) => {
      const key = market.marketId.split('~')[1]!;
      return TRADED[key] ? [{ ...market, fairPrices: TRADED[key] }] : [];
    }),
  );
}

async function ordersEndToEnd(world: ExchangeWorld): Promise<void> {
  const markets = tradedMarkets(world);
  const ledgerBefore = await ledgerPostingsPerSecond('ledger', LEDGER_SECONDS);
  console.log(
    `ledger postings/s (the ledger bench's Ledger.transaction, 10 clients, ${LEDGER_SECONDS} s, this run): ${formatRate(ledgerBefore.rate)}`,
  );
  const pids = { exchange: world.exchange.pid!, pam: world.pam.pid! };
  const statementsBefore = await world.exchangeStatements();
  const cpuBefore = {
    exchange: cpuMsOf(pids.exchange),
    pam: cpuMsOf(pids.pam),
    bench: cpuMsOf(process.pid),
    postgres: postgresCpuMsOf(world.url),
  };
  const mix = await runLoad(world, {
    mode: 'closed',
    tokens: world.tokens.slice(1),
    markets,
    seconds: E2E_SECONDS,
    connections: CLIENTS,
  });
  const cpu = {
    exchange: cpuMsOf(pids.exchange) - cpuBefore.exchange,
    pam: cpuMsOf(pids.pam) - cpuBefore.pam,
    bench: cpuMsOf(process.pid) - cpuBefore.bench,
    postgres: postgresCpuMsOf(world.url) - cpuBefore.postgres,
  };
  const statementsAfter = await world.exchangeStatements();
  const operations = mix.placed + mix.cancels + mix.cancelsTooLate;
  const ordersRate = mix.placed / mix.seconds;
  console.log(
    `orders placed/s end to end (POST /api/orders -> stored -> hold at the PAM -> matched -> stored, releases by the outbox), ` +
      `${CLIENTS} connections, ${PLAYERS} players, ${markets.length} markets on ${TRADED_MATCHES} matches: ${formatRate(ordersRate)} ` +
      `(${mix.placed} in ${mix.seconds.toFixed(1)} s: ${mix.rested} rested, ${mix.matchedWhole} matched whole, ${mix.matchedInPart} matched in part; ` +
      `and ${mix.cancels} cancels, ${mix.cancelsTooLate} too late as matched meanwhile; refused: ${refusedLine(mix.refused)}; failed: ${mix.failed})`,
  );
  console.log(`  order latency: ${latencyLine(mix.orderLatencies)}; every operation: ${latencyLine(mix.latencies)}`);
  console.log(
    `  statements the exchange sent per operation (releases by the outbox included): ${((statementsAfter.all - statementsBefore.all) / operations).toFixed(1)}, ` +
      `of which BEGIN/COMMIT ${((statementsAfter.control - statementsBefore.control) / operations).toFixed(1)}; ` +
      `orders a placement round (a storePlaced statement each): ${(mix.placed / Math.max(1, statementsAfter.rounds - statementsBefore.rounds)).toFixed(1)}`,
  );
  console.log(
    `  CPU per operation: the exchange's process ${(cpu.exchange / operations).toFixed(2)} ms, the PAM's ${(cpu.pam / operations).toFixed(2)} ms, ` +
      `PostgreSQL's backends ${(cpu.postgres / operations).toFixed(2)} ms, the bench and its load thread ${(cpu.bench / operations).toFixed(2)} ms ` +
      `(load average ${loadAverage()})`,
  );
  await compareWithLedger('orders placed', ordersRate, ledgerBefore.rate, 0.5, LEDGER_SECONDS);

  const account = await runLoad(world, {
    mode: 'paced',
    tokens: world.tokens.slice(0, 1),
    markets,
    seconds: ACCOUNT_SECONDS,
    connections: 256,
    rate: ACCOUNT_RATE,
  });
  const asked = Math.floor(ACCOUNT_RATE * ACCOUNT_SECONDS);
  const answered = account.placed + account.cancels + account.cancelsTooLate;
  const achieved = answered / account.seconds;
  const errors =
    account.failed + account.unsent + account.unanswered + Object.values(account.refused).reduce((a, b) => a + b, 0);
  const served = achieved >= ACCOUNT_RATE * 0.95 && errors === 0;
  console.log(
    `one account at ${formatRate(ACCOUNT_RATE)} orders/s for ${ACCOUNT_SECONDS} s (${asked} asked): ${formatRate(achieved)}/s answered ` +
      `(${account.placed} placed, ${account.cancels + account.cancelsTooLate} cancels, the last answer at ${account.seconds.toFixed(1)} s); ` +
      `latency from when each was due: ${latencyLine(account.latencies)}; refused: ${refusedLine(account.refused)}; failed ${account.failed}, ` +
      `never sent ${account.unsent}, unanswered when it stopped ${account.unanswered} — ${served ? 'SERVED' : 'NOT SERVED'}`,
  );
}

type FromClients =
  | { type: 'connected'; count: number; failed: number }
  | { type: 'result'; histogram: number[]; missed: number; delivered: number; spreads: Array<[number, number]> };

const ask = askChild<FromClients>();

async function ladderToSockets(world: ExchangeWorld): Promise<void> {
  // A market of the last match: the flow above never trades it, so each change is ours alone.
  const market = [...world.markets.values()][TRADED_MATCHES]!.find((candidate) =>
    candidate.marketId.endsWith('~match-odds'),
  )!;
  const token = world.tokens[0]!;
  const children: ChildProcess[] = [];
  try {
    const rssBefore = rssOf(world.exchange.pid!);
    for (let n = 0; n < CLIENT_PROCESSES; n++)
      children.push(
        fork(join(import.meta.dirname, 'exchange-ladder-clients.ts'), [], {
          execArgv: ['--import', 'tsx'],
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        }),
      );
    const connected = await Promise.all(
      children.map((child, n) =>
        ask(
          child,
          {
            type: 'connect',
            url: world.exchange.url,
            marketId: market.marketId,
            count: Math.floor(SOCKETS / CLIENT_PROCESSES) + (n < SOCKETS % CLIENT_PROCESSES ? 1 : 0),
          },
          'connected',
        ),
      ),
    );
    const sockets = connected.reduce((sum, reply) => sum + reply.count, 0);
    const failed = connected.reduce((sum, reply) => sum + reply.failed, 0);
    // Its CPU while nothing changes (following the feed, polling blocks, the outbox's timer), taken off the changes'.
    const idleFrom = { cpu: cpuMsOf(world.exchange.pid!), at: performance.now() };
    await pause(2_000);
    const idlePerMs = (cpuMsOf(world.exchange.pid!) - idleFrom.cpu) / (performance.now() - idleFrom.at);
    const rssAfter = rssOf(world.exchange.pid!);
    const cpuBefore = cpuMsOf(world.exchange.pid!);
    const changesFrom = performance.now();
    const changes: Array<[number, number]> = [];
    const answers: number[] = [];
    for (let n = 1; n <= LADDER_CHANGES; n++) {
      const sentAt = performance.timeOrigin + performance.now();
      const response = await fetch(`${world.exchange.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          orderId: randomUUID(),
          marketId: market.marketId,
          selectionId: market.selectionIds[0],
          side: 'back',
          price: LADDER_PRICE,
          size: LADDER_STAKE,
        }),
      });
      answers.push(performance.timeOrigin + performance.now() - sentAt);
      if (response.status !== 201)
        throw new Error(`a ladder change was refused: ${response.status} ${await response.text()}`);
      // The level's size after this change: what the ladder shows, and how the clients know the frame.
      changes.push([n * LADDER_STAKE, sentAt]);
      await pause(300);
    }
    await pause(1_500);
    const cpu = Math.max(0, cpuMsOf(world.exchange.pid!) - cpuBefore - idlePerMs * (performance.now() - changesFrom));
    const results = await Promise.all(children.map((child) => ask(child, { type: 'finish', changes }, 'result')));
    const histogram = new Array<number>(results[0]!.histogram.length).fill(0);
    for (const result of results) result.histogram.forEach((count, ms) => (histogram[ms]! += count));
    const delivered = results.reduce((sum, result) => sum + result.delivered, 0);
    const missed = results.reduce((sum, result) => sum + result.missed, 0);
    const p99 = percentile(histogram, delivered, 0.99);
    // How long the exchange took to write a change to every socket: its first copy to its last over all the clients,
    // and from the order sent to the first copy (the placement itself: HTTP, storage, the hold at the PAM).
    const spreads = changes.map((_, n) => {
      const first = Math.min(...results.map((result) => result.spreads[n]![0]));
      const last = Math.max(...results.map((result) => result.spreads[n]![1]));
      return [first - changes[n]![1], last - first];
    });
    console.log(
      `ladder change -> ${sockets} sockets (${failed} failed to connect) in ${CLIENT_PROCESSES} client processes, ${LADDER_CHANGES} changes: ` +
        `${delivered} deliveries, missed ${missed}; delay from the order sent to each client: p50 ${percentile(histogram, delivered, 0.5)} ms, ` +
        `p99 ${p99} ms, max ${histogram.findLastIndex((count) => count > 0)} ms (target p99 < 250 ms) ${p99 < 250 && missed === 0 ? 'OK' : 'ABOVE TARGET'}`,
    );
    console.log(
      `  from the order sent to its first socket: ${latencyLine(spreads.map(([toFirst]) => toFirst!))}; from its first socket to its last: ${latencyLine(spreads.map(([, spread]) => spread!))}`,
    );
    console.log(
      `  the changing order's own answer: ${latencyLine(answers)}; the exchange's CPU ${(cpu / LADDER_CHANGES).toFixed(0)} ms a change, its idle CPU taken off ` +
        `(${((cpu * 1000) / LADDER_CHANGES / Math.max(1, sockets)).toFixed(1)} µs a socket); ${((rssAfter - rssBefore) / 1024 / Math.max(1, sockets)).toFixed(1)} KB a connection; load average ${loadAverage()}`,
    );
  } finally {
    for (const child of children) child.kill('SIGKILL');
  }
}

/** Parts (2) and (3) on one world: the ladder part's market is one the flow never trades. */
export async function exchangeEndToEnd(parts: { orders: boolean; ladder: boolean }): Promise<void> {
  await startExchangeWorld(
    { matches: MATCHES, players: PLAYERS + 1, openingBalance: OPENING_BALANCE },
    async (world) => {
      if (parts.orders) await ordersEndToEnd(world);
      if (parts.ladder) await ladderToSockets(world);
    },
  );
}
