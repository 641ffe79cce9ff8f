import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isLoopbackHost } from '../config';
import { compressedOnce } from './compressed';

export interface ServeClientOptions {
  /** Paths answered with the page itself. */
  appPaths: string[];
  indexFile?: string;
  /** PUBLIC_URL: on a loopback one, a page asked for by another name of this machine is sent there. */
  publicUrl?: string;
  /** Origins the page will open at once (the sportsbook's frame at `/`): the browser connects while the script loads. */
  preconnect?: string[];
  /**
   * What the page is told as it is sent, as `<meta name content>` lines (src/contract/host-page.ts): the frame `/`
   * opens for a signed-out visitor, the server's settings, so the app starts without asking.
   */
  meta?: Record<string, string>;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Where a page request must go instead, or null: only when the public URL is a loopback one (development) and the
 * request named this machine otherwise (127.0.0.1 for localhost). The sportsbook's frame is then same-site with the
 * page, so its storage works, and the bridge and CSP keep one exact origin each (docs/decisions.md, "One host name").
 * Never in production: a proxy that passes its upstream's name (nginx's default) would loop.
 */
export function publicPageRedirect(publicUrl: string, hostHeader: string | undefined, url: string): string | null {
  const target = new URL(publicUrl);
  if (!hostHeader || !isLoopbackHost(target.hostname)) return null;
  if (hostHeader.toLowerCase() === target.host) return null;
  // Joined, never resolved: a path like //elsewhere.example stays on the public origin.
  return `${target.origin}${url.startsWith('/') ? url : `/${url}`}`;
}

export async function serveClient(app: FastifyInstance, clientDir: string, options: ServeClientOptions) {
  const builtPage = await readFile(join(clientDir, options.indexFile ?? 'index.html'), 'utf8');
  const metaLines = Object.entries(options.meta ?? {}).map(
    ([name, content]) => `\n    <meta name="${escapeAttribute(name)}" content="${escapeAttribute(content)}" />`,
  );
  // Compressed: the page carries the app's stylesheet and its first screen (scripts/first-screen.ts), 33 KB as it is.
  const sendPage = compressedOnce(builtPage.replace('<head>', () => `<head>${metaLines.join('')}`));
  const link = (options.preconnect ?? []).map((origin) => `<${origin}>; rel=preconnect`).join(', ');
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
    app.get(path, async (request, reply) => {
      const redirect = options.publicUrl && publicPageRedirect(options.publicUrl, request.headers.host, request.url);
      // 307, not 308: a browser must not remember it past a change of PUBLIC_URL.
      if (redirect) return reply.header('Cache-Control', 'no-store').redirect(redirect, 307);
      if (link) reply.header('Link', link);
      return sendPage(request, reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache'));
    });
  }
}
