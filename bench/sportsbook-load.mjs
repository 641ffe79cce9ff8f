// The sportsbook bench's load generator, on its own thread so that it does not share the services' event loop
// (as the api bench runs autocannon in its own process): `clients` loops, each POSTing bets on a kept-alive
// connection until `bets` are placed. Plain JavaScript: a worker needs no TypeScript loader.
// The browsers it stands for run on other machines: here it shares the two cores with the services it measures, so
// it speaks HTTP/1.1 over a plain socket (one request in flight per connection, the status line and Content-Length
// read, nothing else) rather than through node:http's client, which cost about a third of a millisecond a bet.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { bookUrl, tokens, selections, bets, clients, stake } = workerData;
const target = new URL(bookUrl);
const HEADER_END = Buffer.from('\r\n\r\n');

/** One kept-alive connection: post() sends a request and resolves with the answer's status code. */
function connection() {
  const socket = connect({ host: target.hostname, port: Number(target.port), noDelay: true });
  const opened = new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let pending = Buffer.alloc(0);
  let waiting = null;
  socket.on('data', (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    const end = pending.indexOf(HEADER_END);
    if (end < 0 || !waiting) return;
    const head = pending.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
    if (!Number.isFinite(length))
      return waiting.reject(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
    if (pending.length < end + 4 + length) return;
    pending = pending.subarray(end + 4 + length);
    const answer = waiting;
    waiting = null;
    answer.resolve(Number(head.slice(9, 12)));
  });
  socket.on('error', (error) => waiting?.reject(error));
  socket.on('close', () => waiting?.reject(new Error('the sportsbook closed the connection')));
  return {
    async post(body, token) {
      await opened;
      const raw = JSON.stringify(body);
      const answered = new Promise((resolve, reject) => (waiting = { resolve, reject }));
      socket.write(
        `POST /api/bets HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nAuthorization: Bearer ${token}\r\nContent-Length: ${Buffer.byteLength(raw)}\r\n\r\n${raw}`,
      );
      return answered;
    },
    close: () => socket.end(),
  };
}

/** This thread's CPU so far, ms (utime and stime, in 10 ms ticks, after the command name). */
const cpuMs = () => {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

let next = 0;
let refused = 0;
// Each placement's time from its request written to its answer read, ms.
const latencies = new Float64Array(bets);
const cpuBefore = cpuMs();
const connections = Array.from({ length: clients }, connection);
const started = performance.now();
await Promise.all(
  connections.map(async (client) => {
    while (next < bets) {
      const n = next++;
      const { selectionId, price } = selections[n % selections.length];
      const sent = performance.now();
      const status = await client.post(
        { betId: randomUUID(), kind: 'single', stake, selections: [{ selectionId, price }], acceptPriceChanges: true },
        tokens[n % tokens.length],
      );
      latencies[n] = performance.now() - sent;
      if (status !== 201) refused++;
    }
  }),
);
for (const client of connections) client.close();
const seconds = (performance.now() - started) / 1000;
latencies.sort();
const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
const latency = { p50: percentile(50), p99: percentile(99), max: latencies[latencies.length - 1] };
parentPort.postMessage({ seconds, refused, cpuMs: cpuMs() - cpuBefore, latency });
