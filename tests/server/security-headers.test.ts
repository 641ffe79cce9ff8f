import { expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEachDatabase } from './support/harness';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';

describeEachDatabase('security headers', (use) => {
  async function headersOf(options: {
    hsts?: boolean;
    sportsbookUrl?: string;
    exchangeUrl?: string;
    clientDir?: string;
    url?: string;
  }) {
    const { services } = use();
    const config = {
      ...services.config,
      sportsbookUrl: options.sportsbookUrl ?? services.config.sportsbookUrl,
      exchangeUrl: options.exchangeUrl ?? services.config.exchangeUrl,
    };
    const app = await buildApp({ services: { ...services, config }, hsts: options.hsts, clientDir: options.clientDir });
    try {
      return (await app.inject({ method: 'GET', url: options.url ?? '/no/such/route' })).headers;
    } finally {
      await app.close();
    }
  }

  it('lets the app connect only to its own origin and the sportsbook’s, and frame the sportsbook and the exchange', async () => {
    const csp = String(
      (
        await headersOf({
          sportsbookUrl: 'https://sportsbook.example.com',
          exchangeUrl: 'https://exchange.example.com',
        })
      )['content-security-policy'],
    );
    const connectSrc = /connect-src ([^;]*)/.exec(csp)![1]!.split(' ');
    expect(connectSrc).toEqual([
      "'self'",
      'http://localhost:8080',
      'ws://localhost:8080',
      'https://sportsbook.example.com',
      'wss://sportsbook.example.com',
    ]);
    expect(/frame-src ([^;]*)/.exec(csp)![1]!.split(' ')).toEqual([
      "'self'",
      'https://sportsbook.example.com',
      'https://exchange.example.com',
    ]);
  });

  it("allows the built page's own inline stylesheet and start by their hashes, and no other inline code", async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'bx-csp-page-'));
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    try {
      writeFileSync(
        join(clientDir, 'index.html'),
        '<!doctype html><html><head><style>.a{color:red}</style><script type="module" src="/assets/x.js"></script>' +
          '</head><body><div id="root"></div><script>(function(){})()</script></body></html>',
      );
      const csp = String((await headersOf({ clientDir, url: '/' }))['content-security-policy']);
      expect(/script-src ([^;]*)/.exec(csp)![1]!.split(' ')).toEqual(["'self'", sha('(function(){})()')]);
      expect(/style-src ([^;]*)/.exec(csp)![1]!.split(' ')).toEqual(["'self'", sha('.a{color:red}')]);
    } finally {
      rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('sends Strict-Transport-Security only when served over TLS', async () => {
    expect((await headersOf({}))['strict-transport-security']).toBeUndefined();
    expect((await headersOf({ hsts: true }))['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

it('turns HSTS on for an https PUBLIC_URL or HSTS=on, and off otherwise', () => {
  const dir = { DATA_DIR: '/tmp/bx-hsts-config-test' };
  expect(loadConfig(dir).hsts).toBe(false);
  expect(loadConfig({ ...dir, PUBLIC_URL: 'https://exsport.example.com' }).hsts).toBe(true);
  expect(loadConfig({ ...dir, HSTS: 'on' }).hsts).toBe(true);
  expect(loadConfig({ ...dir, PUBLIC_URL: 'https://exsport.example.com', HSTS: 'off' }).hsts).toBe(false);
});
