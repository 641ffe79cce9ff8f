import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressedOnce, sendCompressed } from '../../server/platform/http/compressed';

const page = '<!doctype html>' + 'the first lists '.repeat(200);
const senders = [
  ['a page built for the request', (request, reply) => sendCompressed(request, reply, page)],
  ["a page fixed for the server's life, compressed once", compressedOnce(page)],
] as const satisfies ReadonlyArray<readonly [string, (request: FastifyRequest, reply: FastifyReply) => FastifyReply]>;

describe.each(senders)('%s, sent compressed as the browser accepts', (_name, send) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.get('/', (request, reply) => send(request, reply.type('text/html')));
    await app.ready();
  });
  afterAll(() => app.close());

  const fetchWith = (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  /** The encoding the page came in for this Accept-Encoding (null: none), checked to decode to the page itself. */
  async function encodingFor(acceptEncoding?: string): Promise<string | null> {
    const reply = await fetchWith(acceptEncoding);
    expect(reply.headers.vary).toBe('Accept-Encoding');
    const encoding = (reply.headers['content-encoding'] as string | undefined) ?? null;
    const decode = { br: brotliDecompressSync, gzip: gunzipSync }[encoding ?? ''] ?? ((body: Buffer) => body);
    expect(decode(reply.rawPayload).toString()).toBe(page);
    return encoding;
  }

  it('is brotli when the browser takes it, gzip when it takes only that, and plain otherwise', async () => {
    expect(await encodingFor('gzip, deflate, br')).toBe('br');
    expect(await encodingFor('gzip')).toBe('gzip');
    expect(await encodingFor()).toBeNull();
  });

  it("follows the browser's preferences: a refused brotli (q=0) is never sent, a preferred gzip wins", async () => {
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('br;q=0.1, gzip;q=0.9')).toBe('gzip');
    expect(await encodingFor('br;q=0, gzip;q=0')).toBeNull();
  });
});
