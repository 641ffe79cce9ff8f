import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  providersPort: number;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  /** Whether to start the sandbox card-payment and identity pages (PROVIDERS_PORT). */
  sandboxProviders: boolean;
  publicUrl: string;
  providersUrl: string;
  supportEmail: string;
  /** The operator's legal name and postal address, as the legal documents state them. */
  company: CompanyDetails;
  smtpUrl: string | undefined;
  /** Whether the developer's mail page may be served at all (see mailOutboxAllowed). */
  mailOutboxPage: boolean;
  /** Where browsers reach the sportsbook (its own origin). */
  sportsbookUrl: string;
  sportsbookPort: number;
  /** Run the sportsbook inside this process (false: sportsbook instances run on their own, server/sportsbook/main.ts). */
  sportsbookInProcess: boolean;
  /** Where browsers reach the peer-to-peer exchange (its own origin; the launch URL of GET /games/p2p). */
  exchangeUrl: string;
  /** Show the exchange in a browser tab too (the specification keeps it to the installed app). */
  exchangeInBrowser: boolean;
  /**
   * Run the exchange inside this process (false: it runs on its own, server/exchange/main.ts). Its books live in
   * memory, one writer per market, so exactly one exchange runs however many PAM instances do.
   */
  exchangeInProcess: boolean;
  /** Which peers may name the client's address in X-Forwarded-For (Fastify's trustProxy); false: none. */
  trustProxy: TrustProxy;
  /** Send Strict-Transport-Security: the app is reached over TLS. */
  hsts: boolean;
  secrets: Secrets;
}

export interface CompanyDetails {
  name: string;
  postalAddress: string;
}

/**
 * Placeholders, not facts: a real operator sets COMPANY_NAME and COMPANY_ADDRESS (docs/operations.md, Configuration).
 * The words say what they are, so a demo never passes them off as a registered company.
 */
export const PLACEHOLDER_COMPANY: CompanyDetails = {
  name: 'Example Operator Ltd (placeholder company name)',
  postalAddress: 'ExSport Customer Services, 1 Example Street, Example Town (placeholder address)',
};

/** A hop count, or the proxies' addresses (CIDR ranges allowed); never "everyone", which would let any client name its own address. */
export type TrustProxy = false | number | string[];

interface Secrets {
  /** Signs access tokens (HS256). */
  jwtSecret: string;
  /** Signs provider-to-server notifications (HMAC-SHA256). */
  providerSecret: string;
  /** Lets the operator CLI act through the running server, from this machine only. */
  operatorKey: string;
  /** Signs the sportsbook's calls to the seamless wallet API (HMAC-SHA256). */
  sportsbookSecret: string;
  /** Signs the exchange's calls to its wallet door (HMAC-SHA256); never the sportsbook's. */
  exchangeSecret: string;
}

function readBoolean(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

function readPort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Not a port number: ${value}`);
  return port;
}

/** Secrets come from the environment; when unset they are generated once and kept in DATA_DIR, never in the repository. */
function loadSecrets(env: NodeJS.ProcessEnv, dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwtSecret: env.JWT_SECRET || stored.jwtSecret || randomBytes(32).toString('base64url'),
    providerSecret: env.PROVIDER_SECRET || stored.providerSecret || randomBytes(32).toString('base64url'),
    operatorKey: env.OPERATOR_KEY || stored.operatorKey || randomBytes(32).toString('base64url'),
    sportsbookSecret: env.SPORTSBOOK_SECRET || stored.sportsbookSecret || randomBytes(32).toString('base64url'),
    exchangeSecret: env.EXCHANGE_SECRET || stored.exchangeSecret || randomBytes(32).toString('base64url'),
  };
  if (!env.JWT_SECRET || !env.PROVIDER_SECRET || !env.OPERATOR_KEY || !env.SPORTSBOOK_SECRET || !env.EXCHANGE_SECRET) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}

export const isLoopbackHost = (host: string) =>
  ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * The mail outbox page shows every password-reset link, so it is a development convenience only: never with
 * SMTP, a PostgreSQL server (DATABASE_URL is how production runs), NODE_ENV=production or a non-loopback
 * listening address, whatever MAIL_OUTBOX says; otherwise on unless MAIL_OUTBOX turns it off.
 */
export function mailOutboxAllowed(env: NodeJS.ProcessEnv): boolean {
  if (env.SMTP_URL || env.DATABASE_URL || env.NODE_ENV === 'production') return false;
  if (!isLoopbackHost(env.HOST || '127.0.0.1')) return false;
  return readBoolean(env.MAIL_OUTBOX, true);
}

/** NODE_ENV=production, or a PostgreSQL server (DATABASE_URL is how production runs): no demo data or sandboxes unless asked for. */
export const isProductionRun = (env: NodeJS.ProcessEnv) => env.NODE_ENV === 'production' || Boolean(env.DATABASE_URL);

/** TRUST_PROXY: unset or off = no proxy; a number = that many proxies in front; otherwise a comma-separated list of proxy addresses. */
export function readTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value.trim() === '' || ['false', '0', 'no', 'off'].includes(value.trim().toLowerCase()))
    return false;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  if (['true', 'yes', 'on', '*'].includes(value.trim().toLowerCase())) {
    throw new Error(
      'TRUST_PROXY must be a hop count or the proxies\' addresses, not "trust everyone": any client could then choose its own address',
    );
  }
  return value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = readPort(env.PORT, 8080);
  const providersPort = readPort(env.PROVIDERS_PORT, 8090);
  const sportsbookPort = readPort(env.SPORTSBOOK_PORT, 8100);
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    providersPort,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: readBoolean(env.SEED_DEMO, !isProductionRun(env)),
    sandboxProviders: readBoolean(env.SANDBOX_PROVIDERS, !isProductionRun(env)),
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    providersUrl: env.PROVIDERS_URL || `http://127.0.0.1:${providersPort}`,
    supportEmail: env.SUPPORT_EMAIL || 'support@example.com',
    company: {
      name: env.COMPANY_NAME?.trim() || PLACEHOLDER_COMPANY.name,
      postalAddress: env.COMPANY_ADDRESS?.trim() || PLACEHOLDER_COMPANY.postalAddress,
    },
    smtpUrl: env.SMTP_URL || undefined,
    mailOutboxPage: mailOutboxAllowed(env),
    sportsbookUrl: (env.SPORTSBOOK_URL || `http://localhost:${sportsbookPort}`).replace(/\/$/, ''),
    sportsbookPort,
    sportsbookInProcess: readBoolean(env.SPORTSBOOK_IN_PROCESS, true),
    exchangeInProcess: readBoolean(env.EXCHANGE_IN_PROCESS, true),
    exchangeUrl: (env.EXCHANGE_URL || `http://localhost:${readPort(env.EXCHANGE_PORT, 8200)}`).replace(/\/$/, ''),
    exchangeInBrowser: readBoolean(env.EXCHANGE_IN_BROWSER, false),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    hsts: readBoolean(env.HSTS, (env.PUBLIC_URL ?? '').startsWith('https://')),
    secrets: loadSecrets(env, dataDir),
  };
}
