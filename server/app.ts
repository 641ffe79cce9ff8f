import Fastify, { type FastifyInstance } from 'fastify';
import { installSecurityHeaders } from './platform/http/security-headers';
import { inlineHashes } from './platform/http/inline-hashes';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import type { Services } from './services';
import type { TrustProxy } from './config';
import { installErrorHandler } from './platform/http/error-handler';
import { registerWebSockets } from './platform/http/websocket';
import { installAuthenticate } from './plugins/authenticate';
import { serveClient } from './platform/http/serve-client';
import { authRoutes } from './modules/auth/routes';
import { usersRoutes } from './modules/users/routes';
import { walletRoutes } from './modules/wallet/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { transactionsRoutes } from './modules/transactions/routes';
import { liveRoutes } from './modules/live/routes';
import { outboxRoutes } from './modules/outbox/routes';
import { limitsRoutes } from './modules/limits/routes';
import { saferGamblingRoutes } from './modules/safer-gambling/routes';
import { realityChecksRoutes } from './modules/reality-checks/routes';
import { promotionsRoutes } from './modules/promotions/routes';
import { freeBetsRoutes } from './modules/free-bets/routes';
import { accountRoutes } from './modules/account/routes';
import { betsRoutes } from './modules/bets/routes';
import { addressRoutes } from './modules/address/routes';
import { registrationRoutes } from './modules/registration/routes';
import { verificationRoutes } from './modules/verification/routes';
import { contentRoutes } from './modules/content/routes';
import { gamesRoutes } from './modules/games/routes';
import { p2pWalletRoutes } from './modules/p2p-wallet/routes';
import { harmRoutes } from './modules/harm/routes';
import { prettyLogOptions } from './platform/logging';
import { EXCHANGE_IN_BROWSER_META, SPORTSBOOK_URL_META } from '../src/contract/host-page';

/** Paths that load the app itself: `/` and the two documents linked from registration, opened in new tabs. */
const APP_PATHS = ['/', '/terms', '/privacy', '/exchange'];

export interface AppOptions {
  services: Services;
  /** pino level; false (the tests' default) logs nothing. */
  logLevel?: string | false;
  /** Readable lines for a terminal (development) instead of JSON. */
  prettyLogs?: boolean;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The built PWA to serve beside the API (production and e2e); omitted in server tests. */
  clientDir?: string;
  /** The developer's mail page; never on when mail goes out by SMTP. */
  outboxPage?: boolean;
  /** Which peers may name the client's address (TRUST_PROXY); none unless given. */
  trustProxy?: TrustProxy;
  /** Strict-Transport-Security: only when the app is reached over TLS (HSTS, or an https PUBLIC_URL). */
  hsts?: boolean;
  /** Where browsers reach the sportsbook, the one other origin the app may connect to. */
}

/** A hop count trusts that many proxies nearest the server (proxy-addr's rule, which Fastify's types omit). */
const fastifyTrustProxy = (trust: TrustProxy) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** An origin and its WebSocket form: the app connects to these and nothing else. */
const withSocketForm = (url: string) => {
  const origin = new URL(url).origin;
  return [origin, origin.replace(/^http/, 'ws')];
};

/** Query-string secrets (the live connection's token, reset codes) never reach the logs. */
const redactUrl = (url: string) => url.replace(/([?&](?:token|code)=)[^&]*/gi, '$1[redacted]');

const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    logger: options.logLevel
      ? {
          level: options.logLevel,
          ...prettyLogOptions(options.prettyLogs),
          ...(options.logStream ? { stream: options.logStream } : {}),
          redact: ['req.headers.authorization', 'req.headers.cookie'],
          serializers: {
            req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
          },
        }
      : false,
  });

  installErrorHandler(app);
  const page = inlineHashes(options.clientDir ? await readFile(join(options.clientDir, 'index.html'), 'utf8') : '');
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...page.scripts],
        styleSrc: ["'self'", ...page.styles],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: [
          "'self'",
          ...withSocketForm(services.config.publicUrl),
          ...withSocketForm(services.config.sportsbookUrl),
        ],
        // The sportsbook is embedded at / and the exchange at /exchange, each from its own origin.
        frameSrc: [
          "'self'",
          new URL(services.config.sportsbookUrl).origin,
          new URL(services.config.exchangeUrl).origin,
        ],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The deposit and verification pages are popups on the providers' origin that post back to us.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    hsts: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
  });
  await app.register(rateLimit, { global: false });
  await registerWebSockets(app);
  installAuthenticate(app, services.sessionGuard);

  for (const routes of [
    authRoutes,
    usersRoutes,
    walletRoutes,
    paymentsRoutes,
    transactionsRoutes,
    liveRoutes,
    limitsRoutes,
    saferGamblingRoutes,
    realityChecksRoutes,
    promotionsRoutes,
    freeBetsRoutes,
    contentRoutes,
    addressRoutes,
    registrationRoutes,
    verificationRoutes,
    accountRoutes,
    betsRoutes,
    gamesRoutes,
    p2pWalletRoutes,
    harmRoutes,
  ]) {
    await app.register(async (scope) => routes(scope, services));
  }
  if (options.outboxPage) await app.register(async (scope) => outboxRoutes(scope, services));
  if (options.clientDir)
    await app.register(async (scope) =>
      serveClient(scope, options.clientDir!, {
        appPaths: APP_PATHS,
        publicUrl: services.config.publicUrl,
        preconnect: [new URL(services.config.sportsbookUrl).origin],
        meta: {
          [SPORTSBOOK_URL_META]: (await services.gamesLaunch.launch(undefined, '/')).url,
          [EXCHANGE_IN_BROWSER_META]: String(services.config.exchangeInBrowser ?? false),
        },
      }),
    );
  return app;
}
