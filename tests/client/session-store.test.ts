import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REFRESH_BEFORE_EXPIRY_MS,
  SESSION_EXPIRED_ALERT,
  SessionStore,
  TOKEN_PARSE_ERROR,
  refreshDelay,
  toStoredToken,
  type SessionApi,
} from '../../src/stores/SessionStore';
import { TOKEN_STORAGE_KEY } from '../../src/stores/tokenStorageKey';
import { browserTimers } from '../../src/stores/timers';
import { demoUser, memoryStorage, token } from './support/fakes';

const START = Date.UTC(2026, 10, 22, 12, 0, 0);

function setup(options: { stored?: string; api?: Partial<SessionApi> } = {}) {
  const storage = memoryStorage(options.stored === undefined ? {} : { [TOKEN_STORAGE_KEY]: options.stored });
  const api: SessionApi = {
    login: vi.fn(async () => token()),
    refresh: vi.fn(async () => token({ accessToken: 'access-2', refreshToken: 'refresh-2' })),
    logout: vi.fn(async () => ({ message: 'ok' })),
    userDetails: vi.fn(async () => demoUser),
    ...options.api,
  };
  const onSignedIn = vi.fn();
  const onSignedOut = vi.fn();
  const alert = vi.fn();
  const session = new SessionStore({
    api,
    storage,
    now: () => Date.now(),
    timers: browserTimers,
    alert,
    onSignedIn,
    onSignedOut,
  });
  return { session, api, storage, onSignedIn, onSignedOut, alert };
}

const stored = (overrides: { expiresAt: number; refreshExpiresAt?: number }) =>
  JSON.stringify({
    ...token({ accessToken: 'stored-access', refreshToken: 'stored-refresh' }),
    refreshExpiresAt: START + 3_600_000,
    ...overrides,
  });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session timing', () => {
  it('computes the refresh delay: 60 seconds before expiry, at once when less remains', () => {
    expect(REFRESH_BEFORE_EXPIRY_MS).toBe(60_000);
    expect(refreshDelay(START + 900_000, START)).toBe(840_000);
    expect(refreshDelay(START + 60_000, START)).toBe(0);
    expect(refreshDelay(START + 30_000, START)).toBe(0);
    expect(refreshDelay(START - 5_000, START)).toBe(0);
  });

  it('stores the token with its computed expiries under accessToken at login', async () => {
    const { session, storage, onSignedIn } = setup();
    await session.login({ email: 'demo@example.com', password: 'Demo12345' });
    const saved = JSON.parse(storage.getItem(TOKEN_STORAGE_KEY)!);
    expect(saved).toMatchObject({
      accessToken: 'access-1',
      tokenType: 'Bearer',
      expiresAt: START + 900_000,
      refreshExpiresAt: START + 43_200_000,
    });
    expect(session.isLoggedIn).toBe(true);
    expect(session.user?.id).toBe(7);
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it('refreshes 60 seconds before the token expires, and again before the new one does', async () => {
    const { session, api, storage } = setup();
    await session.login({ email: 'demo@example.com', password: 'Demo12345' });
    await vi.advanceTimersByTimeAsync(840_000 - 1);
    expect(api.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.refresh).toHaveBeenCalledWith('refresh-1');
    expect(session.token?.accessToken).toBe('access-2');
    expect(session.token?.expiresAt).toBe(START + 840_000 + 900_000);
    expect(JSON.parse(storage.getItem(TOKEN_STORAGE_KEY)!).refreshToken).toBe('refresh-2');
    await vi.advanceTimersByTimeAsync(840_000);
    expect(api.refresh).toHaveBeenCalledTimes(2);
    expect(api.refresh).toHaveBeenLastCalledWith('refresh-2');
  });

  it('refreshes at once when less than 60 seconds remain', async () => {
    const { session, api } = setup({ api: { login: vi.fn(async () => token({ expiresIn: 45 })) } });
    await session.login({ email: 'demo@example.com', password: 'Demo12345' });
    expect(api.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.refresh).toHaveBeenCalledTimes(1);
  });

  it('counts as logged in only while the expiry is in the future', async () => {
    const { session } = setup({ api: { refresh: vi.fn(() => new Promise<never>(() => {})) } });
    await session.login({ email: 'demo@example.com', password: 'Demo12345' });
    await vi.advanceTimersByTimeAsync(900_000 - 1);
    expect(session.isLoggedIn).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(session.isLoggedIn).toBe(false);
  });
});

