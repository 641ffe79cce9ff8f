// The sportsbook bench's load generator, on its own thread so that it does not share the services' event loop
// (as the api bench runs autocannon in its own process): `clients` loops, each POSTing bets on a kept-alive
// connection until `bets` are placed. Plain JavaScript: a worker needs no TypeScript loader.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { bookUrl, tokens, selections, bets, clients, stake } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: clients });

function post(body, token) {
  const raw = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(`${bookUrl}/api/bets`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(raw), authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(raw);
  });
}

let next = 0;
let refused = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (next < bets) {
      const n = next++;
      const { selectionId, price } = selections[n % selections.length];
      const status = await post({ betId: randomUUID(), kind: 'single', stake, selections: [{ selectionId, price }], acceptPriceChanges: true }, tokens[n % tokens.length]);
      if (status !== 201) refused++;
    }
  }),
);
agent.destroy();
parentPort.postMessage({ seconds: (performance.now() - started) / 1000, refused });
