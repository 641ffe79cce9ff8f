/**
 * The real server for the browser tests: the built PWA, the API on PGlite in a fresh data directory,
 * the sandbox providers on their own port, plus one test-only route that creates customers.
 */
import { rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/platform/db/database';
import type { Database } from '../../server/db/schema';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed';
import { seedDemoBets } from '../../server/sportsbook/seed-demo-bets';
import { systemClock } from '../../server/platform/clock';
import { createServices } from '../../server/services';
import { buildApp } from '../../server/app';
import { InProcessBus } from '../../server/modules/live/bus';
import { OutboxMailer } from '../../server/providers/mail/outbox-mailer';
import { startProvidersServer } from '../../server/providers/server';
import { hashPassword } from '../../server/modules/auth/passwords';
import { listenOperatorSocket } from '../../server/platform/operator/socket';
import { runOperatorRequest } from '../../server/modules/operator/commands';
import { loadSportsbookConfig } from '../../server/sportsbook/config';
import { startSportsbook } from '../../server/sportsbook/start';
import { loadExchangeConfig } from '../../server/exchange/config';
import { startExchange } from '../../server/exchange/start';

rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
const config = loadConfig();
const database = await openDatabase<Database>({ dataDir: resolve(config.dataDir, 'pglite') });
await migrateToLatest(database.db);
// Every spec signs in from 127.0.0.1: the per-address limits meant for one person would throttle the suite.
// The limits themselves are proven by the server tests.
const rateLimits = {
  login: { max: 1_000, timeWindow: 60_000 },
  loginPerAccount: { max: 1_000, timeWindow: 60_000 },
  forgotPasswordPerAccount: { max: 200, timeWindow: 60_000 },
  depositForm: { max: 200, timeWindow: 60_000 },
  forgotPassword: { max: 200, timeWindow: 60_000 },
  passwordCheck: { max: 200, timeWindow: 60_000 },
  promoCode: { max: 200, timeWindow: 60_000 },
};
const services = createServices({
  db: database.db,
  clock: systemClock,
  config,
  mailer: new OutboxMailer(database.db, systemClock),
  bus: new InProcessBus(),
  rateLimits,
  // A reality-check minute of a tenth of a second: a test clock for the reminders, so a spec sees one in seconds.
  realityCheckMinuteMs: 100,
});
await seedDemo(services);
const app = await buildApp({
  services,
  clientDir: resolve(process.env.CLIENT_DIR || 'dist'),
  outboxPage: true,
  logLevel: process.env.E2E_LOG_LEVEL || false,
});

app.post<{
  Body: { email: string; password: string; balance?: number; verified?: boolean; limitAnswered?: boolean };
}>('/test/customers', async (request) => {
  const { email, password, balance = 0, verified = true, limitAnswered = true } = request.body;
  const now = new Date();
  const user = await database.db
    .insertInto('users')
    .values({
      email,
      password_hash: await hashPassword(password),
      first_name: 'Pat',
      last_name: 'Tester',
      date_of_birth: '1990-05-05',
      phone: '+447700900111',
      address1: '1 Test Street',
      address2: 'City Centre',
      address_city: 'Leeds',
      address_post_code: 'LS1 1AA',
      verification_status: verified ? 'passed' : 'pending',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db.insertInto('wallets').values({ user_id: user.id, balance: 0, updated_at: now }).execute();
  // Answered as registration asks before a first deposit, so specs about other things are not stopped by the question.
  if (limitAnswered)
    await database.db
      .insertInto('limit_decisions')
      .values({ user_id: user.id, decision: 'declined', created_at: now })
      .execute();
  if (balance > 0) await services.wallet.adjust(user.id, balance, 'test funds');
  return { id: user.id };
});

// A sportsbook bet staked and settled as lost, through the PAM's own wallet calls (debit, then a closing credit of 0),
// on a game session of the customer's browser sign-in: a losing settlement without driving the frame and a match.
app.post<{ Body: { email: string; stake: number } }>('/test/losing-bets', async (request) => {
  const { email, stake } = request.body;
  const user = await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const family = await database.db
    .selectFrom('refresh_families')
    .select('id')
    .where('user_id', '=', user.id)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const sessionId = randomUUID();
  await database.db
    .insertInto('game_sessions')
    .values({ id: sessionId, user_id: user.id, family_id: family.id, created_at: new Date(), game: 'iqs' })
    .execute();
  const betId = `e2e-bet-${randomUUID()}`;
  await services.gamesWallet.debit({
    transactionId: `e2e-stake-${randomUUID()}`,
    betId,
    playerId: user.id,
    sessionId,
    amount: stake,
    maxReturn: stake * 2,
  });
  await services.gamesWallet.credit({
    transactionId: `e2e-settle-${randomUUID()}`,
    betId,
    playerId: user.id,
    amount: 0,
    closesBet: true,
  });
  return { betId };
});

await startProvidersServer({ config });
// The sportsbook on its own origin (SPORTSBOOK_PORT), serving the built frame, as npm start runs it.
const sportsbookConfig = loadSportsbookConfig(config);
// Its launch limit is per address too, and every spec's frame launches from 127.0.0.1 (the limit's own test is tests/server).
const sportsbook = await startSportsbook({
  config: sportsbookConfig,
  database,
  clock: systemClock,
  logLevel: process.env.E2E_LOG_LEVEL || false,
  operatorSocket: true,
  overrides: { rateLimits: { launch: { max: 1_000, timeWindow: 60_000 } } },
});
// The exchange on its own origin (EXCHANGE_PORT), following the sportsbook's feed, as npm start runs it.
await startExchange({
  config: loadExchangeConfig(config),
  database,
  clock: systemClock,
  logLevel: process.env.E2E_LOG_LEVEL || false,
  operatorSocket: true,
});
await app.listen({ port: config.port, host: '127.0.0.1' });
await listenOperatorSocket(config.dataDir, (request) => runOperatorRequest(services, request));
// As npm start does: the demo customer's bets go through the real launch, placement and operator paths.
await seedDemoBets({
  pamUrl: sportsbookConfig.pamUrl,
  sportsbookUrl: sportsbook.app.listeningOrigin,
  email: DEMO_EMAIL,
  password: DEMO_PASSWORD,
  services: sportsbook.services,
});
