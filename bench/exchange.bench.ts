/**
 * The exchange, part (1): the matching engine alone, one market's book on one core, under a realistic flow of
 * order operations: resting orders placed near the touch, cancels (whole and in part) of resting ones, and orders
 * that cross the spread and take one or more levels, on the three runners of a Match Odds market whose fair prices
 * drift. Target: >= 1,000,000 operations a second, with p99 per operation. The flow's random numbers and order ids
 * are made before the clock starts, so the figures are the engine's own. BENCH_EXCHANGE_SECONDS sets the run.
 * Parts (2) and (3), end to end over HTTP and to 10,000 sockets, are in ./exchange-end-to-end.ts; part (4), kill -9
 * rounds, joins PARTS below. BENCH_EXCHANGE_PARTS picks them (a comma list, default all: 1,2,3,4).
 */
import { randomUUID } from 'node:crypto';
import { OrderBook } from '../server/exchange/book';
import { TICK_COUNT } from '../src/contract/exchange-ladder';
import { formatRate } from './support';
import { exchangeEndToEnd } from './exchange-end-to-end';

const TARGET_OPS_PER_SECOND = 1_000_000;
const SECONDS = Number(process.env.BENCH_EXCHANGE_SECONDS || 5);
const RUNNERS = 3;
/** Pre-made operations, cycled; long enough that patterns do not repeat within a second. */
const FLOW = 1 << 20;
const IDS = 1 << 17;
/** Resting orders the market usually holds, over its three runners' two sides. */
const DEPTH = 3_000;
/** One operation in this many is timed alone (hrtime costs about as much as an operation, so not every one). */
const SAMPLE_EVERY = 32;
/** Ticks of 2.0, 3.6 and 4.5 on the ladder: home, draw, away. */
const FAIR_TICKS = [99, 127, 139];

const enum Kind {
  RestBack,
  RestLay,
  CrossBack,
  CrossLay,
  Cancel,
  CancelPart,
}

/** The parts in order; parts (2) and (3) share one world of real processes, so they run as one step. */
const PARTS: Array<{ parts: string[]; run: (wanted: Set<string>) => Promise<void> }> = [
  { parts: ['1'], run: matchingEngine },
  { parts: ['2', '3'], run: (wanted) => exchangeEndToEnd({ orders: wanted.has('2'), ladder: wanted.has('3') }) },
];

export default async function run(): Promise<void> {
  const wanted = new Set((process.env.BENCH_EXCHANGE_PARTS || '1,2,3,4').split(',').map((part) => part.trim()));
  for (const part of PARTS) {
    if (!part.parts.some((name) => wanted.has(name))) continue;
    console.log(`--- part ${part.parts.join(' and ')} ---`);
    await part.run(wanted);
  }
}

