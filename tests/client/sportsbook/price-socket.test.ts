import { describe, expect, it, vi } from 'vitest';
import { CatalogStore, type CatalogApi } from '../../../src/sportsbook/stores/CatalogStore';
import { PriceSocket, type SocketLike } from '../../../src/sportsbook/services/PriceSocket';
import type { EventChange, EventDetail, SportsbookServerMessage } from '../../../src/contract/sportsbook-rules';
import { event, matchResult, price } from './fixtures';

class TestSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: SportsbookServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

function setup(snapshot: (id: string) => EventDetail) {
  const api: CatalogApi = {
    competitions: vi.fn(async () => []),
    events: vi.fn(async () => []),
    event: vi.fn(async (id: string) => snapshot(id)),
  };
  const catalog = new CatalogStore(api);
  const sockets: TestSocket[] = [];
  const timers: Array<() => void> = [];
  const socket = new PriceSocket({
    url: 'ws://sportsbook.test/ws',
    createSocket: () => {
      const created = new TestSocket();
      sockets.push(created);
      return created;
    },
    token: () => 'session-1',
    onMessage: (message) => catalog.apply(message),
    onReconnected: () => void catalog.resync(socket.subscribed.eventIds, socket.subscribed.lists),
    timers: { setTimeout: (fn) => timers.push(fn), clearTimeout: () => undefined },
    random: () => 0.5,
  });
  return { api, catalog, socket, sockets, timers };
}

/** A change as a socket subscribed to the event gets it (its changed markets), or as a list socket does (summary only). */
const change = (seq: number, home: number, view: 'full' | 'list' = 'full'): EventChange => {
  const market = matchResult('ev-1', [price(home, 1), price(9, 4), price(11, 10)]);
  const summary = { ...event('ev-1', { seq, mainMarket: market }), markets: undefined } as never;
  return view === 'full'
    ? { eventId: 'ev-1', seq, event: summary, markets: [market] }
    : { eventId: 'ev-1', seq, event: summary };
};
const pushed = (...updates: EventChange[]): SportsbookServerMessage => ({ type: 'event-updates', updates });
const update = (seq: number, home: number) => pushed(change(seq, home));

