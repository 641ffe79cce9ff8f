import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { openDatabase, type DatabaseHandle } from '../../../server/platform/db/database';
import type { Database } from '../../../server/db/schema';
import { createScratchDatabase } from '../../../server/platform/db/scratch-database';
import { ManualClock } from '../../../server/platform/clock';
import { createServices, type Services, type RateLimits } from '../../../server/services';
import { buildApp } from '../../../server/app';
import { InProcessBus } from '../../../server/modules/live/bus';
import { OutboxMailer } from '../../../server/providers/mail/outbox-mailer';
import { hashPassword } from '../../../server/modules/auth/passwords';
import type { AddressProvider } from '../../../server/providers/address/provider';
import type { GamstopProvider } from '../../../server/providers/gamstop/provider';
import type { CreditReferenceProvider } from '../../../server/providers/credit-reference/provider';
import type { TrustProxy } from '../../../server/config';
import { runOperatorRequest } from '../../../server/modules/operator/commands';

export type DatabaseKind = 'pglite' | 'postgres';

export const TEST_SECRETS = {
  jwtSecret: 'test-jwt-secret-0123456789abcdef',
  providerSecret: 'test-provider-secret',
  operatorKey: 'test-operator-key',
  sportsbookSecret: 'test-sportsbook-secret',
  exchangeSecret: 'test-exchange-secret',
};
/** This test file's own data directory (avatars, secrets): a fresh one per run, so checkouts never share it. */
const testDataDir = mkdtempSync(join(tmpdir(), 'bx-test-data-'));
process.once('exit', () => rmSync(testDataDir, { recursive: true, force: true }));

export const TEST_CONFIG = {
  publicUrl: 'http://localhost:8080',
  providersUrl: 'http://127.0.0.1:8090',
  supportEmail: 'support@example.com',
  secrets: TEST_SECRETS,
  dataDir: testDataDir,
  sportsbookUrl: 'http://localhost:8100',
  exchangeUrl: 'http://localhost:8200',
};

/** The kinds this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, migrated database cloned from the run's template. */
export async function cloneDatabase(kind: DatabaseKind): Promise<DatabaseHandle<Database>> {
  if (kind === 'pglite') {
    const dump = readFileSync(inject('pgliteTemplatePath'));
    return openDatabase<Database>({ loadDataDir: new Blob([dump]) });
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, `bx_test_${process.pid}`, {
    template: inject('postgresTemplate')!,
  });
  const handle = await openDatabase<Database>({ url: scratch.url, poolSize: 20 });
  return {
    ...handle,
    connectionString: scratch.url,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

export interface TestContext {
  kind: DatabaseKind;
  database: DatabaseHandle<Database>;
  clock: ManualClock;
  services: Services;
  app: FastifyInstance;
  /** app.inject with JSON and an optional bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
}

export interface ContextOptions {
  rateLimits?: Partial<RateLimits>;
  addressProvider?: AddressProvider;
  /** The sandbox GAMSTOP unless given. */
  gamstopProvider?: GamstopProvider;
  /** The sandbox bureau's address on TEST_CONFIG.providersUrl (nothing listening) unless given. */
  creditReferenceProvider?: CreditReferenceProvider;
  /** As TRUST_PROXY gives it (server/platform/config.ts). */
  trustProxy?: TrustProxy;
  /** Avatars and other files; the shared test folder unless given. */
  dataDir?: string;
}

const generousLimits: RateLimits = {
  login: { max: 10_000, timeWindow: 60_000 },
  refresh: { max: 10_000, timeWindow: 60_000 },
  forgotPassword: { max: 10_000, timeWindow: 60_000 },
  register: { max: 10_000, timeWindow: 60_000 },
  addressLookup: { max: 10_000, timeWindow: 60_000 },
  passwordCheck: { max: 10_000, timeWindow: 60_000 },
  promoCode: { max: 10_000, timeWindow: 60_000 },
  loginPerAccount: { max: 10_000, timeWindow: 60_000 },
  forgotPasswordPerAccount: { max: 10_000, timeWindow: 60_000 },
  avatarUpload: { max: 10_000, timeWindow: 60_000 },
  depositForm: { max: 10_000, timeWindow: 60_000 },
};

export async function createContext(kind: DatabaseKind, options: ContextOptions = {}): Promise<TestContext> {
  const database = await cloneDatabase(kind);
  const clock = new ManualClock();
  const services = createServices({
    db: database.db,
    clock,
    config: options.dataDir ? { ...TEST_CONFIG, dataDir: options.dataDir } : TEST_CONFIG,
    mailer: new OutboxMailer(database.db, clock),
    bus: new InProcessBus(),
    rateLimits: { ...generousLimits, ...options.rateLimits },
    addressProvider: options.addressProvider,
    gamstopProvider: options.gamstopProvider,
    creditReferenceProvider: options.creditReferenceProvider,
  });
  const app = await buildApp({ services, outboxPage: true, trustProxy: options.trustProxy });
  await app.ready();
  return {
    kind,
    database,
    clock,
    services,
    app,
    request: ({ token, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
  };
}

/**
 * Runs a suite once per database kind, each with its own database and app.
 * `use()` returns the context inside tests; `kind` names the database, for cases that need PostgreSQL's own connections.
 */
export function describeEachDatabase(
  name: string,
  body: (use: () => TestContext, kind: DatabaseKind) => void,
  options: ContextOptions = {},
) {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let context: TestContext | undefined;
      beforeAll(async () => {
        context = await createContext(kind, options);
      }, 60_000);
      afterAll(async () => {
        await context?.app.close();
        await context?.database.close();
      });
      body(() => {
        if (!context) throw new Error('Test context not ready');
        return context;
      }, kind);
    });
  }
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

let userCounter = 0;

/**
 * A verified customer with a wallet who has answered the deposit-limit question (declined, unless `limitAnswered` is
 * false); the balance, when given, is posted through the ledger.
 */
export async function createUser(
  context: TestContext,
  overrides: { email?: string; password?: string; balance?: number; verified?: boolean; limitAnswered?: boolean } = {},
): Promise<TestUser> {
  userCounter++;
  const email = overrides.email ?? `customer${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const password = overrides.password ?? 'Password123';
  const now = context.clock.now();
  const user = await context.database.db
    .insertInto('users')
    .values({
      email,
      password_hash: await hashPassword(password),
      first_name: 'Test',
      last_name: 'Customer',
      date_of_birth: '1990-01-01',
      phone: '+447700900000',
      verification_status: overrides.verified === false ? 'pending' : 'passed',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await context.database.db.insertInto('wallets').values({ user_id: user.id, balance: 0, updated_at: now }).execute();
  if (overrides.limitAnswered !== false)
    await context.database.db
      .insertInto('limit_decisions')
      .values({ user_id: user.id, decision: 'declined', created_at: now })
      .execute();
  if (overrides.balance) await context.services.wallet.adjust(user.id, overrides.balance, 'test funds');
  return { id: user.id, email, password };
}

export async function login(context: TestContext, user: { email: string; password: string }) {
  const response = await context.request({
    method: 'POST',
    url: '/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json() as {
    accessToken: string;
    refreshToken: string;
    expiresIn: number;
    refreshExpiresIn: number;
    tokenType: string;
  };
}

/** An operator command as the CLI's socket delivers it to the server (the same dispatcher), answered as statusCode and json(). */
export async function operator(context: TestContext, command: string, ...args: string[]) {
  const answer = await runOperatorRequest(context.services, { command, args });
  return { statusCode: answer.status, json: () => answer as { result?: any; message?: string } };
}
