import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { notFound } from '../../platform/errors';
import { isLoopbackAddress, isLoopbackHostHeader } from '../../platform/http/loopback';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (html: string) => html.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * A developer's view of sent mail, so that a reset link can be followed without a mail server. It lists reset
 * links, so it is registered only where config.mailOutboxAllowed says so, and even then answers only a browser on
 * this machine that addressed it by a loopback name; to anyone else it does not exist.
 */
export async function outboxRoutes(app: FastifyInstance, { db }: Services) {
  app.addHook('onRequest', async (request) => {
    if (!isLoopbackAddress(request.socket.remoteAddress ?? '') || !isLoopbackHostHeader(request.headers.host))
      throw notFound('Not Found');
  });
  const latest = () => db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(50).execute();

  app.get('/outbox.json', async () =>
    (await latest()).map((m) => ({
      id: m.id,
      to: m.to_address,
      subject: m.subject,
      text: m.text_body,
      createdAt: m.created_at.toISOString(),
    })),
  );

  app.get('/outbox', async (_request, reply) => {
    const mails = await latest();
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p>To: ${escapeHtml(m.to_address)} · ${m.created_at.toISOString()}</p><pre>${linkify(escapeHtml(m.text_body))}</pre></article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail outbox</title></head><body><h1>Mail outbox</h1><p>Mail the server has sent, newest first. This page exists only on development machines.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
  });
}
