/**
 * `npm run bench -- live`: price pushes under load (issue 14). Sportsbook instances run as real processes on a
 * scratch PostgreSQL (./live-feed-child.ts: the real instance plus a trader moving BENCH_LIVE_CHANGES_PER_SECOND
 * prices a second, default 50); WebSocket clients in two processes of their own subscribe to the lists (every
 * event's updates) on one instance, then split over two (the second instance gets the changes through the broker,
 * PostgreSQL LISTEN/NOTIFY, or Redis with REDIS_URL). Measured: the delay from a price change to its arrival at every
 * client (target p99 < 250 ms), deliveries missed, and the instance's memory per connection (RSS growth over the
 * connections). BENCH_LIVE_CLIENTS (default 1000; the issue asks 10,000, this shared 2-core machine runs fewer),
 * BENCH_LIVE_SECONDS (default 15).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Cluster, type ServerProcess } from '../tests/server/support/cluster/cluster';
import { scratchDatabase } from './support';

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS || 1_000);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS || 15);
const PER_SECOND = Number(process.env.BENCH_LIVE_CHANGES_PER_SECOND || 50);
/** Client processes: the clients' reading shares the cores with the server, a few processes spread it. */
const WORKERS = Number(process.env.BENCH_LIVE_CLIENT_PROCESSES || 2);
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
/** CPU time (user + system) a process used so far, ms (clock ticks are 10 ms on Linux). */
const cpuMsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

type FromWorker = { type: 'connected'; count: number; failed: number } | { type: 'result'; histogram: number[]; missed: number; delivered: number };

function ask<T extends FromWorker['type']>(worker: ChildProcess, message: unknown, answer: T): Promise<Extract<FromWorker, { type: T }>> {
  return new Promise((resolve) => {
    const listen = (reply: FromWorker) => {
      if (reply.type !== answer) return;
      worker.off('message', listen);
      resolve(reply as Extract<FromWorker, { type: T }>);
    };
    worker.on('message', listen);
    worker.send(message as object);
  });
}

function percentile(histogram: number[], total: number, p: number): number {
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms]!;
    if (seen >= total * p) return ms;
  }
  return histogram.length;
}

async function scenario(name: string, instances: number, broker: Record<string, string>): Promise<void> {
  const scratch = await scratchDatabase('bench_live');
  const cluster = await Cluster.create({ databaseUrl: scratch.url, pams: 0, sportsbooks: instances, env: { ...broker, BENCH_LIVE_CHANGES_PER_SECOND: String(PER_SECOND) }, sportsbookScript: 'bench/live-feed-child.ts' });
  const changes = new Map<string, number>();
  let measuring = false;
  const workers: ChildProcess[] = [];
  try {
    for (const book of cluster.sportsbooks) {
      book.onLine = (line) => {
        if (!measuring || !line.startsWith('CHANGE ')) return;
        const [, eventId, seq, at] = line.split(' ');
        changes.set(`${eventId}:${seq}`, Number(at));
      };
    }
    await cluster.start();
    await pause(2_000);
    const rssBefore = cluster.sportsbooks.map((book: ServerProcess) => rssOf(book.pid!));
    for (let n = 0; n < WORKERS; n++) workers.push(fork(join(import.meta.dirname, 'live-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    const urls = cluster.sportsbooks.map((book) => book.url);
    const connected = await Promise.all(workers.map((worker, n) => ask(worker, { type: 'connect', urls, count: Math.floor(CLIENTS / WORKERS) + (n < CLIENTS % WORKERS ? 1 : 0) }, 'connected')));
    const sockets = connected.reduce((sum, reply) => sum + reply.count, 0);
    const failed = connected.reduce((sum, reply) => sum + reply.failed, 0);
    await pause(2_000);
    const rssAfter = cluster.sportsbooks.map((book) => rssOf(book.pid!));
    const cpuBefore = cluster.sportsbooks.map((book) => cpuMsOf(book.pid!));
    const clientCpuBefore = workers.map((worker) => cpuMsOf(worker.pid!));
    measuring = true;
    await pause(SECONDS * 1_000);
    measuring = false;
    const instanceCpu = cluster.sportsbooks.map((book, n) => (cpuMsOf(book.pid!) - cpuBefore[n]!) / (SECONDS * 10));
    const clientCpu = workers.reduce((sum, worker, n) => sum + cpuMsOf(worker.pid!) - clientCpuBefore[n]!, 0) / (SECONDS * 10);
    // Let the last changes arrive before the books are closed.
    await pause(1_500);
    const changeList = [...changes];
    const results = await Promise.all(workers.map((worker) => ask(worker, { type: 'finish', changes: changeList }, 'result')));
    const histogram = new Array<number>(10_000).fill(0);
    for (const result of results) result.histogram.forEach((count, ms) => (histogram[ms]! += count));
    const delivered = results.reduce((sum, result) => sum + result.delivered, 0);
    const missed = results.reduce((sum, result) => sum + result.missed, 0);
    const p50 = percentile(histogram, delivered, 0.5);
    const p99 = percentile(histogram, delivered, 0.99);
    const max = histogram.findLastIndex((count) => count > 0);
    const perConnection = (rssAfter.reduce((a, b) => a + b, 0) - rssBefore.reduce((a, b) => a + b, 0)) / Math.max(1, sockets);
    console.log(
      `${name}: ${sockets} clients (${failed} failed to connect), ${changeList.length} price changes in ${SECONDS} s (${(changeList.length / SECONDS).toFixed(1)}/s, asked ${PER_SECOND}/s), ${delivered} deliveries, missed ${missed}`,
    );
    console.log(`  delay change -> client: p50 ${p50} ms, p99 ${p99} ms, max ${max} ms (target p99 < 250 ms) ${p99 < 250 ? 'OK' : 'ABOVE TARGET'}; memory ${(perConnection / 1024).toFixed(1)} KB per connection (instance RSS growth)`);
    console.log(`  CPU: instance${instanceCpu.length > 1 ? 's' : ''} ${instanceCpu.map((percent) => `${percent.toFixed(0)}%`).join(' + ')} of a core, ${WORKERS} client processes ${clientCpu.toFixed(0)}%; load average ${loadAverage()}`);
  } finally {
    for (const worker of workers) worker.kill('SIGKILL');
    await cluster.stop();
    await scratch.drop();
  }
}

export default async function run(): Promise<void> {
  const broker: Record<string, string> = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_CHANNEL_PREFIX: `exsport-bench-${process.pid}:` } : {};
  await scenario('one instance', 1, broker);
  await scenario(`two instances (${process.env.REDIS_URL ? 'Redis' : 'PostgreSQL LISTEN/NOTIFY'})`, 2, broker);
}
