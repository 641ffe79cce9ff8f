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
import { firstListsBlock } from '../../server/sportsbook/frame-page';
import { FIRST_LISTS_ELEMENT_ID, type FirstLists } from '../../src/contract/sportsbook-page';

/** The frame's index.html as the build writes it: the lists' preloads between the markers `/` fills in. */
const PRELOADS = '<link rel="preload" href="/api/competitions" as="fetch" crossorigin="anonymous" />';
const PAGE = `<!doctype html><title>Sportsbook</title><!-- first-lists: here --> ${PRELOADS} <!-- /first-lists --><div id="root"></div>`;

function firstListsIn(html: string): FirstLists | null {
  const block = new RegExp(`<script type="application/json" id="${FIRST_LISTS_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return block ? (JSON.parse(block[1]!) as FirstLists) : null;
}

for (const kind of databaseKinds()) {
  describe(`sportsbook app and start [${kind}]`, () => {
    let database: AnyDatabaseHandle;
    let sportsbook: RunningSportsbook;
    let base = '';
    let clientDir = '';
    beforeAll(async () => {
      clientDir = mkdtempSync(join(tmpdir(), 'sportsbook-client-'));
      mkdirSync(join(clientDir, 'assets'));
      writeFileSync(join(clientDir, 'index.html'), PAGE);
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

    it("answers `/` with the home screen's first lists in the page, as the catalogue's API answers them now, compressed", async () => {
      const page = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip' } });
      expect(page.headers.get('content-encoding')).toBe('gzip');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const html = await page.text();
      expect(html).not.toContain(PRELOADS);
      expect(html).toContain('<div id="root"></div>');
      const lists = firstListsIn(html)!;
      const api = async (path: string) => (await fetch(`${base}${path}`)).json();
      expect(lists.live.map((event) => event.id)).toEqual(
        ((await api('/api/events?status=live')) as { events: Array<{ id: string }> }).events.map((event) => event.id),
      );
      expect(lists.upcoming.length).toBe(
        ((await api('/api/events?status=upcoming')) as { events: unknown[] }).events.length,
      );
      expect(lists.competitions).toEqual(
        ((await api('/api/competitions')) as { competitions: unknown[] }).competitions,
      );
      // Prices come with the lists (a live match's may be suspended for a moment after a goal; the upcoming are open).
      const priced = [...lists.live, ...lists.upcoming].filter((event) =>
        event.mainMarket?.selections.some((selection) => selection.price !== null),
      );
      expect(priced.length).toBeGreaterThan(0);
      // Another route of the frame keeps the preloads: its first screen is not the lists.
      const other = await (await fetch(`${base}/bets`)).text();
      expect([other.includes(PRELOADS), firstListsIn(other)]).toEqual([true, null]);
    });
  });
}

describe("the frame page's first lists", () => {
  it('cannot be closed or commented out by a name from the feed', () => {
    const block = firstListsBlock({
      live: [],
      upcoming: [],
      competitions: [{ id: 'x', name: '</script><!-- <script>alert(1)</script>', country: 'E', eventCount: 0 }],
    });
    expect(block.indexOf('</script>')).toBe(block.length - '</script>'.length);
    expect(block).not.toContain('<!--');
    expect(firstListsIn(block)!.competitions[0]!.name).toBe('</script><!-- <script>alert(1)</script>');
  });
});

describe('the frame embedder', () => {
  it('is the PAM origin alone in production, and both loopback spellings of it in development', () => {
    expect(embedderOrigins('https://www.exsport.example')).toEqual(['https://www.exsport.example']);
    expect(embedderOrigins('http://127.0.0.1:8080/')).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
  });
});