async function matchingEngine(): Promise<void> {
  const flow = makeFlow();
  // Ids are reused once their orders are long gone (a clash would be refused and counted): a million live strings
  // would make the benchmark measure the garbage collector walking them.
  const ids = Array.from({ length: IDS }, () => randomUUID());
  const customers = Array.from({ length: 500 }, (_, n) => `customer-${n}`);
  const book = new OrderBook(RUNNERS, { maxOrders: 200_000, maxOrdersPerCustomer: 1_000 });
  // Orders that rested, oldest first: a market maker's cancels refresh its oldest quotes.
  const resting = new Array<string>(1 << 16).fill('');
  let oldest = 0;
  let newest = 0;
  const fair = FAIR_TICKS.slice();

  let operations = 0;
  let fills = 0;
  let refused = 0;
  const samples: number[] = [];
  const step = (n: number) => {
    const at = n & (FLOW - 1);
    let kind = flow.kind[at]! as Kind;
    const runner = flow.runner[at]!;
    if ((n & 1023) === 0) fair[runner] = clampTick(fair[runner]! + flow.drift[at]!);
    let result;
    // Orders matched since they rested are skipped: every cancel timed here cancels something.
    while (oldest !== newest && !book.isResting(resting[oldest]!)) oldest = (oldest + 1) & (resting.length - 1);
    const depth = (newest - oldest) & (resting.length - 1);
    // Below the book's usual depth a cancel is a new quote instead, so the book holds its depth throughout.
    if (kind === Kind.Cancel && depth < DEPTH) kind = flow.pick[at]! & 1 ? Kind.RestBack : Kind.RestLay;
    if (kind === Kind.Cancel || kind === Kind.CancelPart) {
      if (kind === Kind.Cancel) {
        result = book.cancel(resting[oldest]!);
        oldest = (oldest + 1) & (resting.length - 1);
      } else {
        const lately = (newest - 1 - (flow.pick[at]! & 255)) & (resting.length - 1);
        result = book.cancel(resting[lately]!, flow.size[at]! >> 1);
      }
    } else {
      const back = kind === Kind.RestBack || kind === Kind.CrossBack;
      const cross = kind === Kind.CrossBack || kind === Kind.CrossLay;
      const away = flow.offset[at]!;
      // Resting backs sit above the fair price and resting lays below it; crossing orders reach across.
      const tick = clampTick(fair[runner]! + (back ? (cross ? -away : away + 1) : cross ? away : -away - 1));
      const orderId = ids[n & (IDS - 1)]!;
      result = book.place({
        orderId,
        customerId: customers[flow.pick[at]! % customers.length]!,
        runner,
        side: back ? 'back' : 'lay',
        tick,
        size: cross ? flow.size[at]! * 4 : flow.size[at]!,
        persistence: 'lapse',
      });
      if (!cross && result.ok && result.orders[0]!.sizeRemaining > 0) {
        resting[newest] = orderId;
        newest = (newest + 1) & (resting.length - 1);
        if (newest === oldest) oldest = (oldest + 1) & (resting.length - 1);
      }
    }
    if (result.ok) fills += result.fills.length;
    else refused++;
  };

  for (let n = 0; n < 300_000; n++) step(n);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  let n = 300_000;
  while (performance.now() < deadline) {
    for (let batch = 0; batch < 4096; batch++, n++) {
      if ((n & (SAMPLE_EVERY - 1)) === 0) {
        const before = process.hrtime.bigint();
        step(n);
        samples.push(Number(process.hrtime.bigint() - before));
      } else step(n);
    }
    operations += 4096;
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  // On a shared machine the wall clock counts other processes' turns too; CPU time is this engine's alone.
  const perSecond = operations / elapsed;
  const perCpuSecond = operations / cpuSeconds;
  samples.sort((a, b) => a - b);
  const percentile = (p: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * p))]!;

  console.log(
    `matching engine: ${formatRate(perSecond)} operations/s by the wall clock, ${formatRate(perCpuSecond)} per CPU second ` +
      `(${cpuSeconds.toFixed(1)} s of CPU in ${elapsed.toFixed(1)} s) ` +
      `(${operations.toLocaleString('en-GB')} operations, ${fills.toLocaleString('en-GB')} fills, ` +
      `${refused.toLocaleString('en-GB')} part cancels of orders already gone); target >= ${formatRate(TARGET_OPS_PER_SECOND)} ` +
      `per CPU second ${perCpuSecond >= TARGET_OPS_PER_SECOND ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `per operation (1 in ${SAMPLE_EVERY} timed, hrtime included): p50 ${(percentile(0.5) / 1000).toFixed(2)} µs, ` +
      `p99 ${(percentile(0.99) / 1000).toFixed(2)} µs, p99.9 ${(percentile(0.999) / 1000).toFixed(2)} µs, ` +
      `max ${(samples[samples.length - 1]! / 1000).toFixed(1)} µs; ${book.orderCount.toLocaleString('en-GB')} orders resting at the end`,
  );
}

const clampTick = (tick: number) => Math.max(0, Math.min(TICK_COUNT - 1, tick));

/**
 * The flow: 40% resting orders within five ticks of the fair price, 32% cancels of the oldest resting orders and 8%
 * part cancels of recent ones, 20% crossing orders four times the usual size, which sweep a level or more.
 */
function makeFlow() {
  const kind = new Uint8Array(FLOW);
  const runner = new Uint8Array(FLOW);
  const offset = new Uint8Array(FLOW);
  const size = new Int32Array(FLOW);
  const pick = new Uint32Array(FLOW);
  const drift = new Int8Array(FLOW);
  for (let at = 0; at < FLOW; at++) {
    const roll = Math.random();
    kind[at] =
      roll < 0.2
        ? Kind.RestBack
        : roll < 0.4
          ? Kind.RestLay
          : roll < 0.5
            ? Kind.CrossBack
            : roll < 0.6
              ? Kind.CrossLay
              : roll < 0.92
                ? Kind.Cancel
                : Kind.CancelPart;
    runner[at] = Math.floor(Math.random() * RUNNERS);
    offset[at] = Math.floor(Math.random() * Math.random() * 5);
    size[at] = 200 + Math.floor(Math.random() * Math.random() * 20_000);
    pick[at] = Math.floor(Math.random() * 2 ** 32);
    drift[at] = Math.floor(Math.random() * 3) - 1;
  }
  return { kind, runner, offset, size, pick, drift };
}
