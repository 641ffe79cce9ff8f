import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sendCompressed } from '../../server/platform/http/compressed';

describe('a page built for the request, sent compressed as the browser accepts', () => {
  const page = '<!doctype html>' + 'the first lists '.repeat(200);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.get('/', (request, reply) => sendCompressed(request, reply.type('text/html'), page));
    await app.ready();
  });
  afterAll(() => app.close());

  const fetchWith = (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('is brotli when the browser takes it, gzip when it takes only that, and plain otherwise', async () => {
    const brotli = await fetchWith('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(page);
    const gzip = await fetchWith('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(page);
    const plain = await fetchWith();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
    expect(plain.headers.vary).toBe('Accept-Encoding');
  });

  it("follows the browser's preferences: a refused brotli (q=0) is never sent, a preferred gzip wins", async () => {
    const refused = await fetchWith('br;q=0, gzip');
    expect(refused.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(refused.rawPayload).toString()).toBe(page);
    const preferred = await fetchWith('br;q=0.1, gzip;q=0.9');
    expect(preferred.headers['content-encoding']).toBe('gzip');
    const neither = await fetchWith('br;q=0, gzip;q=0');
    expect(neither.headers['content-encoding']).toBeUndefined();
    expect(neither.body).toBe(page);
  });
});
