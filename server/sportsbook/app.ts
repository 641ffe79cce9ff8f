import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { installErrorHandler } from '../platform/http/error-handler';
import { serveClient } from '../platform/http/serve-client';
import type { SportsbookServices } from './services';
import { catalogueRoutes } from './catalogue/routes';
import { feedRoutes } from './catalogue/feed-routes';
import { sportsbookLiveRoutes } from './live/routes';
import { sessionRoutes } from './sessions/routes';
import { betsRoutes } from './bets/routes';
import { betBuilderRoutes } from './bets/bet-builder-routes';
import { freeBetRoutes } from './free-bets/routes';

export type SportsbookRoutes = (app: FastifyInstance, services: SportsbookServices) => Promise<void>;

/** Every route module of the sportsbook, registered in this order, each in its own scope. Append new areas here. */
export const sportsbookRoutes: SportsbookRoutes[] = [
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
  trustProxy?: boolean;
}

const INDEX_FILE = 'index.html';
/** Placements and session calls are small JSON; nothing bigger is accepted. */
export const SPORTSBOOK_BODY_LIMIT_BYTES = 32 * 1024;
const origin = (url: string) => new URL(url).origin;

/** The PAM's origin; on a loopback address both spellings of it, since a developer may open either. */
export function embedderOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [`${url.protocol}//localhost${port}`, `${url.protocol}//127.0.0.1${port}`];
}
const websocketOrigin = (url: string) => origin(url).replace(/^http/, 'ws');

/** The sportsbook's own origin: the frame, its API and its WebSocket. Tests drive it with inject() or a real port. */
export async function buildSportsbookApp(options: SportsbookAppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const { config } = services;
  const app = Fastify({
    bodyLimit: SPORTSBOOK_BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    ...(options.logger
      ? { loggerInstance: options.logger }
      : { logger: options.logLevel ? { level: options.logLevel } : false }),
  });

  const indexHtml = options.clientDir ? await readFile(join(options.clientDir, INDEX_FILE), 'utf8') : undefined;
  installErrorHandler(app, {
    // The frame routes in the browser ('/event/abc', '/bets'): a reload of one gets the page, not a 404.
    notFound: (request, reply) => {
      const path = request.url.split('?')[0]!;
      const isPage =
        indexHtml !== undefined &&
        request.method === 'GET' &&
        !path.startsWith('/api/') &&
        path !== '/ws' &&
        !/\.[A-Za-z0-9]+$/.test(path);
      if (isPage) return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
      return reply.status(404).send({ message: 'Not found' });
    },
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", websocketOrigin(config.sportsbookUrl)],
        // Only the PAM's page may embed the frame.
        frameAncestors: embedderOrigins(config.publicUrl),
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // The PAM and the sportsbook share one registrable domain (DESIGN.md); other sites may not load what it serves.
    crossOriginResourcePolicy: { policy: 'same-site' },
    hsts: false,
    // X-Frame-Options cannot name an allowed embedder; frame-ancestors above does the job.
    frameguard: false,
  });
  await app.register(rateLimit, { global: false });
  // The live hub writes its pushes framed once for all sockets: never compressed (see SportsbookLiveHub.sendFramed).
  await app.register(websocket, { options: { maxPayload: 4096, perMessageDeflate: false } });

  for (const routes of sportsbookRoutes) {
    await app.register(async (scope) => routes(scope, services));
  }
  if (options.clientDir) {
    const clientDir = options.clientDir;
    await app.register(async (scope) => serveClient(scope, clientDir, { appPaths: ['/'], indexFile: INDEX_FILE }));
  }
  return app;
}
