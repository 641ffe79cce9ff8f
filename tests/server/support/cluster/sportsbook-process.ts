import { loadConfig } from '../../../../server/config';
import { openDatabase } from '../../../../server/platform/db/database';
import { systemClock } from '../../../../server/platform/clock';
import { loadSportsbookConfig } from '../../../../server/sportsbook/config';
import { startSportsbook, type RunningSportsbook } from '../../../../server/sportsbook/start';
import { sportsbookBusFromEnv } from '../../../../server/sportsbook/live/brokers';

/**
 * A sportsbook instance for a child process of the crash and scale-out tests and the live bench:
 * server/sportsbook/main.ts's start on the PostgreSQL at DATABASE_URL, with its broker from the environment, and a
 * quicker outbox (a test cannot wait out the production backoff and the 20 s hold that leaves a new debit to its
 * placement) and no per-address limits (every test client comes from 127.0.0.1).
 */
export async function startChildSportsbook(): Promise<RunningSportsbook> {
  const config = loadSportsbookConfig(loadConfig());
  if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
  const database = await openDatabase({ url: config.databaseUrl, poolSize: 8 });
  const bus = await sportsbookBusFromEnv(
    {
      REDIS_URL: process.env.REDIS_URL,
      REDIS_CHANNEL_PREFIX: process.env.REDIS_CHANNEL_PREFIX,
      DATABASE_URL: config.databaseUrl,
    },
    (message, detail) => console.error(message, detail),
  );
  return startSportsbook({
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
      liveLimits: { connectionsPerAddress: 100_000 },
    },
  });
}
