import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { registerWebSockets } from '../platform/http/websocket';
import { embedderOrigins, setUpEmbeddedOrigin } from '../platform/http/embedded-origin';
import { serveClient } from '../platform/http/serve-client';
import type { SportsbookServices } from './services';
import { catalogueRoutes } from './catalogue/routes';
import { feedRoutes } from './catalogue/feed-routes';
import { prettyLogOptions } from '../platform/logging';
import { sportsbookLiveRoutes } from './live/routes';
import { sessionRoutes } from './sessions/routes';
import { betsRoutes } from './bets/routes';
import { betBuilderRoutes } from './bets/bet-builder-routes';
import { freeBetRoutes } from './free-bets/routes';
import { framePageRoute } from './frame-page';

type SportsbookRoutes = (app: FastifyInstance, services: SportsbookServices) => Promise<void>;

/** Every route module of the sportsbook, registered in this order, each in its own scope. Append new areas here. */
const sportsbookRoutes: SportsbookRoutes[] = [
  catalogueRoutes,
  feedRoutes,
  sportsbookLiveRoutes,
  sessionRoutes,
  betsRoutes,
  freeBetRoutes,
  betBuilderRoutes,
];

export interface SportsbookAppOptions {
  services: SportsbookServices;
  /** The built frame (dist-sportsbook/); omitted in server tests. */
  clientDir?: string;
  /** A logger to write to (npm start passes the PAM's); nothing is logged without one. */
  logger?: FastifyBaseLogger;
  /** Without a logger: pino at this level; false (the tests' default) logs nothing. */
  logLevel?: string | false;
  /** Readable lines for a terminal (development) instead of JSON. */
  prettyLogs?: boolean;
  /** Where pino at logLevel writes instead of stdout (tests read the lines). */
  logStream?: { write(line: string): void };
  trustProxy?: boolean;
}

const INDEX_FILE = 'index.html';
/** Placements and session calls are small JSON; nothing bigger is accepted. */
const SPORTSBOOK_BODY_LIMIT_BYTES = 32 * 1024;
export { embedderOrigins };

/** The sportsbook's own origin: the frame, its API and its WebSocket. Tests drive it with inject() or a real port. */
export async function buildSportsbookApp(options: SportsbookAppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const { config } = services;
  const app = Fastify({
    bodyLimit: SPORTSBOOK_BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    ...(options.logger
      ? { loggerInstance: options.logger }
      : {
          logger: options.logLevel
            ? {
                level: options.logLevel,
                ...prettyLogOptions(options.prettyLogs),
                ...(options.logStream ? { stream: options.logStream } : {}),
              }
            : false,
        }),
  });

  await setUpEmbeddedOrigin(app, {
    ownUrl: config.sportsbookUrl,
    publicUrl: config.publicUrl,
    clientDir: options.clientDir,
  });
  await app.register(rateLimit, { global: false });
  await registerWebSockets(app);

  for (const routes of sportsbookRoutes) {
    await app.register(async (scope) => routes(scope, services));
  }
  if (options.clientDir) {
    const clientDir = options.clientDir;
    await app.register(async (scope) => {
      await framePageRoute(scope, services, clientDir);
      await serveClient(scope, clientDir, { appPaths: [], indexFile: INDEX_FILE });
    });
  }
  return app;
}
