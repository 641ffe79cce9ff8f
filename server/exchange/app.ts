import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerWebSockets } from '../platform/http/websocket';
import { setUpEmbeddedOrigin } from '../platform/http/embedded-origin';
import { serveClient } from '../platform/http/serve-client';
import type { ExchangeServices } from './services';
import { sessionRoutes } from './sessions/routes';
import { orderRoutes } from './orders/routes';

type ExchangeRoutes = (app: FastifyInstance, services: ExchangeServices) => Promise<void>;

/** Every route module of the exchange, registered in this order, each in its own scope. Append new areas here. */
const exchangeRoutes: ExchangeRoutes[] = [sessionRoutes, orderRoutes];

export interface ExchangeAppOptions {
  services: ExchangeServices;
  /** The built front-end (dist-exchange/); omitted in server tests. */
  clientDir?: string;
  /** A logger to write to (npm start passes the PAM's); nothing is logged without one. */
  logger?: FastifyBaseLogger;
  /** Without a logger: pino at this level; false (the tests' default) logs nothing. */
  logLevel?: string | false;
}

/** Orders and session calls are small JSON; nothing bigger is accepted. */
const EXCHANGE_BODY_LIMIT_BYTES = 16 * 1024;

/** The exchange's own origin: its front-end and its API. Tests drive it with inject() or a real port. */
export async function buildExchangeApp(options: ExchangeAppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const app = Fastify({
    bodyLimit: EXCHANGE_BODY_LIMIT_BYTES,
    ...(options.logger
      ? { loggerInstance: options.logger }
      : { logger: options.logLevel ? { level: options.logLevel } : false }),
  });
  await setUpEmbeddedOrigin(app, {
    ownUrl: services.config.exchangeUrl,
    publicUrl: services.config.publicUrl,
    clientDir: options.clientDir,
  });
  await registerWebSockets(app);
  await app.register(async (scope) => {
    scope.get('/ws', { websocket: true }, (socket) => services.ladders.add(socket));
  });
  for (const routes of exchangeRoutes) await app.register(async (scope) => routes(scope, services));
  if (options.clientDir) {
    const clientDir = options.clientDir;
    await app.register(async (scope) => serveClient(scope, clientDir, { appPaths: ['/'] }));
  }
  return app;
}
