import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';

const sharedScript = readFileSync(new URL('./sandbox-page.js', import.meta.url), 'utf8');

// The page may only talk to its own origin and never be framed; its one script is a file, not inline.
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Serves a sandbox page's `<path>.js` and `<path>.css`. The script is the shared sandbox-page code followed
 * by the page's own, one file, so the page loads a single script.
 */
export function registerPageAssets(app: FastifyInstance, path: string, files: { script: URL; styles: URL }): void {
  const script = `${sharedScript}\n${readFileSync(files.script, 'utf8')}`;
  const styles = readFileSync(files.styles, 'utf8');
  app.get(`${path}.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(script),
  );
  app.get(`${path}.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(styles),
  );
}

/** Sends a sandbox page: `body` in the HTML shell with the page's stylesheet, under the sandbox CSP, never cached. */
export function sendPage(reply: FastifyReply, page: { status: number; title: string; path: string; body: string }) {
  return (
    reply
      .status(page.status)
      .header('Content-Security-Policy', PAGE_CSP)
      .header('Cache-Control', 'no-store')
      // The app's window opened this one and waits for its message through window.opener.
      .header('Cross-Origin-Opener-Policy', 'unsafe-none')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title}</title><link rel="stylesheet" href="${page.path}.css"></head><body><main>${page.body}</main></body></html>`,
      )
  );
}
