/**
 * The sportsbook on its own: `DATABASE_URL=postgres://... tsx server/sportsbook/main.ts`. Without DATABASE_URL it
 * keeps an embedded database of its own in DATA_DIR/sportsbook-pglite (it cannot share the PAM's PGlite, which
 * one process holds); `npm start` runs it inside the PAM's process instead.
 */
import { resolve } from 'node:path';
import { loadDeploymentConfig } from '../platform/config';
import { openDatabase } from '../platform/db/database';
import { systemClock } from '../platform/clock';
import { loadSportsbookConfig } from './config';
import { startSportsbook } from './start';
import type { BrokerLog } from '../platform/live/broker';
import { sportsbookBusFromEnv } from './live/brokers';
import { announce, logSettingsFromEnv } from '../platform/logging';

const config = loadSportsbookConfig(loadDeploymentConfig());
const logSettings = logSettingsFromEnv(process.env);
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: resolve(config.dataDir, 'sportsbook-pglite') },
);
// Pushes reach browsers on every instance: Redis pub/sub with REDIS_URL, else PostgreSQL LISTEN/NOTIFY.
let logBroker: BrokerLog = (message, detail) => console.error(message, detail);
const bus = await sportsbookBusFromEnv(
  {
    REDIS_URL: process.env.REDIS_URL,
    REDIS_CHANNEL_PREFIX: process.env.REDIS_CHANNEL_PREFIX,
    DATABASE_URL: config.databaseUrl,
  },
  (message, detail) => logBroker(message, detail),
);
const sportsbook = await startSportsbook({
  config,
  database,
  clock: systemClock,
  logLevel: logSettings.level,
  prettyLogs: logSettings.pretty,
  operatorSocket: true,
  overrides: { bus },
});
logBroker = (message, detail) => sportsbook.app.log.warn({ detail }, message);
announce(
  sportsbook.app.log,
  logSettings,
  `Sportsbook   ${config.sportsbookUrl}   (database: ${database.kind}; wallet API at ${config.pamUrl})`,
);

async function shutdown() {
  await sportsbook.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
