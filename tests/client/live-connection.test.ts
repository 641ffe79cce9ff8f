import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LiveConnection,
  MAX_RECONNECT_ATTEMPTS,
  OPEN_AFTER_LOGIN_MS,
  reconnectDelay,
} from '../../src/stores/LiveConnection';
import { browserTimers } from '../../src/stores/timers';
import { FakeSocket } from './support/fakes';

function setup(token: () => string | undefined = () => 'abc') {
  const sockets: FakeSocket[] = [];
  const onMessage = vi.fn();
  const live = new LiveConnection({
    timers: browserTimers,
    url: 'ws://localhost/wws',
    token,
    onMessage,
    createSocket: (address) => {
      const socket = new FakeSocket(address);
      sockets.push(socket);
      return socket;
    },
  });
  const latest = () => sockets[sockets.length - 1]!;
  return { live, sockets, latest, onMessage };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('reconnect policy', () => {
  it('waits 1 s, doubling, at most 30 s, for 5 attempts', () => {
    expect(MAX_RECONNECT_ATTEMPTS).toBe(5);
    expect([0, 1, 2, 3, 4].map((attempt) => reconnectDelay(attempt))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(reconnectDelay(5)).toBeUndefined();
  });

  it('caps a delay at 30 seconds when more attempts are allowed', () => {
    expect([5, 6, 9].map((attempt) => reconnectDelay(attempt, 10))).toEqual([30_000, 30_000, 30_000]);
  });

  it('opens 100 ms after sign-in and moves through connecting to connected', () => {
    const { live, sockets, latest } = setup();
    live.openSoon();
    vi.advanceTimersByTime(OPEN_AFTER_LOGIN_MS - 1);
    expect(sockets).toHaveLength(0);
    expect(live.state).toBe('disconnected');
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(1);
    expect(latest().url).toBe('ws://localhost/wws');
    expect(live.state).toBe('connecting');
    latest().open();
    expect(live.state).toBe('connected');
  });

  it('sends the access token as the first message once open, never in the address', () => {
    let current = 'first-token';
    const { live, latest } = setup(() => current);
    live.open();
    expect(latest().url).not.toContain('first-token');
    expect(latest().sent).toEqual([]);
    current = 'refreshed-token';
    latest().open();
    expect(latest().sent).toEqual([{ type: 'authenticate', token: 'refreshed-token' }]);
  });

  it('closes cleanly instead of authenticating when the customer signed out while it was opening', () => {
    let current: string | undefined = 'a-token';
    const { live, latest } = setup(() => current);
    live.open();
    current = undefined;
    latest().open();
    expect(latest().sent).toEqual([]);
    expect(latest().closedWith).toBe(1000);
    expect(live.state).toBe('disconnected');
  });

  it('reconnects after unclean closes with growing delays and stops after 5 attempts', () => {
    const { live, sockets, latest } = setup();
    live.open();
    latest().drop(1006);
    expect(live.state).toBe('error');
    for (const delay of [1_000, 2_000, 4_000, 8_000, 16_000]) {
      const before = sockets.length;
      vi.advanceTimersByTime(delay - 1);
      expect(sockets).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(before + 1);
      expect(live.state).toBe('connecting');
      latest().drop(1006);
    }
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(6);
    expect(live.state).toBe('error');
  });

  it('starts counting again from 1 s once a connection opens', () => {
    const { live, sockets, latest } = setup();
    live.open();
    latest().drop(1006);
    vi.advanceTimersByTime(1_000);
    latest().drop(1006);
    vi.advanceTimersByTime(2_000);
    latest().open();
    latest().drop(4401);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(4);
  });

  it('does not retry a clean close (1000)', () => {
    const { live, sockets, latest } = setup();
    live.open();
    latest().open();
    latest().drop(1000);
    expect(live.state).toBe('disconnected');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('closes cleanly on request and cancels a pending reconnect', () => {
    const { live, sockets, latest } = setup();
    live.open();
    latest().drop(1006);
    live.close();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(live.state).toBe('disconnected');

    live.open();
    const socket = latest();
    socket.open();
    live.close();
    expect(socket.closedWith).toBe(1000);
    expect(live.state).toBe('disconnected');
  });

  it('reports an error event as the error state', () => {
    const { live, latest } = setup();
    live.open();
    latest().onerror?.({});
    expect(live.state).toBe('error');
  });

  it('does not open without a token', () => {
    const { live, sockets } = setup(() => undefined);
    live.openSoon();
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(0);
    expect(live.state).toBe('disconnected');
  });

  it('closes a socket it replaces, and ignores events from it afterwards', () => {
    const { live, sockets, onMessage } = setup();
    live.open();
    const first = sockets[0]!;
    live.open();
    expect(first.closedWith).toBe(1000);
    first.receive({ type: 'updateBalance', data: { balance: 1 } });
    first.drop(1006);
    expect(onMessage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });
});

describe('messages', () => {
  it('passes on valid messages and drops anything else', () => {
    const { live, latest, onMessage } = setup();
    live.open();
    latest().open();
    latest().receive({ type: 'updateBalance', data: { balance: 7050 } });
    latest().receive({ type: 'userSuspension' });
    latest().receive('not json');
    latest().receive({ type: 'somethingElse' });
    latest().receive({ type: 'updateBalance', data: { balance: 'lots' } });
    expect(onMessage.mock.calls).toEqual([
      [{ type: 'updateBalance', data: { balance: 7050 } }],
      [{ type: 'userSuspension' }],
    ]);
  });
});