describe('price socket and sequence numbers', () => {
  it('authenticates first, then subscribes to what is on screen', async () => {
    const { socket, sockets } = setup(() => event('ev-1'));
    socket.watch(true, ['ev-2', 'ev-1']);
    socket.start();
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([
      { type: 'auth', sessionToken: 'session-1' },
      { type: 'subscribe', lists: true, eventIds: ['ev-1', 'ev-2'] },
    ]);
  });

  it('applies the next update in sequence and ignores an old one', async () => {
    const { catalog, socket, sockets, api } = setup(() => event('ev-1'));
    await catalog.loadEvent('ev-1');
    socket.start();
    sockets[0]!.open();
    sockets[0]!.receive(update(2, 3));
    expect(catalog.findSelection('ev-1~match-result~home')!.price).toEqual(price(3, 1));
    sockets[0]!.receive(update(2, 7));
    expect(catalog.findSelection('ev-1~match-result~home')!.price).toEqual(price(3, 1));
    expect(api.event).toHaveBeenCalledTimes(1);
  });

  it('a gap in the sequence fetches the event afresh instead of applying the update', async () => {
    const fresh = event('ev-1', { seq: 5, mainMarket: matchResult('ev-1', [price(4, 1), price(9, 4), price(11, 10)]) });
    let snapshot = event('ev-1');
    const { catalog, socket, sockets, api } = setup(() => snapshot);
    await catalog.loadEvent('ev-1');
    snapshot = fresh;
    socket.start();
    sockets[0]!.open();
    sockets[0]!.receive(update(4, 9));
    await vi.waitFor(() => expect(catalog.events.get('ev-1')!.seq).toBe(5));
    expect(api.event).toHaveBeenCalledTimes(2);
    expect(catalog.findSelection('ev-1~match-result~home')!.price).toEqual(price(4, 1));
    sockets[0]!.receive(update(6, 6));
    expect(catalog.findSelection('ev-1~match-result~home')!.price).toEqual(price(6, 1));
  });

  it('applies the changes of one push in order, telling the screen once', async () => {
    const { catalog, socket, sockets, api } = setup(() => event('ev-1'));
    await catalog.loadEvent('ev-1');
    const seen = vi.fn();
    catalog.subscribe(seen);
    socket.start();
    sockets[0]!.open();
    sockets[0]!.receive(pushed(change(2, 3), change(3, 5), change(4, 7)));
    expect(catalog.events.get('ev-1')!.seq).toBe(4);
    expect(catalog.findSelection('ev-1~match-result~home')!.price).toEqual(price(7, 1));
    expect(seen).toHaveBeenCalledTimes(1);
    expect(api.event).toHaveBeenCalledTimes(1);
  });

  it('a list change is the whole list view: applied across skipped seqs, never over a newer one', async () => {
    const { catalog, socket, sockets, api } = setup(() => event('ev-1'));
    await catalog.loadLists();
    catalog.apply(pushed(change(1, 2, 'list')));
    socket.start();
    sockets[0]!.open();
    sockets[0]!.receive(pushed(change(5, 3, 'list')));
    expect(catalog.events.get('ev-1')!.seq).toBe(5);
    expect(catalog.findSelection('ev-1~match-result~home')!.price).toEqual(price(3, 1));
    sockets[0]!.receive(pushed(change(4, 9, 'list')));
    expect(catalog.findSelection('ev-1~match-result~home')!.price).toEqual(price(3, 1));
    expect(api.event).not.toHaveBeenCalled();
  });

  it('after list changes moved an event on, its next full change fetches the event: the other markets held lag', async () => {
    let snapshot = event('ev-1');
    const { catalog, socket, sockets, api } = setup(() => snapshot);
    await catalog.loadEvent('ev-1');
    socket.start();
    sockets[0]!.open();
    sockets[0]!.receive(pushed(change(3, 3, 'list')));
    expect(catalog.findSelection('ev-1~match-result~home')!.price).toEqual(price(3, 1));
    snapshot = event('ev-1', { seq: 4, mainMarket: matchResult('ev-1', [price(5, 1), price(9, 4), price(11, 10)]) });
    sockets[0]!.receive(update(4, 8));
    await vi.waitFor(() => expect(api.event).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(catalog.findSelection('ev-1~match-result~home')!.price).toEqual(price(5, 1)));
    sockets[0]!.receive(update(5, 6));
    expect(catalog.findSelection('ev-1~match-result~home')!.price).toEqual(price(6, 1));
  });

  it('a reconnect (after backoff) fetches every watched event again and resubscribes', async () => {
    const { catalog, socket, sockets, api, timers } = setup(() => event('ev-1'));
    await catalog.loadEvent('ev-1');
    socket.watch(false, ['ev-1']);
    socket.start();
    sockets[0]!.open();
    sockets[0]!.drop();
    expect(socket.state).toBe('closed');
    expect(timers).toHaveLength(1);
    timers[0]!();
    sockets[1]!.open();
    await vi.waitFor(() => expect(api.event).toHaveBeenCalledTimes(2));
    expect(sockets[1]!.sent).toContainEqual({ type: 'subscribe', lists: false, eventIds: ['ev-1'] });
  });

  it('a suspended event makes its selections suspended for the slip', async () => {
    const { catalog } = setup(() => event('ev-1', { suspended: true }));
    await catalog.loadEvent('ev-1');
    expect(catalog.findSelection('ev-1~match-result~home')!.status).toBe('suspended');
  });
  it("the lists fetched afresh (a reconnect) bring a held event's main market up to date for the slip as for its row", async () => {
    const suspended = matchResult('ev-1', undefined, 'suspended');
    const reopened = matchResult('ev-1', [price(4, 1), price(9, 4), price(11, 10)]);
    const api: CatalogApi = {
      competitions: vi.fn(async () => []),
      events: vi.fn(async (status: 'live' | 'upcoming') =>
        status === 'live' ? [{ ...event('ev-1', { seq: 7, mainMarket: reopened }), markets: undefined }] : [],
      ),
      event: vi.fn(async () => event('ev-1', { seq: 3, mainMarket: suspended, markets: [suspended] })),
    };
    const catalog = new CatalogStore(api);
    await catalog.loadEvent('ev-1');
    expect(catalog.findSelection('ev-1~match-result~home')!.status).toBe('suspended');

    await catalog.resync([], true);
    expect(catalog.events.get('ev-1')!.mainMarket!.status).toBe('open');
    expect(catalog.findSelection('ev-1~match-result~home')).toMatchObject({ status: 'open', price: price(4, 1) });
  });
});
