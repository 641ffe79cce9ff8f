import { resolve } from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './platform/db/database';
import type { Database } from './db/schema';
import { migrateToLatest } from './db/migrate';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from './db/seed';
import { seedHouseAccount } from './db/seed-house';
import { systemClock } from './platform/clock';
import { createServices } from './services';
import { buildApp } from './app';
import { BrokeredLiveBus, InProcessBus } from './modules/live/bus';
import { connectBroker, type BrokerLog } from './platform/live/broker';
import { OutboxMailer } from './providers/mail/outbox-mailer';
import { SmtpMailer } from './providers/mail/smtp-mailer';
import { startProvidersServer } from './providers/server';
import { addressProviderFromEnv } from './providers/address';
import { gamstopProviderFromEnv } from './providers/gamstop';
import { creditReferenceProviderFromEnv } from './providers/credit-reference';
import { loadSportsbookConfig } from './sportsbook/config';
import { startSportsbook } from './sportsbook/start';
import { sportsbookBusFromEnv } from './sportsbook/live/brokers';
import { holdDatabase } from './platform/operator/data-dir-lock';
import { listenOperatorSocket } from './platform/operator/socket';
import { builtClientDir } from './platform/listen-service';
import { runOperatorRequest } from './modules/operator/commands';
import { seedDemoBets } from './sportsbook/seed-demo-bets';
import { announce, logSettingsFromEnv } from './platform/logging';
import { loadExchangeConfig } from './exchange/config';
import { startExchange } from './exchange/start';
import { seedDemoOrders } from './exchange/seed-demo-orders';

const config = loadConfig();
const logSettings = logSettingsFromEnv(process.env);
// PGlite is one process: the operator CLI, or a second server, must go through this one.
const releaseDatabase = config.databaseUrl ? () => {} : holdDatabase(config.dataDir);
const database = await openDatabase<Database>(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: resolve(config.dataDir, 'pglite') },
);
await migrateToLatest(database.db);
// Live pushes between instances: Redis pub/sub with REDIS_URL, else PostgreSQL LISTEN/NOTIFY with DATABASE_URL.
let logLive: BrokerLog = (message, detail) => console.error(message, detail);
const broker = await connectBroker(
  {
    REDIS_URL: process.env.REDIS_URL,
    REDIS_CHANNEL_PREFIX: process.env.REDIS_CHANNEL_PREFIX,
    DATABASE_URL: config.databaseUrl,
  },
  (message, detail) => logLive(message, detail),
);
const bus = broker
  ? await BrokeredLiveBus.open(broker, (message, detail) => logLive(message, detail))
  : new InProcessBus();
const mailer = config.smtpUrl
  ? new SmtpMailer(config.smtpUrl, config.supportEmail)
  : new OutboxMailer(database.db, systemClock);
const services = createServices({
  db: database.db,
  clock: systemClock,
  config,
  mailer,
  bus,
  addressProvider: addressProviderFromEnv(process.env),
  gamstopProvider: gamstopProviderFromEnv(process.env),
  creditReferenceProvider: creditReferenceProviderFromEnv(process.env, config.providersUrl),
  harmLog: (error, message) => logLive(message, error),
  liveLog: (message, detail) => logLive(message, detail),
});
if (config.seedDemo) await seedDemo(services);
const exchangeConfig = loadExchangeConfig(config);
// The exchange's market maker, and the counterparty of the demo's exchange bets: a customer funded by an operator's credit.
if (exchangeConfig.liquidity.enabled || config.seedDemo) await seedHouseAccount(services, exchangeConfig.house);
await services.content.seed();

const clientDir = resolve(process.env.CLIENT_DIR || 'dist');
const app = await buildApp({
  services,
  clientDir: builtClientDir(clientDir),
  outboxPage: config.mailOutboxPage,
  trustProxy: config.trustProxy,
  hsts: config.hsts,
  logLevel: logSettings.level,
  prettyLogs: logSettings.pretty,
});
logLive = (message, detail) => app.log.warn({ detail }, message);
if (!process.env.GAMSTOP_API_URL && !config.sandboxProviders)
  app.log.warn(
    'GAMSTOP_API_URL and GAMSTOP_API_KEY are not set: the sandbox GAMSTOP answers every check, which a licensed operator must not rely on',
  );
