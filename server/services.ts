import type { Db } from './db/database';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Mailer } from './providers/mail/mailer';
import type { LiveBus } from './modules/live/bus';
import { LiveHub } from './modules/live/hub';
import { AccessTokens } from './modules/auth/tokens';
import { SessionGuard } from './modules/auth/session-guard';
import { AuthService } from './modules/auth/service';
import { UsersService } from './modules/users/service';
import { AccountsService } from './modules/users/accounts';
import { Ledger } from './modules/wallet/ledger';
import { WalletService } from './modules/wallet/service';
import { ACCESS_TOKEN_SECONDS } from '../src/contract/auth';

export interface RateLimit {
  max: number;
  timeWindow: number;
}

export interface RateLimits {
  login: RateLimit;
  refresh: RateLimit;
  forgotPassword: RateLimit;
  register: RateLimit;
  addressLookup: RateLimit;
}

export const defaultRateLimits: RateLimits = {
  login: { max: 20, timeWindow: 60_000 },
  refresh: { max: 60, timeWindow: 60_000 },
  forgotPassword: { max: 5, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 60_000 },
  addressLookup: { max: 30, timeWindow: 60_000 },
};

export interface ServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'providersUrl' | 'supportEmail' | 'secrets' | 'dataDir'>;
  mailer: Mailer;
  bus: LiveBus;
  rateLimits?: Partial<RateLimits>;
  heartbeatMs?: number;
}

/** Builds every service once, each given only what it uses. Routes receive this and nothing else. */
export function createServices(deps: ServiceDeps) {
  const { db, clock, config, mailer } = deps;
  const live = new LiveHub(deps.bus);
  const tokens = new AccessTokens(config.secrets.jwtSecret, ACCESS_TOKEN_SECONDS);
  const sessionGuard = new SessionGuard(db, tokens, clock);
  const ledger = new Ledger(db, clock, live);
  const auth = new AuthService({ db, clock, tokens, mailer, live, publicUrl: config.publicUrl });
  const users = new UsersService(db);
  const accounts = new AccountsService(db, clock, live);
  const wallet = new WalletService(db, ledger);
  return {
    db,
    clock,
    config,
    live,
    tokens,
    sessionGuard,
    ledger,
    auth,
    users,
    accounts,
    wallet,
    rateLimits: { ...defaultRateLimits, ...deps.rateLimits },
    heartbeatMs: deps.heartbeatMs ?? 30_000,
  };
}

export type Services = ReturnType<typeof createServices>;
