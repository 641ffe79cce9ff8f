import type { FastifyBaseLogger } from 'fastify';
import type { SportsbookConfig } from './config';
import { migrateSportsbook } from './db/migrate';
import { sportsbookDb } from './db/schema';
import { AdvisoryLockLeadership, soleLeadership } from './feed/leadership';
import { createSportsbookServices, type SportsbookServiceDeps, type SportsbookServices } from './services';
import { buildSportsbookApp } from './app';
import {
  builtClientDir,
  listenService,
  type RunningService,
  type StartServiceOptions,
} from '../platform/listen-service';
import { sportsbookCommands } from './operator/commands';
import { startScheduledReconciliation } from './reconciliation/schedule';

export interface StartSportsbookOptions extends StartServiceOptions<SportsbookConfig> {
  prettyLogs?: boolean;
  /** Tests: other collaborators (a scripted random, a fake resolveSession). */
  overrides?: Partial<Omit<SportsbookServiceDeps, 'db' | 'clock' | 'config'>>;
}

export type RunningSportsbook = RunningService<SportsbookServices>;

/**
 * Migrates schema `sportsbook`, loads the catalogue, starts the feed (in the one instance holding its lock) and
 * listens on the sportsbook's own port.
 */
export async function startSportsbook(options: StartSportsbookOptions): Promise<RunningSportsbook> {
  const { config, database, clock, logger } = options;
  const db = sportsbookDb(database);
  await migrateSportsbook(db);
  const leadership =
    database.kind === 'postgres' && database.connectionString
      ? new AdvisoryLockLeadership(database.connectionString)
      : soleLeadership;
  let appLogger: FastifyBaseLogger | undefined = logger;
  const log = { error: (object: unknown, message: string) => appLogger?.error(object, message) };
  const services = createSportsbookServices({ db, clock, config, leadership, logger: log, ...options.overrides });
  // With several instances only the feed's leader broadcasts event updates; the others follow the database.
  services.bus.setEventSource?.(() => services.runner.isLeading);
  await services.feed.seedWorld();
  await services.catalogue.load();
  const app = await buildSportsbookApp({
    services,
    clientDir: builtClientDir(config.clientDir),
    logger,
    logLevel: options.logLevel,
    prettyLogs: options.prettyLogs,
  });
  appLogger = app.log;
  await services.runner.start();
  // Credits, rollbacks and unconfirmed debits left by an earlier run (or a PAM that was down) go out from now on.
  await services.bets.recover();
  services.outbox.start();
  services.bets.holds.startSweeping();
  startScheduledReconciliation(services, config.reconcileIntervalMs ?? 0, () => appLogger);
  // The catalogue lives in this process's memory, so its operator commands come here, over a socket of its own.
  const close = await listenService({
    app,
    port: options.port ?? config.sportsbookPort,
    host: config.host,
    operator: options.operatorSocket
      ? { dataDir: config.dataDir, name: 'sportsbook', commands: sportsbookCommands, services }
      : undefined,
    shutdown: async () => {
      await services.runner.stop();
      services.bets.close();
      await services.outbox.stop();
      await services.reconciliation.stop();
      await app.close();
      await services.bus.close();
    },
  });
  return { app, services, close };
}
