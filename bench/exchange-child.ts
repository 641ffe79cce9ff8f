/**
 * The exchange's process as the exchange bench runs it: server/exchange/main.ts, plus a count of the statements it
 * sends to PostgreSQL (every pg client query; BEGIN, COMMIT and ROLLBACK apart; and the placement rounds, counted by
 * their one storePlaced statement), printed as `STATEMENTS <all> <control> <rounds>` on SIGUSR2; and with BENCH_EXCHANGE_CPU_PROF=<dir> a V8 CPU profile written there as it exits (node refuses
 * --cpu-prof in NODE_OPTIONS; a same-thread inspector session answers synchronously, so the exit handler can).
 */
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const counts = { all: 0, control: 0, rounds: 0 };
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === 'string' ? first : String((first as { text?: unknown } | undefined)?.text ?? '');
  counts.all++;
  if (/^\s*(begin|commit|rollback)/i.test(text)) counts.control++;
  else if (/^\s*WITH placed AS/.test(text)) counts.rounds++;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;
process.on('SIGUSR2', () => console.log(`STATEMENTS ${counts.all} ${counts.control} ${counts.rounds}`));

const directory = process.env.BENCH_EXCHANGE_CPU_PROF;
if (directory) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      mkdirSync(directory, { recursive: true });
      writeFileSync(join(directory, `exchange-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
await import('../server/exchange/main');
