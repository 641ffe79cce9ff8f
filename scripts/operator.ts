/**
 * The operator's command line: `npm run operator -- <command> <args...>`.
 * It acts through the running server when there is one (PGlite allows one process, and live pushes
 * must reach the server's connections); otherwise it opens the database itself.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { systemClock } from '../server/clock';
import { createServices } from '../server/services';
import { InProcessBus, PostgresBus } from '../server/modules/live/bus';
import { OutboxMailer } from '../server/providers/mail/outbox-mailer';
import { findCommand, operatorCommands } from '../server/modules/operator/commands';
import { AppError } from '../server/errors';
import { findSportsbookCommand, sportsbookCommands } from '../server/sportsbook/operator/commands';

const [name, ...args] = process.argv.slice(2);
const config = loadConfig();

function usage(): never {
  console.error(`Usage: npm run operator -- <command> [args]\n\nCommands:\n${[...operatorCommands, ...sportsbookCommands].map((c) => `  ${c.usage}`).join('\n')}`);
  process.exit(2);
}

if (!name || (!findCommand(name) && !findSportsbookCommand(name))) usage();
// Sportsbook commands go to the sportsbook's own port: its catalogue lives in that process's memory.
const forSportsbook = findSportsbookCommand(name) !== undefined;

async function throughServer(): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${forSportsbook ? config.sportsbookPort : config.port}/operator/${encodeURIComponent(name!)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-key': config.secrets.operatorKey },
      body: JSON.stringify({ args }),
    });
  } catch {
    return false;
  }
  const body = (await response.json()) as { result?: unknown; message?: string };
  if (!response.ok) {
    console.error(body.message ?? `Failed with HTTP ${response.status}`);
    process.exit(1);
  }
  console.log(JSON.stringify(body.result, null, 2));
  return true;
}

async function directly(): Promise<void> {
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: resolve(config.dataDir, 'pglite') });
  await migrateToLatest(database.db);
  const bus = config.databaseUrl ? await PostgresBus.connect(config.databaseUrl) : new InProcessBus();
  const services = createServices({ db: database.db, clock: systemClock, config, mailer: new OutboxMailer(database.db, systemClock), bus });
  try {
    console.log(JSON.stringify(await findCommand(name!)!.run(services, args), null, 2));
  } catch (error) {
    console.error(error instanceof AppError ? error.message : error);
    process.exitCode = 1;
  } finally {
    await bus.close();
    await database.close();
  }
}

if (!(await throughServer())) {
  if (forSportsbook) {
    console.error('The sportsbook is not running: start it (npm start) and try again.');
    process.exitCode = 1;
  } else await directly();
}