describe('restoring on page load', () => {
  it('restores a valid stored token without refreshing it, and schedules its refresh', async () => {
    const { session, api, onSignedIn } = setup({ stored: stored({ expiresAt: START + 300_000 }) });
    await session.restore();
    expect(session.isLoggedIn).toBe(true);
    expect(session.token?.accessToken).toBe('stored-access');
    expect(api.refresh).not.toHaveBeenCalled();
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(240_000);
    expect(api.refresh).toHaveBeenCalledWith('stored-refresh');
  });

  it('refreshes an expired stored token', async () => {
    const { session, api, onSignedIn, storage } = setup({ stored: stored({ expiresAt: START - 1 }) });
    await session.restore();
    expect(api.refresh).toHaveBeenCalledWith('stored-refresh');
    expect(session.isLoggedIn).toBe(true);
    expect(session.token?.accessToken).toBe('access-2');
    expect(JSON.parse(storage.getItem(TOKEN_STORAGE_KEY)!).accessToken).toBe('access-2');
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(session.user?.id).toBe(7);
  });

  it('drops a stored token whose refresh has run out too, without asking the server', async () => {
    const { session, api, storage, onSignedOut } = setup({
      stored: stored({ expiresAt: START - 1, refreshExpiresAt: START - 1 }),
    });
    await session.restore();
    expect(api.refresh).not.toHaveBeenCalled();
    expect(session.isLoggedIn).toBe(false);
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it.each([['not json{'], ['{"accessToken":"a"}'], ['null']])(
    'raises the parse error for a stored value %s and removes it',
    async (raw) => {
      const { session, storage } = setup({ stored: raw });
      await expect(session.restore()).rejects.toThrow(TOKEN_PARSE_ERROR);
      expect(TOKEN_PARSE_ERROR).toBe('Failed to parse auth token from sessionStorage.');
      expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
      expect(session.isLoggedIn).toBe(false);
    },
  );

  it('does nothing when no token is stored', async () => {
    const { session, api } = setup();
    await session.restore();
    expect(session.token).toBeNull();
    expect(api.refresh).not.toHaveBeenCalled();
  });
});

describe('signing out', () => {
  it('signs out when the refresh fails: token, user and stored token cleared, no alert', async () => {
    const { session, storage, onSignedOut, alert } = setup({
      api: { refresh: vi.fn(async () => Promise.reject(new Error('Invalid refresh token'))) },
    });
    await session.login({ email: 'demo@example.com', password: 'Demo12345' });
    await vi.advanceTimersByTimeAsync(840_000);
    expect(session.token).toBeNull();
    expect(session.user).toBeNull();
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(onSignedOut).toHaveBeenCalledWith('refreshFailed');
    expect(alert).not.toHaveBeenCalled();
  });

  it('signs out with the session-expired alert on tokenExpired (a 401)', async () => {
    const { session, storage, onSignedOut, alert, api } = setup();
    await session.login({ email: 'demo@example.com', password: 'Demo12345' });
    session.handleAuthFailure(401);
    expect(session.isLoggedIn).toBe(false);
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(onSignedOut).toHaveBeenCalledWith('tokenExpired');
    expect(alert).toHaveBeenCalledWith(SESSION_EXPIRED_ALERT);
    expect(SESSION_EXPIRED_ALERT).toBe('Your session has expired. Please log in again.');
    // The refresh timer went with the session.
    await vi.advanceTimersByTimeAsync(900_000);
    expect(api.refresh).not.toHaveBeenCalled();
  });

  it('signs out as accountSuspended on a 403, without the alert', async () => {
    const { session, onSignedOut, alert } = setup();
    await session.login({ email: 'demo@example.com', password: 'Demo12345' });
    session.handleAuthFailure(403);
    expect(session.token).toBeNull();
    expect(onSignedOut).toHaveBeenCalledWith('accountSuspended');
    expect(alert).not.toHaveBeenCalled();
  });

  it('ignores a 401 or 403 when no one is signed in', () => {
    const { session, onSignedOut, alert } = setup();
    session.handleAuthFailure(401);
    expect(onSignedOut).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
  });

  it('logs out locally even when the server cannot be reached', async () => {
    const { session, onSignedOut } = setup({
      api: { logout: vi.fn(async () => Promise.reject(new Error('Network Error'))) },
    });
    await session.login({ email: 'demo@example.com', password: 'Demo12345' });
    await session.logout();
    expect(session.token).toBeNull();
    expect(onSignedOut).toHaveBeenCalledWith('logout');
  });

  it('does not sign back in when a refresh answers after the customer logged out', async () => {
    let answer: (value: ReturnType<typeof token>) => void = () => {};
    const { session, storage } = setup({
      api: { refresh: vi.fn(() => new Promise<ReturnType<typeof token>>((resolve) => (answer = resolve))) },
    });
    await session.login({ email: 'demo@example.com', password: 'Demo12345' });
    await vi.advanceTimersByTimeAsync(840_000);
    await session.logout();
    answer(token({ accessToken: 'late' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(session.token).toBeNull();
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

it('toStoredToken computes epoch-millisecond expiries and defaults the token type', () => {
  const result = toStoredToken({ ...token(), tokenType: '' }, START);
  expect(result.tokenType).toBe('Bearer');
  expect(result.expiresAt).toBe(START + 900_000);
  expect(result.refreshExpiresAt).toBe(START + 43_200_000);
});
