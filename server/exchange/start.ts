import type { FastifyBaseLogger } from 'fastify';
import type { ExchangeConfig } from './config';
import { migrateExchange } from './db/migrate';
import { exchangeDb } from './db/schema';
import { createExchangeServices, type ExchangeServiceDeps, type ExchangeServices } from './services';
import { buildExchangeApp } from './app';
import {
  builtClientDir,
  listenService,
  type RunningService,
  type StartServiceOptions,
} from '../platform/listen-service';
import { exchangeCommands } from './operator/commands';

export interface StartExchangeOptions extends StartServiceOptions<ExchangeConfig> {
  /** Tests: a scripted feed, a wallet client of their own. */
  overrides?: Partial<Pick<ExchangeServiceDeps, 'feed' | 'wallet' | 'prices'>>;
  /** Tests poll the feed themselves (services.feed.poll()). */
  pollFeed?: boolean;
}

export type RunningExchange = RunningService<ExchangeServices>;

/**
 * Migrates schema `exchange`, loads its matches and rebuilds every book from the stored open orders, finishes
 * placements a crash left waiting for their hold, and listens on the exchange's own port.
 */
export async function startExchange(options: StartExchangeOptions): Promise<RunningExchange> {
  const { config, database, clock, logger } = options;
  const db = exchangeDb(database);
  await migrateExchange(db);
  let appLogger: FastifyBaseLogger | undefined = logger;
  const log = { error: (object: unknown, message: string) => appLogger?.error(object, message) };
  const services = createExchangeServices({ db, clock, config, logger: log, ...options.overrides });
  await services.feed.load();
  await services.orders.recover();
  const app = await buildExchangeApp({
    services,
    clientDir: builtClientDir(config.clientDir),
    logger,
    logLevel: options.logLevel,
  });
  appLogger = app.log;
  services.outbox.start();
  if (options.pollFeed ?? true) services.feed.start();
  services.blocks.start();
  if (config.liquidity.enabled) services.liquidity.start();
  const close = await listenService({
    app,
    port: options.port ?? config.exchangePort,
    host: config.host,
    operator: options.operatorSocket
      ? { dataDir: config.dataDir, name: 'exchange', commands: exchangeCommands, services }
      : undefined,
    shutdown: async () => {
      await services.liquidity.stop();
      await services.feed.stop();
      await services.blocks.stop();
      await services.outbox.stop();
      await app.close();
    },
  });
  return { app, services, close };
}
