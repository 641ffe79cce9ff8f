import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { publicPageRedirect, serveClient } from '../../server/platform/http/serve-client';
import { EXCHANGE_IN_BROWSER_META, SPORTSBOOK_URL_META } from '../../src/contract/host-page';

describe('a page asked for by another name of this machine', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bx-public-host-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>page</title></head></html>');
    app = Fastify();
    await serveClient(app, dir, {
      appPaths: ['/', '/exchange'],
      publicUrl: 'http://localhost:8080',
      preconnect: ['http://localhost:8100'],
      meta: { [SPORTSBOOK_URL_META]: 'http://localhost:8100/?a=1&b="2"', [EXCHANGE_IN_BROWSER_META]: 'true' },
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is sent to the public URL, path and query kept, by 127.0.0.1 or [::1]', async () => {
    for (const host of ['127.0.0.1:8080', '[::1]:8080']) {
      const reply = await app.inject({ method: 'GET', url: '/exchange?sb=/event/abc', headers: { host } });
      expect(reply.statusCode).toBe(307);
      expect(reply.headers.location).toBe('http://localhost:8080/exchange?sb=/event/abc');
    }
  });

  it('is served as it is by the public name', async () => {
    const reply = await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:8080' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('<title>page</title>');
  });

  it("names the sportsbook's first address in the page, escaped, so the app opens it without asking", async () => {
    const reply = await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:8080' } });
    expect(reply.body).toContain(
      `<meta name="${SPORTSBOOK_URL_META}" content="http://localhost:8100/?a=1&amp;b=&quot;2&quot;" />`,
    );
    expect(reply.body).toContain('<title>page</title>');
  });

  it("tells the page the server's exchange setting, so the app need not ask before it shows /exchange", async () => {
    const reply = await app.inject({ method: 'GET', url: '/exchange', headers: { host: 'localhost:8080' } });
    expect(reply.body).toContain(`<meta name="${EXCHANGE_IN_BROWSER_META}" content="true" />`);
  });

  it('is sent compressed to a browser that accepts it, its meta lines included', async () => {
    const reply = await app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'localhost:8080', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(reply.rawPayload).toString()).toContain(`<meta name="${EXCHANGE_IN_BROWSER_META}"`);
  });

  it("names the sportsbook's origin to connect to while the page's script loads", async () => {
    const reply = await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:8080' } });
    expect(reply.headers.link).toBe('<http://localhost:8100>; rel=preconnect');
  });
});

describe('publicPageRedirect', () => {
  it('never sends anyone elsewhere behind a public (production) URL, where a proxy may pass its upstream name', () => {
    expect(publicPageRedirect('https://exsport.example.com', '127.0.0.1:8080', '/')).toBeNull();
    expect(publicPageRedirect('https://exsport.example.com', 'exsport.example.com', '/')).toBeNull();
  });

  it('answers the public URL for any other name on a loopback public URL, and nothing without a Host', () => {
    expect(publicPageRedirect('http://127.0.0.1:9000', 'localhost:9000', '/?a=1')).toBe('http://127.0.0.1:9000/?a=1');
    expect(publicPageRedirect('http://localhost:9000', 'LOCALHOST:9000', '/')).toBeNull();
    expect(publicPageRedirect('http://localhost:9000', undefined, '/')).toBeNull();
    expect(publicPageRedirect('http://localhost:9000', '127.0.0.1:9000', '//evil.example/x')).toBe(
      'http://localhost:9000//evil.example/x',
    );
  });
});
