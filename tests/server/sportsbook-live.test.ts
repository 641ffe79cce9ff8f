import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AddressInfo } from 'node:net';
import { databaseKinds } from './support/harness';
import { createSportsbookContext, nextKickoff, tickAt, type SportsbookTestContext } from './support/sportsbook';
import type { EventChange, SportsbookServerMessage } from '../../src/contract/sportsbook';
import { MAX_SUBSCRIBED_EVENTS } from '../../src/contract/sportsbook';
import { marketIdOf } from '../../server/sportsbook/catalogue/ids';
import { WS_CLOSE_POLICY, WS_CLOSE_TRY_LATER } from '../../server/sportsbook/live/hub';
import { buildSportsbookApp } from '../../server/sportsbook/app';
import { capturedLog, expectTooBigClosedQuietly } from './support/live-socket';
import { waitFor } from './support/wait';

async function openSocket(port: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const messages: SportsbookServerMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as SportsbookServerMessage));
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  const updates = (eventId?: string): EventChange[] =>
    messages
      .flatMap((message) => (message.type === 'event-updates' ? message.updates : []))
      .filter((update) => !eventId || update.eventId === eventId);
  return {
    socket,
    messages,
    updates,
    send: (value: unknown) => socket.send(typeof value === 'string' ? value : JSON.stringify(value)),
  };
}

/** A round trip: once a later subscription's effect is seen, every earlier message was handled. */
async function settle(context: SportsbookTestContext) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(context.services.live.connectionCount()).toBeGreaterThan(0);
}

