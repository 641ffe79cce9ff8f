/**
 * The exchange on its own: `DATABASE_URL=postgres://... PAM_URL=http://... tsx server/exchange/main.ts`. Without
 * DATABASE_URL it keeps an embedded database of its own in DATA_DIR/exchange-pglite (it cannot share the PAM's
 * PGlite, which one process holds); `npm start` runs it inside the PAM's process instead.
 */
import { resolve } from 'node:path';
import { loadDeploymentConfig } from '../platform/config';
import { openDatabase } from '../platform/db/database';
import { systemClock } from '../platform/clock';
import { loadExchangeConfig } from './config';
import { startExchange } from './start';

const config = loadExchangeConfig(loadDeploymentConfig());
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: resolve(config.dataDir, 'exchange-pglite') },
);
const exchange = await startExchange({
  config,
  database,
  clock: systemClock,
  logLevel: process.env.LOG_LEVEL || 'info',
  operatorSocket: true,
});
exchange.app.log.info(
  `Exchange on ${config.exchangeUrl} (database: ${database.kind}; wallet at ${config.pamUrl}; feed at ${config.feedUrl})`,
);

async function shutdown() {
  await exchange.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
