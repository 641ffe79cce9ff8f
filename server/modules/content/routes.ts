import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services';
import { contentSlugParam } from '../../../src/contract/content';
import { notFound } from '../../platform/errors';

/**
 * Documents are public and change rarely: the browser revalidates with the ETag every time (no-cache), so the
 * service worker's stale-while-revalidate copy and the offline copy catch up as soon as a new version exists.
 */
function sendWithEtag(request: FastifyRequest, reply: FastifyReply, etag: string, body: unknown) {
  reply.header('Cache-Control', 'public, no-cache').header('ETag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return body;
}

export async function contentRoutes(app: FastifyInstance, { content }: Services) {
  app.get('/content', async (request, reply) => {
    const documents = await content.index();
    return sendWithEtag(request, reply, `"${documents.map((document) => document.revision).join('.')}"`.slice(0, 200), {
      documents,
    });
  });

  app.get('/content/:slug', async (request, reply) => {
    const params = contentSlugParam.safeParse(request.params);
    if (!params.success) throw notFound('No such document');
    const document = await content.get(params.data.slug);
    reply.header('X-Content-Version', String(document.version));
    return sendWithEtag(request, reply, `"${document.revision}"`, document);
  });
}
