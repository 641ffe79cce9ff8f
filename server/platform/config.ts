import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * What every service reads of the deployment: where each listens and is reached, the data folder, the database and
 * the shared secrets. Each service adds its own settings (server/config.ts for the PAM, server/sportsbook/config.ts,
 * server/exchange/config.ts), read with the helpers below.
 */
export interface DeploymentConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Where browsers reach the sportsbook (its own origin). */
  sportsbookUrl: string;
  sportsbookPort: number;
  /** Where browsers reach the peer-to-peer exchange (its own origin; the launch URL of GET /games/p2p). */
  exchangeUrl: string;
  exchangePort: number;
  secrets: Secrets;
}

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

export function readBoolean(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

export function readPort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Not a port number: ${value}`);
  return port;
}

/** A whole number from 0 to `max`; `name` is the variable the error names. */
export function readWhole(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > max)
    throw new Error(`${name} must be a whole number from 0 to ${max}: ${value}`);
  return number;
}

/** A number above 0; `name` is the variable the error names. */
export function readPositive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} must be a positive number: ${value}`);
  return number;
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

/** NODE_ENV=production, or a PostgreSQL server (DATABASE_URL is how production runs): no demo data or sandboxes unless asked for. */
export const isProductionRun = (env: NodeJS.ProcessEnv) => env.NODE_ENV === 'production' || Boolean(env.DATABASE_URL);

export function loadDeploymentConfig(env: NodeJS.ProcessEnv = process.env): DeploymentConfig {
  const port = readPort(env.PORT, 8080);
  const sportsbookPort = readPort(env.SPORTSBOOK_PORT, 8100);
  const exchangePort = readPort(env.EXCHANGE_PORT, 8200);
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    sportsbookUrl: (env.SPORTSBOOK_URL || `http://localhost:${sportsbookPort}`).replace(/\/$/, ''),
    sportsbookPort,
    exchangeUrl: (env.EXCHANGE_URL || `http://localhost:${exchangePort}`).replace(/\/$/, ''),
    exchangePort,
    secrets: loadSecrets(env, dataDir),
  };
}
