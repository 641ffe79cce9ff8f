import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ServeClientOptions {
  /** Paths answered with the page itself. */
  appPaths: string[];
  indexFile?: string;
}

export async function serveClient(app: FastifyInstance, clientDir: string, options: ServeClientOptions) {
  const indexHtml = await readFile(join(clientDir, options.indexFile ?? 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: true,
    // The build writes .br and .gz beside each text file; the browser gets the one it accepts.
    preCompressed: true,
    setHeaders: (res, path) => {
      // Hashed assets never change; the worker, manifest and page must be revalidated so updates are seen.
      if (path.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
    },
  });
  for (const path of options.appPaths) {
    app.get(path, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml),
    );
  }
}
