import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { cloneDatabase, databaseKinds, TEST_SECRETS } from './support/harness';
import { ManualClock } from '../../server/platform/clock';
import type { AnyDatabaseHandle } from '../../server/platform/db/database';
import { startSportsbook, type RunningSportsbook } from '../../server/sportsbook/start';
import type { SportsbookConfig } from '../../server/sportsbook/config';
import { embedderOrigins } from '../../server/sportsbook/app';

for (const kind of databaseKinds()) {
  describe(`sportsbook app and start [${kind}]`, () => {
    let database: AnyDatabaseHandle;
    let sportsbook: RunningSportsbook;
    let base = '';
    let clientDir = '';
    beforeAll(async () => {
      clientDir = mkdtempSync(join(tmpdir(), 'sportsbook-client-'));
      mkdirSync(join(clientDir, 'assets'));
      writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Sportsbook</title>');
      writeFileSync(join(clientDir, 'assets', 'frame-abc123.js'), 'console.log(1)');
      database = await cloneDatabase(kind);
      const config: SportsbookConfig = {
        host: '127.0.0.1',
        publicUrl: 'http://localhost:8080',
        sportsbookUrl: 'http://localhost:8100',
        sportsbookPort: 0,
        secrets: TEST_SECRETS,
        databaseUrl: undefined,
        dataDir: '/tmp/bx-test-data',
        pamUrl: 'http://127.0.0.1:8080',
        clockSpeed: 9,
        goalSuspensionMs: 5_000,
        clientDir,
      };
      sportsbook = await startSportsbook({ config, database, clock: new ManualClock(), port: 0 });
      base = `http://127.0.0.1:${(sportsbook.app.server.address() as AddressInfo).port}`;
    }, 60_000);
    afterAll(async () => {
      await sportsbook?.close();
      await database?.close();
      rmSync(clientDir, { recursive: true, force: true });
    });

    it('migrates, seeds its world, runs the feed and serves the catalogue on its own port', async () => {
      const response = await fetch(`${base}/api/events?status=live`);
      expect(response.status).toBe(200);
      const { events } = (await response.json()) as { events: unknown[] };
      expect(events.length).toBeGreaterThan(0);
      expect(sportsbook.services.runner.isLeading).toBe(true);
    });

    it('lets only the PAM embed the frame: frame-ancestors names its origin, and no X-Frame-Options', async () => {
      const response = await fetch(`${base}/`);
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain('frame-ancestors http://localhost:8080 http://127.0.0.1:8080;');
      expect(csp).toContain("connect-src 'self' ws://localhost:8100");
      expect(csp).toContain("default-src 'self'");
      expect(response.headers.get('x-frame-options')).toBeNull();
    });

    it('serves the frame at its routes, its assets as immutable, and JSON 404s for unknown API paths and files', async () => {
      for (const path of ['/', '/event/ev-1', '/bets']) {
        const page = await fetch(`${base}${path}`);
        expect(page.status, path).toBe(200);
        expect(await page.text()).toContain('<title>Sportsbook</title>');
      }
      const asset = await fetch(`${base}/assets/frame-abc123.js`);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      for (const path of ['/api/nothing', '/assets/missing.js']) {
        const missing = await fetch(`${base}${path}`);
        expect(missing.status, path).toBe(404);
        expect(await missing.json()).toEqual({ message: 'Not found' });
      }
    });
  });
}

describe('the frame embedder', () => {
  it('is the PAM origin alone in production, and both loopback spellings of it in development', () => {
    expect(embedderOrigins('https://www.exsport.example')).toEqual(['https://www.exsport.example']);
    expect(embedderOrigins('http://127.0.0.1:8080/')).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
  });
});