const providers = config.sandboxProviders ? await startProvidersServer({ config, logger: false }) : undefined;
const sportsbook = config.sportsbookInProcess
  ? await startSportsbook({
      config: loadSportsbookConfig(config),
      database,
      clock: systemClock,
      logger: app.log.child({ service: 'sportsbook' }),
      operatorSocket: true,
      overrides: broker
        ? { bus: await sportsbookBusFromEnv({}, (message, detail) => logLive(message, detail), broker) }
        : {},
    })
  : undefined;
// The exchange beside it, on its own origin, following the sportsbook's feed (EXCHANGE_URL is where the PAM's launch points).
const exchange = config.exchangeInProcess
  ? await startExchange({
      config: exchangeConfig,
      database,
      clock: systemClock,
      logger: app.log.child({ service: 'exchange' }),
      operatorSocket: true,
    })
  : undefined;

await app.listen({ port: config.port, host: config.host });
const operatorSocket = await listenOperatorSocket(config.dataDir, (request) =>
  runOperatorRequest(services, request, (error) => app.log.error({ err: error }, 'operator command failed')),
);
const say = (line: string) => announce(app.log, logSettings, line);
say(`App and API  ${config.publicUrl}   (database: ${database.kind})`);
say(`Sportsbook   ${config.sportsbookUrl}${sportsbook ? '' : '   (runs on its own)'}`);
say(`Exchange     ${config.exchangeUrl}${exchange ? '' : '   (runs on its own)'}`);
say(
  providers
    ? `Providers    ${config.providersUrl}   (sandbox)`
    : 'Providers    off (SANDBOX_PROVIDERS=true starts them)',
);
if (config.seedDemo) say(`Demo customer: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
if (!logSettings.production) say(`Logs: warnings and errors; LOG_LEVEL=info shows every request.`);
if (config.seedDemo && sportsbook) {
  // Through the real launch, placement and operator paths, once both services listen; nothing when the demo has bets.
  await seedDemoBets({
    pamUrl: loadSportsbookConfig(config).pamUrl,
    sportsbookUrl: sportsbook.app.listeningOrigin,
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    services: sportsbook.services,
  }).catch((error: unknown) => app.log.error({ err: error }, "seeding the demo customer's bets failed"));
}
if (config.seedDemo && exchange) {
  // Its exchange bets likewise; the match it settles on ends through the sportsbook's result, as any match does.
  await seedDemoOrders({
    pamUrl: exchangeConfig.pamUrl,
    exchangeUrl: exchange.app.listeningOrigin,
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    services: exchange.services,
    finishMatch: sportsbook
      ? (eventId, score) =>
          sportsbook.services.catalogue.resultEvent(eventId, {
            halfTime: { home: Math.floor(score.home / 2), away: Math.floor(score.away / 2) },
            fullTime: score,
          })
      : undefined,
  }).catch((error: unknown) => app.log.error({ err: error }, "seeding the demo customer's exchange bets failed"));
}

// Idempotency keys are promised for 24 hours, and wrong-password counts matter for a day; older ones are forgotten hourly so the tables stay small.
const purgeTimer = setInterval(
  () => {
    services.idempotency
      .purgeExpired()
      .catch((error: unknown) => app.log.error({ err: error }, 'purging idempotency keys failed'));
    services.auth
      .purgeStaleLockouts()
      .catch((error: unknown) => app.log.error({ err: error }, 'purging sign-in counts failed'));
  },
  60 * 60 * 1000,
);
purgeTimer.unref();

// Card deposits a crash or a provider timeout left Open are settled from the provider's record; unpaid ones expire.
const reconcileDeposits = () =>
  services.payments
    .reconcileOpenDeposits()
    .catch((error: unknown) => app.log.error({ err: error }, 'reconciling open deposits failed'));
await reconcileDeposits();
const reconcileTimer = setInterval(() => void reconcileDeposits(), 5 * 60 * 1000);
reconcileTimer.unref();
// Financial vulnerability checks the bureau has not yet answered are asked again (LCCP SR 3.4.4).
services.creditChecks.start();

async function shutdown() {
  clearInterval(purgeTimer);
  clearInterval(reconcileTimer);
  await services.creditChecks.stop();
  await services.harmWatch.idle();
  await exchange?.close();
  await sportsbook?.close();
  await operatorSocket.close();
  await app.close();
  await providers?.close();
  await bus.close();
  await database.close();
  releaseDatabase();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
