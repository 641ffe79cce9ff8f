// The exchange bench's order flow, on a thread of its own so that it does not share the bench's event loop (plain
// JavaScript: a worker needs no TypeScript loader). Speaks HTTP/1.1 over plain kept-alive sockets
// (./http-connection.mjs) and reads each answer's order to know what rested.
//
// The flow, on several markets: 40% orders that rest a few ticks off the touch, 45% that cross it (up to three times
// the usual size, so they match whole, in part or not at all and rest), 15% cancels of the sender's own resting orders;
// the fair prices drift. `mode: 'closed'` keeps `connections` loops busy for `seconds`; `mode: 'paced'` sends `rate`
// orders a second from the first token alone for `seconds`, whatever the answers, each timed from when it was due (so a
// slow answer delays the ones queued behind it and shows in their latency).
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { connection } from './http-connection.mjs';

const { url, mode, tokens, markets, ladder, seconds, connections, rate } = workerData;
const target = new URL(url);

const tickOf = (hundredths) => ladder.indexOf(hundredths);
const clampTick = (tick) => Math.max(0, Math.min(ladder.length - 1, tick));
const fair = markets.map((market) => market.fairPrices.map(tickOf));
/** Each token's resting orders (ids), for its cancels. */
const resting = tokens.map(() => []);

const stats = {
  placed: 0,
  rested: 0,
  matchedWhole: 0,
  matchedInPart: 0,
  cancels: 0,
  cancelsTooLate: 0,
  refused: {},
  failed: 0,
  latencies: [],
  orderLatencies: [],
};

let n = 0;
/** One operation: what it is, sent, answered and counted. `dueAt` is when it should have gone (paced mode). */
async function operate(client, tokenIndex, dueAt) {
  const at = n++;
  const token = tokens[tokenIndex];
  const mine = resting[tokenIndex];
  const roll = Math.random();
  const started = dueAt ?? performance.now();
  try {
    if (roll < 0.15 && mine.length > 0) {
      const orderId = mine.splice(Math.floor(Math.random() * mine.length), 1)[0];
      const answer = await client.send('DELETE', `/api/orders/${orderId}`, token);
      stats.latencies.push(performance.now() - started);
      if (answer.status === 200) stats.cancels++;
      else if (answer.status === 422) stats.cancelsTooLate++;
      else count(answer);
      return;
    }
    const m = at % markets.length;
    const market = markets[m];
    const runner = Math.floor(Math.random() * market.selectionIds.length);
    if (at % 200 === 0) fair[m][runner] = clampTick(fair[m][runner] + Math.floor(Math.random() * 3) - 1);
    const back = Math.random() < 0.5;
    const cross = roll >= 0.55;
    const away = Math.floor(Math.random() * 4);
    // Resting backs sit above the fair price and resting lays below it; crossing orders reach across.
    const tick = clampTick(fair[m][runner] + (back ? (cross ? -away : away + 1) : cross ? away : -away - 1));
    const usual = 200 + Math.floor(Math.random() * Math.random() * 4_800);
    const size = cross ? usual * (1 + Math.floor(Math.random() * 3)) : usual;
    const answer = await client.send('POST', '/api/orders', token, {
      orderId: randomUUID(),
      marketId: market.marketId,
      selectionId: market.selectionIds[runner],
      side: back ? 'back' : 'lay',
      price: ladder[tick] / 100,
      size,
      persistence: 'lapse',
    });
    const took = performance.now() - started;
    stats.latencies.push(took);
    stats.orderLatencies.push(took);
    if (answer.status !== 201) return count(answer);
    stats.placed++;
    const { order } = JSON.parse(answer.body);
    if (order.sizeMatched === 0) stats.rested++;
    else if (order.sizeRemaining === 0) stats.matchedWhole++;
    else stats.matchedInPart++;
    if (order.sizeRemaining > 0) mine.push(order.orderId);
  } catch {
    stats.failed++;
  }
}

function count(answer) {
  let code = String(answer.status);
  try {
    code += ` ${JSON.parse(answer.body).code ?? ''}`;
  } catch {
    /* not JSON */
  }
  stats.refused[code] = (stats.refused[code] ?? 0) + 1;
}

const clients = Array.from({ length: connections }, () => connection(target));
const started = performance.now();
const deadline = started + seconds * 1000;
let lastAnswer = started;
let unsent = 0;
let unanswered = 0;
if (mode === 'closed') {
  let next = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) await operate(client, next++ % tokens.length);
    }),
  );
  lastAnswer = performance.now();
} else {
  // Paced: operation k is due at started + k / rate; whatever is due goes on a free connection, else waits its turn.
  const free = [...clients];
  const due = [];
  const total = Math.floor(seconds * rate);
  let scheduled = 0;
  let inFlight = 0;
  await new Promise((resolve) => {
    const pump = () => {
      const now = performance.now();
      while (scheduled < total && started + (scheduled * 1000) / rate <= now)
        due.push(started + (scheduled++ * 1000) / rate);
      while (due.length > 0 && free.length > 0) {
        const client = free.pop();
        const dueAt = due.shift();
        inFlight++;
        void operate(client, 0, dueAt).then(() => {
          inFlight--;
          lastAnswer = performance.now();
          free.push(client);
        });
      }
      // Bounded: ten seconds after the end, what has not gone is counted unsent and what has no answer unanswered.
      if (scheduled >= total && due.length === 0 && inFlight === 0) return resolve();
      if (now > deadline + 10_000) {
        unsent = due.length + total - scheduled;
        unanswered = inFlight;
        return resolve();
      }
      setTimeout(pump, 1);
    };
    pump();
  });
}
for (const client of clients) client.close();
parentPort.postMessage({
  ...stats,
  unsent,
  unanswered,
  seconds: (lastAnswer - started) / 1000,
  window: seconds,
});
