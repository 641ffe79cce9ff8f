/**
 * The PAM on a thread of its own for the sportsbook bench: the wallet API is another service on another origin, so
 * it gets its own event loop (and database pool) as it would in its own process. Listens on 127.0.0.1:0, answers
 * {port}; then {type: 'counts'} with its statement counts and its thread's CPU ms so far, and {type: 'close'} closes it.
 * With BENCH_PROFILE set, the thread's V8 CPU profile from start to close is written there as pam.cpuprofile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../server/platform/db/database';
import type { Database } from '../server/db/schema';
import { buildApp } from '../server/app';
import { servicesOver, statementCounter, threadCpuMs, threadProfile } from './support';

const { url, poolSize, providerSecret } = workerData as { url: string; poolSize: number; providerSecret: string };
const statements = statementCounter();
const profile = await threadProfile('pam');
const database = await openDatabase<Database>({ url, poolSize });
const app = await buildApp({ services: servicesOver(database, providerSecret) });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
parentPort!.on('message', async (message: { type: 'counts' | 'close' }) => {
  if (message.type === 'counts') parentPort!.postMessage({ counts: statements.take(), cpuMs: threadCpuMs() });
  else {
    await app.close();
    await database.close();
    await profile?.stop();
    parentPort!.postMessage({ closed: true });
    parentPort!.close();
  }
});
parentPort!.postMessage({ port: typeof address === 'object' && address ? address.port : 0 });
