import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED_ALERT } from '../../src/stores/SessionStore';
import { callsTo, createTestRoot, demoUser, token, type Reply } from './support/fakes';

let balance = 6000;
let balanceReply: () => Reply = () => ({ status: 200, body: { balance, currency: 'GBP' } });

function setup() {
  const test = createTestRoot({
    routes: {
      'POST /auth/login': { status: 200, body: token() },
      'POST /auth/logout': { status: 200, body: { message: 'ok' } },
      'POST /auth/refresh_token': { status: 200, body: token({ accessToken: 'access-2', refreshToken: 'refresh-2' }) },
      'GET /user/details': { status: 200, body: demoUser },
      'GET /balance': () => balanceReply(),
    },
  });
  const balanceCalls = () => callsTo(test.fetch, 'GET /balance').length;
  return { ...test, balanceCalls, latestSocket: () => test.sockets[test.sockets.length - 1]! };
}

let current: ReturnType<typeof setup> | undefined;

beforeEach(() => {
  // setImmediate stays real: the fake IndexedDB under the balance cache runs on it.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  balance = 6000;
  balanceReply = () => ({ status: 200, body: { balance, currency: 'GBP' } });
});
afterEach(() => {
  current?.root.dispose();
  current = undefined;
  vi.useRealTimers();
});

async function signedIn() {
  current = setup();
  await current.root.session.login({ email: 'demo@example.com', password: 'Demo12345' });
  await vi.advanceTimersByTimeAsync(0);
  // The first balance answer waits for its schema to load (a real module load, not a timer).
  const root = current.root;
  await vi.waitFor(() => expect(root.balance.loading).toBe(false));
  return current;
}

describe('root store wiring', () => {
  it('does not poll the balance while signed out', async () => {
    current = setup();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(current.balanceCalls()).toBe(0);
  });

  it('fetches the balance when the token changes', async () => {
    const { root, balanceCalls, latestSocket } = await signedIn();
    expect(balanceCalls()).toBe(1);
    expect(root.balance.balance).toBe(6000);
    await vi.advanceTimersByTimeAsync(100);
    latestSocket().open(); // no polling while connected: only the token change fetches
    await vi.advanceTimersByTimeAsync(0);
    const before = balanceCalls();
    balance = 6100;
    await vi.advanceTimersByTimeAsync(840_000); // the refresh 60 s before expiry gives a new token
    expect(root.session.token?.accessToken).toBe('access-2');
    expect(balanceCalls()).toBe(before + 1);
    expect(root.balance.balance).toBe(6100);
  });

  it('opens the live connection 100 ms after sign-in, with the access token', async () => {
    const { sockets, root } = await signedIn();
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('ws://localhost/wws');
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ type: 'authenticate', token: 'access-1' }]);
    expect(root.live.state).toBe('connected');
  });

  it('polls every 30 s while signed in and the live connection is down, and stops while it is up', async () => {
    const { balanceCalls, latestSocket, root } = await signedIn();
    expect(balanceCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    latestSocket().open();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(balanceCalls()).toBe(2); // the token change and the opening

    latestSocket().drop(1006);
    expect(root.live.state).toBe('error');
    balance = 7000;
    await vi.advanceTimersByTimeAsync(30_000 - 1);
    expect(balanceCalls()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(balanceCalls()).toBe(3);
    expect(root.balance.balance).toBe(7000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(balanceCalls()).toBe(4);
  });

  it('reads the balance again when the live connection opens, to catch up on pushes it missed', async () => {
    const { root, latestSocket, balanceCalls } = await signedIn();
    await vi.advanceTimersByTimeAsync(100);
    expect(balanceCalls()).toBe(1);
    balance = 6500;
    latestSocket().open();
    await vi.advanceTimersByTimeAsync(0);
    expect(balanceCalls()).toBe(2);
    expect(root.balance.balance).toBe(6500);
  });

  it('sets the balance from an updateBalance message', async () => {
    const { root, latestSocket } = await signedIn();
    await vi.advanceTimersByTimeAsync(100);
    latestSocket().open();
    latestSocket().receive({ type: 'updateBalance', data: { balance: 16000 } });
    expect(root.balance.balance).toBe(16000);
  });

  it('signs out and opens account-suspended on a userSuspension message', async () => {
    const { root, latestSocket } = await signedIn();
    await vi.advanceTimersByTimeAsync(100);
    const socket = latestSocket();
    socket.open();
    root.overlays.open('account');
    socket.receive({ type: 'userSuspension' });
    expect(root.session.isLoggedIn).toBe(false);
    expect(root.balance.balance).toBe(0);
    expect(root.balance.currency).toBe('GBP');
    expect(root.overlays.stack.map((entry) => entry.definition.name)).toEqual(['account-suspended']);
    expect(socket.closedWith).toBe(1000);
    expect(root.live.state).toBe('disconnected');
  });

  it('treats a 403 on an authenticated call as suspension and a 401 as an expired session', async () => {
    const first = await signedIn();
    balanceReply = () => ({ status: 403, body: { message: 'Account suspended' } });
    await first.root.balance.fetch();
    expect(first.root.session.isLoggedIn).toBe(false);
    expect(first.root.overlays.top?.definition.name).toBe('account-suspended');
    expect(first.alert).not.toHaveBeenCalled();
    first.root.dispose();

    balanceReply = () => ({ status: 200, body: { balance, currency: 'GBP' } });
    const second = await signedIn();
    second.root.overlays.open('account');
    balanceReply = () => ({ status: 401, body: { message: 'Token expired' } });
    await second.root.balance.fetch();
    expect(second.root.session.isLoggedIn).toBe(false);
    expect(second.alert).toHaveBeenCalledWith(SESSION_EXPIRED_ALERT);
    expect(second.root.overlays.stack).toHaveLength(0);
  });

  it('logs out: closes the connection and the overlays, resets the balance and stops polling', async () => {
    const { root, latestSocket, balanceCalls } = await signedIn();
    await vi.advanceTimersByTimeAsync(100);
    const socket = latestSocket();
    root.overlays.open('logout');
    await root.session.logout();
    expect(root.session.token).toBeNull();
    expect(root.overlays.stack).toHaveLength(0);
    expect(root.balance.balance).toBe(0);
    expect(socket.closedWith).toBe(1000);
    const calls = balanceCalls();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(balanceCalls()).toBe(calls);
  });
});
