/**
 * The operator's command line: `npm run operator -- <command> <args...>`.
 * It acts through the running server when there is one, over the server's private Unix socket in DATA_DIR
 * (PGlite allows one process, and live pushes must reach the server's connections). Only when no server holds
 * the embedded database does it open the database itself; it never writes behind a running server.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/platform/db/database';
import type { Database } from '../server/db/schema';
import { migrateToLatest } from '../server/db/migrate';
import { systemClock } from '../server/platform/clock';
import { createServices } from '../server/services';
import { InProcessBus, PostgresBus } from '../server/modules/live/bus';
import { OutboxMailer } from '../server/providers/mail/outbox-mailer';
import { pamCommands, runOperatorRequest } from '../server/modules/operator/commands';
import type { OperatorAnswer } from '../server/platform/operator/dispatch';
import { OperatorSocketUnavailable, sendOperatorCommand } from '../server/platform/operator/socket';
import { databaseHolder, holdDatabase } from '../server/platform/operator/data-dir-lock';
import { sportsbookCommands } from '../server/sportsbook/operator/commands';
import { exchangeCommands } from '../server/exchange/operator/commands';
import { parseReconcileArgs, reconciliationFailed } from '../server/sportsbook/reconciliation/command';
import { Reconciler } from '../server/sportsbook/reconciliation/reconciler';
import { WalletClient } from '../server/sportsbook/wallet-client';
import { loadSportsbookConfig } from '../server/sportsbook/config';
import type { BetsDb } from '../server/sportsbook/bets/tables';

const [name, ...args] = process.argv.slice(2);
const config = loadConfig();

function usage(): never {
  console.error(
    `Usage: npm run operator -- <command> [args]\n\nCommands:\n${[...pamCommands.commands, ...sportsbookCommands.commands, ...exchangeCommands.commands].map((c) => `  ${c.usage}`).join('\n')}`,
  );
  process.exit(2);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!name || (!pamCommands.find(name) && !sportsbookCommands.find(name) && !exchangeCommands.find(name))) usage();
// Sportsbook commands go to the sportsbook's own socket: its catalogue lives in that process's memory.
const forSportsbook = sportsbookCommands.find(name) !== undefined;
// Exchange commands likewise go to the exchange's socket: its books live in that process's memory.
const forExchange = exchangeCommands.find(name) !== undefined;

async function throughServer(): Promise<OperatorAnswer | undefined> {
  try {
    return await sendOperatorCommand(
      config.dataDir,
      name!,
      args,
      forSportsbook ? 'sportsbook' : forExchange ? 'exchange' : 'operator',
    );
  } catch (error) {
    if (error instanceof OperatorSocketUnavailable) return undefined;
    return fail(error instanceof Error ? error.message : String(error));
  }
}

async function directly(): Promise<OperatorAnswer> {
  const holder = databaseHolder(config.dataDir);
  if (holder !== undefined) {
    fail(
      `A server (process ${holder}) holds the database in ${config.dataDir} but its operator socket does not answer. Try again once it has started, or stop it; the command was not run.`,
    );
  }
  const release = config.databaseUrl ? () => {} : holdDatabase(config.dataDir);
  const database = await openDatabase<Database>(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: resolve(config.dataDir, 'pglite') },
  );
  try {
    await migrateToLatest(database.db);
    const bus = config.databaseUrl ? await PostgresBus.connect(config.databaseUrl) : new InProcessBus();
    const services = createServices({
      db: database.db,
      clock: systemClock,
      config,
      mailer: new OutboxMailer(database.db, systemClock),
      bus,
    });
    try {
      return await runOperatorRequest(services, { command: name, args }, (error) => console.error(error));
    } finally {
      await bus.close();
    }
  } finally {
    await database.close();
    release();
  }
}

/** A reconciliation needs no running sportsbook: its database (PostgreSQL) and the PAM's signed API are enough. */
async function reconcileDirectly(): Promise<OperatorAnswer> {
  if (!config.databaseUrl)
    fail('The sportsbook is not running, so its operator socket does not answer: start it (npm start) and try again.');
  const bookConfig = loadSportsbookConfig(config);
  const database = await openDatabase<Database>({ url: config.databaseUrl });
  try {
    const wallet = new WalletClient({
      pamUrl: bookConfig.pamUrl,
      secret: config.secrets.sportsbookSecret,
      clock: systemClock,
      timeoutMs: 30_000,
    });
    return {
      status: 200,
      result: await new Reconciler(database.db as unknown as BetsDb, wallet, systemClock).run(parseReconcileArgs(args)),
    };
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  } finally {
    await database.close();
  }
}

const answer =
  (await throughServer()) ??
  (name === 'reconcile'
    ? await reconcileDirectly()
    : forSportsbook || forExchange
      ? fail(
          `The ${forExchange ? 'exchange' : 'sportsbook'} is not running, so its operator socket does not answer: start it (npm start) and try again.`,
        )
      : await directly());
if (answer.status !== 200) fail(answer.message ?? `Failed (status ${answer.status})`);
console.log(JSON.stringify(answer.result, null, 2));
if (reconciliationFailed(answer.result)) process.exit(1);
