/**
 * A sportsbook instance for `npm run bench -- live` (a child process): the real instance, and while it leads the
 * feed, a trader moving prices BENCH_LIVE_CHANGES_PER_SECOND times a second, round the open matches, through the
 * catalogue's real path (stored, applied, pushed). Each change is printed as `CHANGE <eventId> <seq> <made> <stored>`
 * (epoch ms: just before it was asked for, and when, stored, it reached this instance's sockets' hub), so the bench can time its
 * arrival at every client. Every few seconds `LOOP <p99 ms> <max ms>`: how late this instance's event loop ran; every
 * second `TRADER <made> <skipped>`: changes asked for so far, and changes the trader owed but skipped because too many
 * were still in flight (the instance did not absorb the rate).
 * With BENCH_LIVE_CPU_PROF=<directory>, the instance's CPU is profiled from the first change for
 * BENCH_LIVE_CPU_PROF_SECONDS (default 10) into that directory (open the .cpuprofile in Chrome's DevTools).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startChildSportsbook } from '../tests/server/support/cluster/sportsbook-process';

const perSecond = Number(process.env.BENCH_LIVE_CHANGES_PER_SECOND || 50);
/** Changes to different matches overlap (the catalogue orders those of one match); past this many a backlog is not made worse. */
const MAX_IN_FLIGHT = 32;
const sportsbook = await startChildSportsbook();
const { catalogue, runner, bus } = sportsbook.services;
console.log(`READY ${sportsbook.app.listeningOrigin}`);

const now = () => performance.timeOrigin + performance.now();
/** When each change (`eventId:seq`) reached the hub: the bus hands it over synchronously, before any broker. */
const handedOver = new Map<string, number>();
bus.subscribe((message) => {
  if (message.kind !== 'event') return;
  // The feed's own changes are never asked for here: the map is bounded rather than emptied by them.
  if (handedOver.size >= 10_000) handedOver.clear();
  handedOver.set(`${message.update.eventId}:${message.update.seq}`, now());
});
let turn = 0;
let inFlight = 0;
let made = 0;
let skipped = 0;
/** Changes due while another instance led the feed: that instance's trader makes them. */
let notLeading = 0;

function change(): void {
  const open = catalogue.records().filter((record) => record.status === 'scheduled');
  if (open.length === 0) return;
  const record = open[turn++ % open.length]!;
  const factor = turn % 2 === 0 ? 1.01 : 1 / 1.01;
  const at = now();
  inFlight++;
  made++;
  catalogue
    .advance(record.id, (current) => ({ ...current, rates: { ...current.rates, home: current.rates.home * factor } }))
    .then((changed) => {
      if (!changed) return;
      const key = `${changed.id}:${changed.seq}`;
      console.log(`CHANGE ${changed.id} ${changed.seq} ${at.toFixed(2)} ${(handedOver.get(key) ?? now()).toFixed(2)}`);
      handedOver.delete(key);
    })
    .catch((error: unknown) => console.error('price change failed', error))
    .finally(() => inFlight--);
}

/**
 * Paced by elapsed time, not by a timer per change: on a busy event loop timers fire late and an interval does not
 * make up for the firings it missed, so the rate would fall with the load it is meant to create. Each wake makes every
 * change due since the start; those over the in-flight cap are counted as skipped, not owed forever.
 */
function trade(): void {
  const started = now();
  const wake = () => {
    const due = Math.floor(((now() - started) * perSecond) / 1_000);
    while (made + skipped + notLeading < due) {
      if (!runner.isLeading) notLeading++;
      else if (inFlight >= MAX_IN_FLIGHT) skipped++;
      else change();
    }
    setTimeout(wake, Math.max(1, Math.floor(1_000 / perSecond / 2))).unref();
  };
  wake();
  setInterval(() => console.log(`TRADER ${made} ${skipped}`), 1_000).unref();
}

/** The instance's CPU from the first change, for BENCH_LIVE_CPU_PROF_SECONDS, as a .cpuprofile in the given directory. */
async function profile(directory: string): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  setTimeout(
    async () => {
      const { profile } = await session.post('Profiler.stop');
      const file = join(directory, `live-${process.pid}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`PROFILE ${file}`);
    },
    Number(process.env.BENCH_LIVE_CPU_PROF_SECONDS || 10) * 1_000,
  ).unref();
}

// Prices move once the bench says (SIGUSR2) its clients are connected: thousands of handshakes are a different test.
let trading = false;
process.on('SIGUSR2', () => {
  if (trading) return;
  trading = true;
  trade();
  if (process.env.BENCH_LIVE_CPU_PROF) void profile(process.env.BENCH_LIVE_CPU_PROF);
});

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
setInterval(() => {
  console.log(`LOOP ${(loop.percentile(99) / 1e6).toFixed(0)} ${(loop.max / 1e6).toFixed(0)}`);
  loop.reset();
}, 5_000).unref();
