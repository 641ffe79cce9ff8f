/**
 * A sportsbook instance for `npm run bench -- live` (a child process): the real instance, and while it leads the
 * feed, a trader moving prices BENCH_LIVE_CHANGES_PER_SECOND times a second, round the open matches, through the
 * catalogue's real path (stored, applied, pushed). Each change is printed as `CHANGE <eventId> <seq> <made> <stored>`
 * (epoch ms: just before it was asked for, and once stored and handed to the sockets), so the bench can time its
 * arrival at every client. Every few seconds `LOOP <p99 ms> <max ms>`: how late this instance's event loop ran.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startChildSportsbook } from '../tests/server/support/cluster/sportsbook-process';

const perSecond = Number(process.env.BENCH_LIVE_CHANGES_PER_SECOND || 50);
const sportsbook = await startChildSportsbook();
const { catalogue, runner } = sportsbook.services;
console.log(`READY ${sportsbook.app.listeningOrigin}`);

// Prices move once the bench says (SIGUSR2) its clients are connected: thousands of handshakes are a different test.
let trading = false;
process.on('SIGUSR2', () => (trading = true));

let turn = 0;
let inFlight = 0;
const timer = setInterval(() => {
  if (!trading) return;
  // Changes to different matches overlap (the catalogue orders those of one match); a backlog is not made worse.
  if (inFlight >= 32 || !runner.isLeading) return;
  const open = catalogue.records().filter((record) => record.status === 'scheduled');
  if (open.length === 0) return;
  const record = open[turn++ % open.length]!;
  const factor = turn % 2 === 0 ? 1.01 : 1 / 1.01;
  const at = performance.timeOrigin + performance.now();
  inFlight++;
  catalogue
    .advance(record.id, (current) => ({ ...current, rates: { ...current.rates, home: current.rates.home * factor } }))
    .then((changed) => {
      if (changed) console.log(`CHANGE ${changed.id} ${changed.seq} ${at.toFixed(2)} ${(performance.timeOrigin + performance.now()).toFixed(2)}`);
    })
    .catch((error: unknown) => console.error('price change failed', error))
    .finally(() => inFlight--);
}, 1000 / perSecond);
timer.unref();

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
setInterval(() => {
  console.log(`LOOP ${(loop.percentile(99) / 1e6).toFixed(0)} ${(loop.max / 1e6).toFixed(0)}`);
  loop.reset();
}, 5_000).unref();
