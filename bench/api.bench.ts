/**
 * GET /balance against what it is made of: a bare Fastify JSON route and a raw balance read through the
 * same database pool, all on PostgreSQL, in one process, each under autocannon. Target (issue 26): the ratio of
 * GET /balance to the smaller of the other two is at least 0.8, in requests a second and in this process's CPU a
 * request (the steadier of the two on a shared machine). The raw read is one table built by Kysely per request;
 * GET /balance also reads the session's standing (three tables) but sends a statement built once (prebuiltQuery).
 * The last row, the raw read sent the same way, is the floor that leaves to the route's own work.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/seed';
import { autocannon, benchServices, formatRate } from './support';
import { prebuiltQuery } from '../server/platform/db/prebuilt-query';

const SECONDS = 8;
const CONNECTIONS = 50;

/** The server's CPU a request: unlike requests a second, it hardly moves with what else the machine is doing. */
async function withServerCpu<T extends { requests: number }>(load: () => Promise<T>) {
  const before = process.cpuUsage();
  const result = await load();
  const used = process.cpuUsage(before);
  return { ...result, cpuMicrosPerRequest: (used.user + used.system) / Math.max(1, result.requests) };
}

export default async function run(): Promise<void> {
  const { database, services, close } = await benchServices('bench_api', { poolSize: 10, providerSecret: 'bench' });
  try {
    await seedDemo(services);
    const app = await buildApp({ services });
    const userId = (await services.users.findIdByEmail(DEMO_EMAIL))!;
    app.get('/bench/bare', async () => ({ ok: true }));
    app.get('/bench/raw-balance', async () =>
      database.db
        .selectFrom('wallets')
        .select(['balance', 'currency'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    );
    const prebuiltBalance = prebuiltQuery(database.db, (user: number) =>
      database.db.selectFrom('wallets').select(['balance', 'currency']).where('user_id', '=', user),
    );
    app.get('/bench/prebuilt-balance', async () => (await prebuiltBalance(userId))[0]);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { accessToken } = await services.auth.login({ email: DEMO_EMAIL, password: DEMO_PASSWORD }, '127.0.0.1');

    const bare = await withServerCpu(() =>
      autocannon(`${base}/bench/bare`, { seconds: SECONDS, connections: CONNECTIONS }),
    );
    const raw = await withServerCpu(() =>
      autocannon(`${base}/bench/raw-balance`, { seconds: SECONDS, connections: CONNECTIONS }),
    );
    const balance = await withServerCpu(() =>
      autocannon(`${base}/balance`, {
        seconds: SECONDS,
        connections: CONNECTIONS,
        headers: { authorization: `Bearer ${accessToken}` },
      }),
    );
    const prebuilt = await withServerCpu(() =>
      autocannon(`${base}/bench/prebuilt-balance`, { seconds: SECONDS, connections: CONNECTIONS }),
    );
    await app.close();

    const rows = [
      ['bare Fastify JSON route', bare],
      ['raw balance read (same pool)', raw],
      ['GET /balance with a token', balance],
      ['raw read as a prebuilt statement', prebuilt],
    ] as const;
    for (const [name, result] of rows) {
      console.log(
        `${name.padEnd(32)} ${formatRate(result.requestsPerSecond).padStart(8)} req/s   p99 ${String(result.p99Ms).padStart(4)} ms   ${result.cpuMicrosPerRequest.toFixed(0).padStart(4)} µs of this process's CPU a request   errors ${result.errors + result.non2xx}`,
      );
    }
    const ratio = balance.requestsPerSecond / Math.min(bare.requestsPerSecond, raw.requestsPerSecond);
    console.log(
      `ratio GET /balance : min(bare, raw) = ${ratio.toFixed(2)} (target >= 0.80) ${ratio >= 0.8 ? 'MET' : 'NOT MET'}`,
    );
    const cpuRatio = Math.max(bare.cpuMicrosPerRequest, raw.cpuMicrosPerRequest) / balance.cpuMicrosPerRequest;
    console.log(
      `in CPU a request, max(bare, raw) : GET /balance = ${cpuRatio.toFixed(2)} (target >= 0.80) ${cpuRatio >= 0.8 ? 'MET' : 'NOT MET'}`,
    );
  } finally {
    await close();
  }
}
