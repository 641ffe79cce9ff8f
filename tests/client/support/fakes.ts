import { vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { AppDatabase } from '../../../src/db/database';
import { RootStore } from '../../../src/stores/RootStore';
import { overlayCatalog } from '../../../src/overlays/registry';
import type { SocketLike } from '../../../src/stores/LiveConnection';
import type { TokenResponse } from '../../../src/contract/auth';

export type Reply = { status: number; body?: unknown } | Error;
export type Route = (body: unknown, request: { url: URL; init: RequestInit }) => Reply | Promise<Reply>;

/** A fetch that answers `'METHOD /path'` routes with JSON (or a thrown error); anything else is a 404. */
export function fakeFetch(routes: Record<string, Route | Reply> = {}) {
  return vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply =
      typeof route === 'function'
        ? await route(body, { url, init })
        : (route ?? { status: 404, body: { message: 'Not found' } });
    if (reply instanceof Error) throw reply;
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
    const contentType = typeof reply.body === 'string' ? 'text/plain' : 'application/json';
    return new Response(text, { status: reply.status, headers: { 'content-type': contentType } });
  });
}

export function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

export const token = (overrides: Partial<TokenResponse> = {}): TokenResponse => ({
  accessToken: 'access-1',
  tokenType: 'Bearer',
  expiresIn: 900,
  refreshExpiresIn: 43_200,
  refreshToken: 'refresh-1',
  ...overrides,
});

export const demoUser = {
  id: 7,
  firstName: 'Demo',
  lastName: 'Customer',
  email: 'demo@example.com',
  avatarUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  dateOfBirth: '1990-01-01',
  phone: '+447700900123',
  address1: '1 High Street',
  address2: '',
  addressCity: 'London',
  addressPostCode: 'SW1A 1AA',
  marketingOffersEmail: false,
  marketingOffersPhone: false,
  marketingOffersSms: false,
  verificationStatus: 'passed' as const,
};

/** A socket the test drives by hand: open it, send it messages, close it with a code. */
export class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  closedWith: number | undefined;
  readonly sent: unknown[] = [];
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  open() {
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
  close(code?: number) {
    this.closedWith = code;
  }
}

let databases = 0;

/** A RootStore on fakes: fetch, storage, sockets and alert are the test's; timers are the (fakeable) globals. */
export function createTestRoot(
  options: {
    routes?: Record<string, Route | Reply>;
    storage?: ReturnType<typeof memoryStorage>;
    standalone?: boolean;
  } = {},
) {
  const fetch = fakeFetch(options.routes);
  const storage = options.storage ?? memoryStorage();
  const sockets: FakeSocket[] = [];
  const alert = vi.fn();
  // The real database, opened at once: the tests read it directly (count()), beside what the stores ask of it.
  const db = new AppDatabase(`test-${process.pid}-${++databases}`);
  const root = new RootStore({
    db,
    queryClient: new QueryClient(),
    overlayCatalog,
    storage,
    fetch: fetch as unknown as typeof globalThis.fetch,
    alert,
    origin: 'http://localhost',
    standalone: options.standalone,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  return { root, db, fetch, storage, sockets, alert };
}

/** The calls made to `'METHOD /path'`. */
export const callsTo = (fetch: ReturnType<typeof fakeFetch>, key: string) =>
  fetch.mock.calls.filter(
    ([input, init]) =>
      `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(input)).pathname}` === key,
  );
