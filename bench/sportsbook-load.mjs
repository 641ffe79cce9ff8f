// The sportsbook bench's load generator, on its own thread so that it does not share the services' event loop
// (as the api bench runs autocannon in its own process): `clients` loops, each POSTing bets on a kept-alive
// connection until `bets` are placed. Plain JavaScript: a worker needs no TypeScript loader.
// It speaks HTTP/1.1 over plain sockets (./http-connection.mjs), not node:http's client.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { connection } from './http-connection.mjs';

const { bookUrl, tokens, selections, bets, clients, stake } = workerData;
const target = new URL(bookUrl);

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
const connections = Array.from({ length: clients }, () => connection(target));
const started = performance.now();
await Promise.all(
  connections.map(async (client) => {
    while (next < bets) {
      const n = next++;
      const { selectionId, price } = selections[n % selections.length];
      const sent = performance.now();
      const { status } = await client.send('POST', '/api/bets', tokens[n % tokens.length], {
        betId: randomUUID(),
        kind: 'single',
        stake,
        selections: [{ selectionId, price }],
        acceptPriceChanges: true,
      });
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
