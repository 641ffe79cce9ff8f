import {
  isLoopbackHost,
  isProductionRun,
  loadDeploymentConfig,
  readBoolean,
  readPort,
  type DeploymentConfig,
} from './platform/config';

/** The PAM's settings: the deployment's (server/platform/config.ts) plus its own from the environment. */
export interface Config extends DeploymentConfig {
  providersPort: number;
  seedDemo: boolean;
  /** Whether to start the sandbox card-payment and identity pages (PROVIDERS_PORT). */
  sandboxProviders: boolean;
  providersUrl: string;
  supportEmail: string;
  /** The operator's legal name and postal address, as the legal documents state them. */
  company: CompanyDetails;
  smtpUrl: string | undefined;
  /** Whether the developer's mail page may be served at all (see mailOutboxAllowed). */
  mailOutboxPage: boolean;
  /** Run the sportsbook inside this process (false: sportsbook instances run on their own, server/sportsbook/main.ts). */
  sportsbookInProcess: boolean;
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
  const providersPort = readPort(env.PROVIDERS_PORT, 8090);
  // Its own settings first: the deployment's writes DATA_DIR/secrets.json, which a bad setting should not.
  const own = {
    providersPort,
    seedDemo: readBoolean(env.SEED_DEMO, !isProductionRun(env)),
    sandboxProviders: readBoolean(env.SANDBOX_PROVIDERS, !isProductionRun(env)),
    providersUrl: env.PROVIDERS_URL || `http://127.0.0.1:${providersPort}`,
    supportEmail: env.SUPPORT_EMAIL || 'support@example.com',
    company: {
      name: env.COMPANY_NAME?.trim() || PLACEHOLDER_COMPANY.name,
      postalAddress: env.COMPANY_ADDRESS?.trim() || PLACEHOLDER_COMPANY.postalAddress,
    },
    smtpUrl: env.SMTP_URL || undefined,
    mailOutboxPage: mailOutboxAllowed(env),
    sportsbookInProcess: readBoolean(env.SPORTSBOOK_IN_PROCESS, true),
    exchangeInProcess: readBoolean(env.EXCHANGE_IN_PROCESS, true),
    exchangeInBrowser: readBoolean(env.EXCHANGE_IN_BROWSER, false),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    hsts: readBoolean(env.HSTS, (env.PUBLIC_URL ?? '').startsWith('https://')),
  };
  return { ...own, ...loadDeploymentConfig(env) };
}
