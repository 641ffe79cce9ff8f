import type { FastifyInstance } from 'fastify';
import { installSecurityHeaders } from './security-headers';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { installErrorHandler } from './error-handler';

const INDEX_FILE = 'index.html';
const origin = (url: string) => new URL(url).origin;
const websocketOrigin = (url: string) => origin(url).replace(/^http/, 'ws');

/** The PAM's origin; on a loopback address both spellings of it, since a developer may open either. */
export function embedderOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [`${url.protocol}//localhost${port}`, `${url.protocol}//127.0.0.1${port}`];
}

/**
 * The headers and error handling of a service on its own origin whose page the PAM embeds (the sportsbook, the
 * exchange): only the PAM may frame it, and a reload of one of the frame's routes gets the page, not a 404.
 */
export async function setUpEmbeddedOrigin(
  app: FastifyInstance,
  options: { ownUrl: string; publicUrl: string; clientDir?: string },
): Promise<void> {
  const indexHtml = options.clientDir ? await readFile(join(options.clientDir, INDEX_FILE), 'utf8') : undefined;
  installErrorHandler(app, {
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
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", websocketOrigin(options.ownUrl)],
        // Only the PAM's page may embed the frame.
        frameAncestors: embedderOrigins(options.publicUrl),
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // The PAM and the embedded service share one registrable domain (docs/architecture.md); other sites may not load what it serves.
    crossOriginResourcePolicy: { policy: 'same-site' },
    hsts: false,
    // X-Frame-Options cannot name an allowed embedder; frame-ancestors above does the job.
    frameguard: false,
  });
}
