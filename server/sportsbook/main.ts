/**
 * The sportsbook on its own: `DATABASE_URL=postgres://... tsx server/sportsbook/main.ts`. Without DATABASE_URL it
 * keeps an embedded database of its own in DATA_DIR/sportsbook-pglite (it cannot share the PAM's PGlite, which
 * one process holds); `npm start` runs it inside the PAM's process instead.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { systemClock } from '../clock';
import { loadSportsbookConfig } from './config';
import { startSportsbook } from './start';

const config = loadSportsbookConfig(loadConfig());
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: resolve(config.dataDir, 'sportsbook-pglite') });
const sportsbook = await startSportsbook({ config, database, clock: systemClock, logLevel: process.env.LOG_LEVEL || 'info' });
sportsbook.app.log.info(`Sportsbook on ${config.sportsbookUrl} (database: ${database.kind}; wallet API at ${config.pamUrl})`);

async function shutdown() {
  await sportsbook.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
