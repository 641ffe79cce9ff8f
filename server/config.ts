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
  publicUrl: string;
  providersUrl: string;
  supportEmail: string;
  smtpUrl: string | undefined;
  secrets: Secrets;
}

export interface Secrets {
  /** Signs access tokens (HS256). */
  jwtSecret: string;
  /** Signs provider-to-server notifications (HMAC-SHA256). */
  providerSecret: string;
  /** Lets the operator CLI act through the running server, from this machine only. */
  operatorKey: string;
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
export function loadSecrets(env: NodeJS.ProcessEnv, dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwtSecret: env.JWT_SECRET || stored.jwtSecret || randomBytes(32).toString('base64url'),
    providerSecret: env.PROVIDER_SECRET || stored.providerSecret || randomBytes(32).toString('base64url'),
    operatorKey: env.OPERATOR_KEY || stored.operatorKey || randomBytes(32).toString('base64url'),
  };
  if (!env.JWT_SECRET || !env.PROVIDER_SECRET || !env.OPERATOR_KEY) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = readPort(env.PORT, 8080);
  const providersPort = readPort(env.PROVIDERS_PORT, 8090);
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    providersPort,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: readBoolean(env.SEED_DEMO, true),
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    providersUrl: env.PROVIDERS_URL || `http://127.0.0.1:${providersPort}`,
    supportEmail: env.SUPPORT_EMAIL || 'support@example.com',
    smtpUrl: env.SMTP_URL || undefined,
    secrets: loadSecrets(env, dataDir),
  };
}
