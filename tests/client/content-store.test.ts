import { describe, expect, it, vi } from 'vitest';
import { AppDatabase } from '../../src/db/database';
import { createHttp } from '../../src/api/http';
import { contentApi } from '../../src/api/content';
import { ContentStore, NOT_SAVED_OFFLINE, type ShownDocument } from '../../src/features/legal/ContentStore';
import { createTestRoot, demoUser, fakeFetch, token, type Route } from './support/fakes';

let databases = 0;

/** A server holding documents the test can change, reached through the real http wrapper. */
function setUp() {
  const server = {
    online: true,
    docs: new Map([
      [
        'terms',
        {
          slug: 'terms',
          title: 'Terms & Conditions',
          version: 1,
          updatedAt: '2026-01-01T00:00:00.000Z',
          revision: 'terms-r1',
          body: 'Clause one.',
        },
      ],
      [
        'privacy',
        {
          slug: 'privacy',
          title: 'Privacy Policy',
          version: 1,
          updatedAt: '2026-01-01T00:00:00.000Z',
          revision: 'privacy-r1',
          body: 'We keep little.',
        },
      ],
    ]),
  };
  const offline = new TypeError('Failed to fetch');
  const documentRoute =
    (slug: string): Route =>
    () =>
      server.online ? { status: 200, body: server.docs.get(slug) } : offline;
  const fetch = fakeFetch({
    'GET /content': () =>
      server.online
        ? { status: 200, body: { documents: [...server.docs.values()].map(({ body: _body, ...summary }) => summary) } }
        : offline,
    'GET /content/terms': documentRoute('terms'),
    'GET /content/privacy': documentRoute('privacy'),
  });
  const http = createHttp({
    baseUrl: 'http://localhost',
    fetch: fetch as unknown as typeof globalThis.fetch,
    getCredentials: () => undefined,
    onAuthFailure: () => undefined,
  });
  const db = new AppDatabase(`content-${process.pid}-${++databases}`);
  let clock = Date.parse('2026-03-01T10:00:00Z');
  const store = new ContentStore({ api: contentApi(http), cache: db.documents, now: () => clock });
  return { server, fetch, db, store, advance: (ms: number) => (clock += ms) };
}

async function open(store: ContentStore, slug: string): Promise<ShownDocument[]> {
  const shown: ShownDocument[] = [];
  await store.open(slug, (next) => shown.push(next));
  return shown;
}

describe('the content cache on the device', () => {
  it('saves every document in idle prefetch, and fetches nothing again while the server has nothing newer', async () => {
    const { store, db, fetch } = setUp();
    expect(await store.prefetchAll()).toBe(2);
    expect(
      (await db.documents.toArray()).map((document) => [document.slug, document.version, document.revision]),
    ).toEqual([
      ['privacy', 1, 'privacy-r1'],
      ['terms', 1, 'terms-r1'],
    ]);
    fetch.mockClear();
    expect(await store.prefetchAll()).toBe(0);
    expect(fetch.mock.calls.map(([url]) => new URL(String(url)).pathname)).toEqual(['/content']);
  });

  it('asks for each document by its revision, so that a cached older answer can never stand in for it', async () => {
    const { store, fetch } = setUp();
    await store.prefetchAll();
    const urls = fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/content/'));
    expect(urls).toEqual([
      'http://localhost/content/terms?rev=terms-r1',
      'http://localhost/content/privacy?rev=privacy-r1',
    ]);
  });

  it('replaces the saved copy with a newer server version', async () => {
    const { store, db, server, advance } = setUp();
    await store.prefetchAll();
    server.docs.set('terms', {
      ...server.docs.get('terms')!,
      version: 2,
      revision: 'terms-r2',
      body: 'Clause one, revised.',
    });
    advance(60_000);
    const shown = await open(store, 'terms');
    expect(shown.map((entry) => [entry.document.version, entry.offline])).toEqual([
      [1, false],
      [2, false],
    ]);
    const saved = await db.documents.get('terms');
    expect(saved).toMatchObject({
      version: 2,
      body: 'Clause one, revised.',
      savedAt: Date.parse('2026-03-01T10:01:00Z'),
    });
    expect((await db.documents.get('privacy'))?.version).toBe(1);
  });

  it('opens the saved copy offline, marked as offline with the time it was saved', async () => {
    const { store, server } = setUp();
    await store.prefetchAll();
    server.online = false;
    const shown = await open(store, 'privacy');
    expect(shown.at(-1)).toMatchObject({
      offline: true,
      document: { body: 'We keep little.', savedAt: Date.parse('2026-03-01T10:00:00Z') },
    });
  });

  it('says so plainly when a document was never saved and there is no connection', async () => {
    const { store, server } = setUp();
    server.online = false;
    await expect(open(store, 'terms')).rejects.toThrow(NOT_SAVED_OFFLINE);
  });

  it('keeps the documents at logout while the customer’s own data and storage go', async () => {
    const { root, db } = createTestRoot({
      routes: {
        'POST /auth/login': { status: 200, body: token() },
        'POST /auth/logout': { status: 200, body: { message: 'ok' } },
        'GET /user/details': { status: 200, body: demoUser },
        'GET /balance': { status: 200, body: { balance: 1234, currency: 'GBP' } },
      },
    });
    await root.session.login({ email: 'demo@example.com', password: 'Demo12345' });
    localStorage.setItem('appBannerDismissed', 'true');
    localStorage.setItem('REACT_QUERY_OFFLINE_CACHE', '{"balance":1}');
    sessionStorage.setItem('someUserThing', 'x');
    await root.db.documents.put({
      slug: 'terms',
      title: 'Terms',
      version: 3,
      updatedAt: '2026-01-01T00:00:00.000Z',
      revision: 'r3',
      body: 'Text',
      savedAt: 1,
    });
    await root.db.lastBalance.put({ userId: 7, balance: 1234, currency: 'GBP', savedAt: 1 });
    await root.session.logout();
    await vi.waitFor(async () => expect(await db.lastBalance.count()).toBe(0));
    expect(await root.db.documents.get('terms')).toMatchObject({ version: 3, body: 'Text' });
    expect(localStorage.getItem('appBannerDismissed')).toBe('true');
    expect(localStorage.getItem('REACT_QUERY_OFFLINE_CACHE')).toBeNull();
    expect(sessionStorage.getItem('someUserThing')).toBeNull();
    root.dispose();
  });
});
