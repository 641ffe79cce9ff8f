import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { InProcessSportsbookBus, type EventUpdate } from '../../server/sportsbook/live/bus';
import { SportsbookLiveHub, defaultLiveLimits } from '../../server/sportsbook/live/hub';
import type { EventChange, EventSummary, Market } from '../../src/contract/sportsbook';
import { FakeLiveSocket as FakeSocket } from './support/fake-live-socket';

const market = (eventId: string, key: string): Market => ({
  id: `${eventId}~${key}`,
  eventId,
  type: 'match-result',
  name: key,
  line: null,
  status: 'open',
  selections: [],
});

function update(eventId: string, seq: number): EventUpdate {
  const main = market(eventId, 'match-result');
  const event = { id: eventId, seq, mainMarket: main } as EventSummary;
  return { eventId, seq, event, markets: [main, market(eventId, 'totals')], mainMarketId: main.id };
}

const brief = (changes: EventChange[]) =>
  changes.map((change) => `${change.eventId}:${change.seq}:${change.markets ? 'full' : 'list'}`);

describe('SportsbookLiveHub pushes', () => {
  let bus: InProcessSportsbookBus;
  let hub: SportsbookLiveHub;
  const open = (lists: boolean, eventIds: string[]) => {
    const socket = new FakeSocket();
    hub.add(socket as unknown as WebSocket, `address-${Math.random()}`);
    socket.subscribe(lists, eventIds);
    return socket;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    bus = new InProcessSportsbookBus();
    hub = new SportsbookLiveHub(bus, async () => undefined, { ...defaultLiveLimits, pushIntervalMs: 100 });
  });
  afterEach(() => {
    hub.closeAll();
    vi.useRealTimers();
  });

  it('sends the changes since the last push as one message: every change of a followed event, the latest of the others for lists', async () => {
    const lists = open(true, []);
    const otherList = open(true, []);
    const followsE1 = open(false, ['e1']);
    const both = open(true, ['e1']);
    const idle = open(false, ['e9']);
    for (const change of [update('e1', 1), update('e1', 2), update('e2', 1), update('e1', 2), update('e1', 1)])
      await bus.publish({ kind: 'event', update: change });
    expect(lists.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);

    expect(lists.changes().map(brief)).toEqual([['e1:2:list', 'e2:1:list']]);
    expect(otherList.sent[0]).toBe(lists.sent[0]);
    expect(followsE1.changes().map(brief)).toEqual([['e1:1:full', 'e1:2:full']]);
    expect(both.changes().map(brief)).toEqual([['e1:1:full', 'e1:2:full', 'e2:1:list']]);
    expect(idle.sent).toEqual([]);
    expect(lists.changes()[0]![0]!.event.mainMarket!.id).toBe('e1~match-result');
    expect(followsE1.changes()[0]![0]!.markets!.map((each) => each.id)).toEqual(['e1~match-result', 'e1~totals']);
  });

  it('pushes at most once per interval: a change soon after a push waits for the next one', async () => {
    const lists = open(true, []);
    await bus.publish({ kind: 'event', update: update('e1', 1) });
    await vi.advanceTimersByTimeAsync(0);
    expect(lists.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10);
    await bus.publish({ kind: 'event', update: update('e1', 2) });
    await bus.publish({ kind: 'event', update: update('e1', 3) });
    await vi.advanceTimersByTimeAsync(89);
    expect(lists.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(lists.changes().map(brief)).toEqual([['e1:1:list'], ['e1:3:list']]);
  });

  it('writes a push to many sockets in slices; a change made meanwhile reaches the sockets not yet written in this round, the others in the next', async () => {
    hub.closeAll();
    hub = new SportsbookLiveHub(bus, async () => undefined, {
      ...defaultLiveLimits,
      pushIntervalMs: 0,
      pushSliceMs: 0,
    });
    const sockets = Array.from({ length: 200 }, () => open(true, []));
    const followsE1 = open(false, ['e1']);
    await bus.publish({ kind: 'event', update: update('e1', 1) });
    await vi.advanceTimersToNextTimerAsync();
    const early = sockets.filter((socket) => socket.sent.length === 1);
    expect(early.length).toBeGreaterThan(0);
    expect(early.length).toBeLessThan(sockets.length);
    expect(followsE1.sent).toEqual([]);

    await bus.publish({ kind: 'event', update: update('e1', 2) });
    await bus.publish({ kind: 'event', update: update('e2', 1) });
    while (vi.getTimerCount() > 0) {
      await vi.advanceTimersToNextTimerAsync();
      // A round reaches every socket before the next begins: none is two messages ahead of another.
      const counts = new Set([...sockets, followsE1].map((socket) => socket.sent.length));
      expect(counts.has(0) && counts.has(2)).toBe(false);
    }
    for (const socket of early)
      expect(socket.changes().map(brief)).toEqual([['e1:1:list'], ['e1:2:list', 'e2:1:list']]);
    for (const socket of sockets.filter((each) => !early.includes(each)))
      expect(socket.changes().map(brief)).toEqual([['e1:2:list', 'e2:1:list']]);
    expect(followsE1.changes().map(brief)).toEqual([['e1:1:full', 'e1:2:full']]);
    expect(followsE1.sent).toHaveLength(1);

    await bus.publish({ kind: 'event', update: update('e1', 3) });
    await vi.runAllTimersAsync();
    for (const socket of [...sockets, followsE1]) expect(socket.changes().flat().at(-1)!.seq).toBe(3);
  });

  it('pings in slices too, and drops a socket that did not answer the previous ping', async () => {
    hub.closeAll();
    hub = new SportsbookLiveHub(bus, async () => undefined, { ...defaultLiveLimits, pushSliceMs: 0 });
    const sockets = Array.from({ length: 200 }, () => open(true, []));
    const pings = sockets.map((socket) => vi.spyOn(socket, 'ping'));
    const dropped = sockets.map((socket) => vi.spyOn(socket, 'terminate'));
    hub.heartbeat();
    const firstSlice = pings.filter((ping) => ping.mock.calls.length === 1).length;
    expect(firstSlice).toBeGreaterThan(0);
    expect(firstSlice).toBeLessThan(sockets.length);
    await vi.runAllTimersAsync();
    expect(pings.every((ping) => ping.mock.calls.length === 1)).toBe(true);

    sockets[0]!.emit('pong');
    hub.heartbeat();
    await vi.runAllTimersAsync();
    expect(pings[0]!.mock.calls.length).toBe(2);
    expect(dropped[0]!.mock.calls.length).toBe(0);
    expect(dropped.slice(1).every((terminate) => terminate.mock.calls.length === 1)).toBe(true);
  });
});
