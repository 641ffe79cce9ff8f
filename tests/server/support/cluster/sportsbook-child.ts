/**
 * A sportsbook instance as a child process for the crash and scale-out tests: server/sportsbook/main.ts's start,
 * on the PostgreSQL at DATABASE_URL, with a quicker outbox (a test cannot wait out the production backoff and the
 * 20 s hold that leaves a new debit to its placement). Prints "READY <origin>" once it listens.
 */
import { loadConfig } from '../../../../server/config';
import { openDatabase } from '../../../../server/db/database';
import { systemClock } from '../../../../server/clock';
import { loadSportsbookConfig } from '../../../../server/sportsbook/config';
import { startSportsbook } from '../../../../server/sportsbook/start';
import { sportsbookBusFromEnv } from '../../../../server/sportsbook/live/brokers';

const config = loadSportsbookConfig(loadConfig());
if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
const database = await openDatabase({ url: config.databaseUrl, poolSize: 8 });
const bus = await sportsbookBusFromEnv(process.env, (message, detail) => console.error(message, detail));
const sportsbook = await startSportsbook({
  config,
  database,
  clock: systemClock,
  logLevel: process.env.LOG_LEVEL || 'warn',
  operatorSocket: true,
  overrides: {
    bus,
    outboxPolicy: { baseDelayMs: 100, maxDelayMs: 500, debitGiveUpMs: 120_000, batchSize: 500, concurrency: 16 },
    placementPolicy: { inlineTries: 2, inlinePauseMs: 100, holdMs: 1_000 },
    rateLimits: { launch: { max: 10_000, timeWindow: 60_000 }, catalogue: { max: 100_000, timeWindow: 60_000 } },
    heartbeatMs: Number(process.env.SPORTSBOOK_HEARTBEAT_MS || 30_000),
    liveLimits: { connectionsPerAddress: 100_000 },
  },
});
console.log(`READY ${sportsbook.app.listeningOrigin}`);
