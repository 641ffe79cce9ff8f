import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSportsbook } from '../../../src/sportsbook/app/createSportsbook';
import { initialRoute } from '../../../src/ui/frame/FrameLaunch';
import { SESSION_KEY, SessionStore } from '../../../src/sportsbook/stores/SessionStore';
import type { SocketLike } from '../../../src/sportsbook/services/PriceSocket';
import { fakeFetch, memoryStorage } from '../support/fakes';
import { FrameSession } from '../../../src/ui/frame/FrameSession';

const LAUNCH = 'abcdefghijklmnopqrstuvwxyz012345';

function socket(): SocketLike & { sent: unknown[] } {
  const sent: unknown[] = [];
  return {
    readyState: 0,
    sent,
    send: (data: string) => void sent.push(JSON.parse(data)),
    close: () => undefined,
    onopen: null,
    onclose: null,
    onmessage: null,
  };
}

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the frame session', () => {
  it('trades #launch for a session, removes the token from the address, keeps the session in sessionStorage only', async () => {
    window.history.replaceState(null, '', `/event/ev-1#launch=${LAUNCH}`);
    const fetch = fakeFetch({
      'POST /api/session': { status: 201, body: { sessionToken: 'session-1', balance: 2500, currency: 'GBP' } },
    });
    const sockets: ReturnType<typeof socket>[] = [];
    const sportsbook = createSportsbook({
      window,
      fetch: fetch as unknown as typeof globalThis.fetch,
      createSocket: () => (sockets.push(socket()), sockets.at(-1)!),
    });
    await sportsbook.start();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/event/ev-1');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ launchToken: LAUNCH });
    expect(sportsbook.session.token).toBe('session-1');
    expect(sportsbook.session.balance).toBe(2500);
    expect(window.sessionStorage.getItem(SESSION_KEY)).toBe('session-1');
    expect(document.cookie).toBe('');
    sockets[0]!.readyState = 1;
    sockets[0]!.onopen?.({});
    expect(sockets[0]!.sent[0]).toEqual({ type: 'auth', sessionToken: 'session-1' });
    expect(sockets[0]!.sent[1]).toEqual({ type: 'subscribe', lists: false, eventIds: ['ev-1'] });
  });

  it('an ended session (401) is dropped and the host is told session-expired', async () => {
    window.sessionStorage.setItem(SESSION_KEY, 'old-session');
    const fetch = fakeFetch({
      'GET /api/session': { status: 401, body: { message: 'Session expired', code: 'SessionExpired' } },
    });
    const sportsbook = createSportsbook({
      window,
      fetch: fetch as unknown as typeof globalThis.fetch,
      createSocket: socket,
    });
    const post = vi.spyOn(sportsbook.bridge, 'post');
    await sportsbook.session.refresh();
    expect(sportsbook.session.token).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_KEY)).toBeNull();
    expect(post).toHaveBeenCalledWith({ type: 'session-expired' });
  });

  it('reads the launch token only from the fragment, and the route from ?route= or the path', () => {
    expect(SessionStore.launchTokenFrom(`#launch=${LAUNCH}`)).toBe(LAUNCH);
    expect(SessionStore.launchTokenFrom('#launch=short')).toBeNull();
    expect(initialRoute({ pathname: '/', search: '?route=/bets' })).toBe('/bets');
    expect(initialRoute({ pathname: '/event/ev-2', search: '' })).toBe('/event/ev-2');
    expect(initialRoute({ pathname: '/', search: '?route=//evil.test' })).toBe('/');
  });
});

describe("the frame session's balance", () => {
  it('keeps a pushed balance when a read sent before the push answers after it', async () => {
    let answer!: (session: { balance: number; currency: string }) => void;
    const session = new FrameSession({
      api: () => ({
        startSession: () => Promise.reject(new Error('not used')),
        session: () => new Promise((resolve) => (answer = resolve)),
      }),
      storageKey: 'kept',
      storage: memoryStorage({ kept: 'session-1' }),
      onExpired: () => undefined,
    });
    const read = session.refresh();
    // The settlement's credit reaches the frame while the read, made before it committed, is still out.
    session.setBalance(5_250);
    answer({ balance: 4_800, currency: 'GBP' });
    await read;
    expect(session.balance).toBe(5_250);
  });
});
