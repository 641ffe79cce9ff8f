import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's response headers on every route of this app. The middleware is built once: @fastify/helmet builds it
 * again for each request, parsing the whole Content-Security-Policy every time, which cost a small route about a
 * tenth of its CPU (docs/benchmarks.md, "GET /balance").
 */
export function installSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const applyHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