for (const kind of databaseKinds()) {
  describe(`sportsbook /ws [${kind}]`, () => {
    let context: SportsbookTestContext;
    let port = 0;
    beforeAll(async () => {
      context = await createSportsbookContext(kind, {
        resolveSession: async (token) => (token === 'good-token' ? 'session-1' : undefined),
        liveLimits: { connectionsPerAddress: 4, messagesPerMinute: 10 },
      });
      await context.app.listen({ port: 0, host: '127.0.0.1' });
      port = (context.app.server.address() as AddressInfo).port;
    }, 60_000);
    afterAll(async () => context?.close());

    it('pushes a league outright to every socket when it changes, whatever the socket follows', async () => {
      const watcher = await openSocket(port);
      const idle = await openSocket(port);
      watcher.send({ type: 'subscribe', lists: true, eventIds: [] });
      await settle(context);
      await context.services.outrights.void('eur-cup');
      const outrightUpdates = (messages: SportsbookServerMessage[]) =>
        messages.flatMap((message) => (message.type === 'outright-update' ? [message.outright] : []));
      await waitFor(() => outrightUpdates(watcher.messages).length > 0 && outrightUpdates(idle.messages).length > 0);
      for (const socket of [watcher, idle]) {
        expect(outrightUpdates(socket.messages).at(-1)).toMatchObject({
          competitionId: 'eur-cup',
          market: { type: 'outright', status: 'void' },
        });
        socket.socket.close();
      }
    });

    it('pushes every change of a subscribed event with all its changed markets and contiguous seqs; list subscribers get the latest summary only', async () => {
      const event = nextKickoff(context);
      const full = await openSocket(port);
      const list = await openSocket(port);
      full.send({ type: 'subscribe', lists: false, eventIds: [event.id] });
      list.send({ type: 'subscribe', lists: true, eventIds: [] });
      await settle(context);

      const kickoff = event.kickoffAt.getTime();
      context.goals.add(event.id, 3, 'away');
      for (let step = 0; step <= 6; step++) await tickAt(context, kickoff + step * 7_000);
      const last = context.services.catalogue.record(event.id)!.seq;
      expect(last).toBeGreaterThan(event.seq + 3);
      await waitFor(() => full.updates(event.id).at(-1)?.seq === last && list.updates(event.id).at(-1)?.seq === last);

      const fullSeqs = full.updates(event.id).map((update) => update.seq);
      expect(fullSeqs).toEqual(fullSeqs.map((_, index) => event.seq + 1 + index));
      expect(full.updates().every((update) => update.eventId === event.id)).toBe(true);
      expect(full.updates(event.id).some((update) => update.markets!.length > 1)).toBe(true);
      const afterGoal = full.updates(event.id).find((update) => update.event.score.away === 1)!;
      expect(afterGoal.event.suspended).toBe(true);
      expect(afterGoal.markets!.every((market) => market.status !== 'open')).toBe(true);

      const listSeqs = list.updates(event.id).map((update) => update.seq);
      expect(listSeqs).toEqual([...new Set(listSeqs)].sort((a, b) => a - b));
      expect(
        list
          .updates()
          .every(
            (update) =>
              update.markets === undefined &&
              update.event.mainMarket?.id === marketIdOf(update.eventId, 'match-result'),
          ),
      ).toBe(true);
      const { markets: _markets, ...summary } = context.services.catalogue.eventDetail(event.id)!;
      expect(list.updates(event.id).at(-1)!.event).toEqual(summary);
      expect(list.updates().some((update) => update.eventId !== event.id)).toBe(true);
      full.socket.close();
      list.socket.close();
    });

    it('ignores malformed messages and keeps the socket; a later valid subscription still works', async () => {
      const client = await openSocket(port);
      client.send('not json');
      client.send({ type: 'subscribe', lists: 'yes', eventIds: [] });
      client.send({
        type: 'subscribe',
        lists: false,
        eventIds: Array.from({ length: MAX_SUBSCRIBED_EVENTS * 4 + 1 }, (_, index) => `ev-${index}`),
      });
      client.send({ type: 'unknown' });
      client.send({ type: 'subscribe', lists: false, eventIds: ['a~b'] });
      client.socket.send(Buffer.from([0, 1, 2]), { binary: true });
      const event = nextKickoff(context);
      client.send({ type: 'subscribe', lists: false, eventIds: [event.id] });
      await settle(context);
      await tickAt(context, event.kickoffAt.getTime());
      await waitFor(() => client.updates(event.id).length > 0);
      expect(client.socket.readyState).toBe(WebSocket.OPEN);
      expect(client.updates(event.id)[0]!.event.status).toBe('live');
      client.socket.close();
    });

    it('follows at most MAX_SUBSCRIBED_EVENTS events per socket: the first ones asked for', async () => {
      const client = await openSocket(port);
      const [first, second] = context.services.catalogue.listEvents({ status: 'upcoming' });
      const padding = Array.from({ length: MAX_SUBSCRIBED_EVENTS - 1 }, (_, index) => `ev-padding-${index}`);
      client.send({ type: 'subscribe', lists: false, eventIds: [first!.id, ...padding, second!.id] });
      await settle(context);
      await tickAt(context, new Date(second!.kickoffAt));
      await waitFor(() => client.updates(first!.id).length > 0);
      expect(client.updates(second!.id)).toEqual([]);
      client.socket.close();
    });

    it('a new subscription replaces the earlier one', async () => {
      const client = await openSocket(port);
      const first = nextKickoff(context);
      client.send({ type: 'subscribe', lists: false, eventIds: [first.id] });
      client.send({ type: 'subscribe', lists: false, eventIds: [] });
      await settle(context);
      await tickAt(context, first.kickoffAt.getTime());
      const second = nextKickoff(context);
      client.send({ type: 'subscribe', lists: false, eventIds: [second.id] });
      await settle(context);
      await tickAt(context, second.kickoffAt.getTime());
      await waitFor(() => client.updates(second.id).length > 0);
      expect(client.updates(first.id)).toEqual([]);
      client.socket.close();
    });

    it('bounds what one client can take: sockets per address, and messages per socket', async () => {
      const held = await Promise.all([1, 2, 3, 4].map(() => openSocket(port)));
      const extra = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      const extraClosed = await new Promise<number>((resolve) => extra.on('close', (code) => resolve(code)));
      expect(extraClosed).toBe(WS_CLOSE_TRY_LATER);
      for (const client of held) client.socket.close();
      await waitFor(() => context.services.live.connectionCount() === 0);

      const flooder = await openSocket(port);
      const closed = new Promise<number>((resolve) => flooder.socket.on('close', (code) => resolve(code)));
      for (let message = 0; message <= 10; message++) flooder.send({ type: 'subscribe', lists: true, eventIds: [] });
      expect(await closed).toBe(WS_CLOSE_POLICY);
    });

    it('delivers bet and balance messages to the sockets bound to that session only', async () => {
      const customer = await openSocket(port);
      const stranger = await openSocket(port);
      const anonymous = await openSocket(port);
      customer.send({ type: 'auth', sessionToken: 'good-token' });
      stranger.send({ type: 'auth', sessionToken: 'bad-token' });
      await waitFor(() => context.services.live.sessionConnectionCount('session-1') === 1);
      await settle(context);

      await context.services.live.notifySession('session-1', { type: 'balance', balance: 1234 });
      await waitFor(() => customer.messages.length > 0);
      expect(customer.messages).toEqual([{ type: 'balance', balance: 1234 }]);

      await context.services.live.endSession('session-1');
      expect(context.services.live.sessionConnectionCount('session-1')).toBe(0);
      await context.services.live.notifySession('session-1', { type: 'balance', balance: 1 });
      await settle(context);
      expect(customer.messages).toHaveLength(1);
      expect(stranger.messages).toEqual([]);
      expect(anonymous.messages).toEqual([]);
      for (const client of [customer, stranger, anonymous]) client.socket.close();
    });

    it('answers a message over 4 KB with close code 1009 (too big) and one line of warning: no error, no stack', async () => {
      const log = capturedLog();
      const app = await buildSportsbookApp({ services: context.services, logLevel: 'info', logStream: log.stream });
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const client = await openSocket((app.server.address() as AddressInfo).port);
        await expectTooBigClosedQuietly(client.socket, log);
      } finally {
        await app.close();
      }
    });
  });
}
