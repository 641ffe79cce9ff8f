/**
 * The exchange's process under a V8 CPU profile, for BENCH_EXCHANGE_CPU_PROF=<dir>: node refuses --cpu-prof in
 * NODE_OPTIONS, so the profiler is started here and the profile written as the process exits (a same-thread
 * inspector session answers synchronously, so the exit handler can).
 */
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const directory = process.env.BENCH_EXCHANGE_CPU_PROF!;
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
await import('../server/exchange/main');
