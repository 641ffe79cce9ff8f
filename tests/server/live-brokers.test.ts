/**
 * The brokers between instances (issue 14), on the real PostgreSQL (LISTEN/NOTIFY, in a scratch database) and the
 * real Redis (a channel prefix of this run's own): messages cross between two instances, malformed ones are dropped
 * and logged, a broker that goes away (a proxy in front of it is cut) is reported and comes back, and the PAM's live
 * balances reach a socket by polling meanwhile. PostgreSQL at TEST_DATABASE_URL, else 127.0.0.1:5432; Redis at
 * REDIS_URL, else 127.0.0.1:6379.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createScratchDatabase, type ScratchDatabase } from '../../server/platform/db/scratch-database';
import { PostgresBroker, RedisBroker, type Broker } from '../../server/platform/live/broker';
import { BrokerChannel } from '../../server/platform/live/channel';
import { BrokeredLiveBus } from '../../server/modules/live/bus';
import { createServices, type Services } from '../../server/services';
import { buildApp } from '../../server/app';
import { OutboxMailer } from '../../server/providers/mail/outbox-mailer';
import { BrokeredSportsbookBus, type SportsbookBusMessage } from '../../server/sportsbook/live/bus';
import { SportsbookLiveHub, defaultLiveLimits } from '../../server/sportsbook/live/hub';
import { FakeLiveSocket } from './support/fake-live-socket';
import { createContext, createUser, databaseKinds, login, TEST_CONFIG, type TestContext } from './support/harness';
import { openLiveSocket } from './support/live-socket';
import { CuttableProxy } from './support/cuttable-proxy';
import { waitFor } from './support/wait';

const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

const ping = z.strictObject({ n: z.number().int() });
type Ping = z.infer<typeof ping>;

interface Logged {
  message: string;
  detail?: unknown;
}

interface BrokerKind {
  name: 'postgres' | 'redis';
  /** A broker on this kind's server, directly or through the proxy, logging into `log`. */
  connect(viaProxy: CuttableProxy | undefined, log: Logged[]): Promise<Broker>;
  target: { host: string; port: number };
}

describe('brokers between instances', () => {
  let scratch: ScratchDatabase;
  const prefix = `exsport-test-${randomUUID()}:`;
  const kinds: BrokerKind[] = [
    {
      name: 'postgres',
      target: { host: new URL(POSTGRES_URL).hostname, port: Number(new URL(POSTGRES_URL).port || 5432) },
      connect: (proxy, log) =>
        PostgresBroker.connect(proxy ? proxy.through(scratch.url) : scratch.url, (message, detail) =>
          log.push({ message, detail }),
        ),
    },
    {
      name: 'redis',
      target: { host: new URL(REDIS_URL).hostname, port: Number(new URL(REDIS_URL).port || 6379) },
      connect: (proxy, log) =>
        RedisBroker.connect(
          proxy ? proxy.through(REDIS_URL) : REDIS_URL,
          (message, detail) => log.push({ message, detail }),
          prefix,
        ),
    },
  ];
  const open: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(POSTGRES_URL, 'bx_brokers');
  });
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
  });
  afterAll(async () => scratch?.drop());

  for (const kind of kinds) {
    describe(`${kind.name}`, () => {
      const instances = async (options: { proxyB?: boolean } = {}) => {
        const logA: Logged[] = [];
        const logB: Logged[] = [];
        let proxy: CuttableProxy | undefined;
        if (options.proxyB) {
          proxy = new CuttableProxy(kind.target.host, kind.target.port);
          await proxy.open();
          open.push({ close: () => proxy!.cut() });
        }
        const brokerA = await kind.connect(undefined, logA);
        const brokerB = await kind.connect(proxy, logB);
        open.push(brokerA, brokerB);
        await waitFor(() => brokerA.up && brokerB.up, 'brokers up');
        const channel = `ping_${randomUUID().slice(0, 8)}`;
        const a = new BrokerChannel<Ping>(brokerA, channel, ping, (message, detail) => logA.push({ message, detail }));
        const b = new BrokerChannel<Ping>(brokerB, channel, ping, (message, detail) => logB.push({ message, detail }));
        await a.open();
        await b.open();
        const gotA: Array<[Ping, boolean]> = [];
        const gotB: Array<[Ping, boolean]> = [];
        a.subscribe((message, local) => gotA.push([message, local]));
        b.subscribe((message, local) => gotB.push([message, local]));
        return { brokerA, brokerB, a, b, gotA, gotB, logB, proxy, channel };
      };

      it('a message published on one instance reaches the other, and each instance gets it exactly once', async () => {
        const { a, b, gotA, gotB } = await instances();
        expect(await a.publish({ n: 1 })).toBe(true);
        expect(await b.publish({ n: 2 })).toBe(true);
        await waitFor(() => gotA.length === 2 && gotB.length === 2, 'both messages on both instances');
        await new Promise((resolve) => setTimeout(resolve, 200));
        const byN = (got: Array<[Ping, boolean]>) => [...got].sort(([x], [y]) => x.n - y.n);
        expect(byN(gotA)).toEqual([
          [{ n: 1 }, true],
          [{ n: 2 }, false],
        ]);
        expect(byN(gotB)).toEqual([
          [{ n: 1 }, false],
          [{ n: 2 }, true],
        ]);
      });

      it('a malformed message on the broker is dropped and logged; the instance goes on and takes the next good one', async () => {
        const { brokerA, a, b, gotB, logB, channel } = await instances();
        const bad = [
          'not json at all',
          '{"o":"someone","m":{"n":"three"}}',
          '{"o":"someone","m":{"n":3,"extra":true}}',
          '{"n":3}',
          '[]',
          'null',
          '{"o":"someone","z":"%%%notbase64"}',
          JSON.stringify({ o: 'x', m: { n: 1.5 } }),
        ];
        for (const text of bad) await brokerA.publish(channel, text);
        await a.publish({ n: 4 });
        await waitFor(() => gotB.length === 1, 'the good message after the bad ones');
        expect(gotB).toEqual([[{ n: 4 }, false]]);
        expect(b.droppedCount).toBe(bad.length);
        expect(logB.filter((entry) => entry.message === 'dropped a malformed broker message')).toHaveLength(bad.length);
      });

      it('a broker that goes away is reported down, publishing answers false without throwing, and it comes back by itself', async () => {
        const { a, b, brokerB, gotA, gotB, proxy } = await instances({ proxyB: true });
        const health: boolean[] = [];
        brokerB.onHealth((up) => health.push(up));
        await proxy!.cut();
        await waitFor(() => !brokerB.up, 'broker B down');
        expect(await b.publish({ n: 5 })).toBe(false);
        expect(gotB).toEqual([[{ n: 5 }, true]]);
        await proxy!.restore();
        await waitFor(() => brokerB.up, 'broker B back', 15_000);
        expect(health).toEqual([false, true]);
        // Up again means subscribed again: the first message after it arrives.
        await a.publish({ n: 6 });
        await waitFor(
          () => gotB.some(([message, local]) => message.n === 6 && !local),
          'a message after the reconnect',
        );
        expect(gotA.some(([message]) => message.n === 5)).toBe(false);
      }, 40_000);

      it('the sportsbook bus: only the event source broadcasts event updates, session messages always cross, a malformed one is dropped', async () => {
        const logs: Logged[] = [];
        const brokerA = await kind.connect(undefined, logs);
        const brokerB = await kind.connect(undefined, logs);
        open.push(brokerA, brokerB);
        await waitFor(() => brokerA.up && brokerB.up, 'brokers up');
        const busA = await BrokeredSportsbookBus.open(brokerA, (message, detail) => logs.push({ message, detail }), {
          ownsBroker: false,
        });
        const busB = await BrokeredSportsbookBus.open(brokerB, (message, detail) => logs.push({ message, detail }), {
          ownsBroker: false,
        });
        let aLeads = false;
        busA.setEventSource(() => aLeads);
        const atB: SportsbookBusMessage[] = [];
        busB.subscribe((message) => atB.push(message));
        const update = (seq: number): SportsbookBusMessage => ({
          kind: 'event',
          update: {
            eventId: 'ev-1',
            seq,
            event: { id: 'ev-1' } as never,
            markets: [{ id: 'ev-1~match-result' } as never],
            mainMarketId: 'ev-1~match-result',
          },
        });
        await busA.publish(update(1));
        aLeads = true;
        await busA.publish(update(2));
        await busA.publish({ kind: 'session', sessionId: 's1', message: { type: 'balance', balance: 1_234 } });
        await brokerA.publish(
          'sportsbook_live',
          JSON.stringify({
            o: 'intruder',
            m: { kind: 'session', sessionId: 's1', message: { type: 'balance', balance: 'lots' } },
          }),
        );
        await busA.publish({ kind: 'session-ended', sessionId: 's1' });
        await waitFor(() => atB.length === 3, 'three messages at B');
        expect(atB.map((message) => (message.kind === 'event' ? message.update.seq : message.kind))).toEqual([
          2,
          'session',
          'session-ended',
        ]);
        expect(busB.droppedCount).toBe(1);
      });

      it("the sportsbook's pushes while the broker is away: a session's sockets are told to resync meanwhile and once it is back; event changes still reach them", async () => {
        const proxy = new CuttableProxy(kind.target.host, kind.target.port);
        await proxy.open();
        open.push({ close: () => proxy.cut() });
        const logs: Logged[] = [];
        const brokerA = await kind.connect(undefined, logs);
        const brokerB = await kind.connect(proxy, logs);
        open.push(brokerA, brokerB);
        await waitFor(() => brokerA.up && brokerB.up, 'brokers up');
        const busA = await BrokeredSportsbookBus.open(brokerA, () => {}, { ownsBroker: false });
        const busB = await BrokeredSportsbookBus.open(brokerB, () => {}, { ownsBroker: false });
        busB.setEventSource(() => false);
        const hubB = new SportsbookLiveHub(busB, async (token) => (token === 'token-1' ? 'session-1' : undefined), {
          ...defaultLiveLimits,
          pushIntervalMs: 10,
          brokerAwayResyncMs: 200,
        });
        open.push({ close: async () => hubB.closeAll() });
        const socket = new FakeLiveSocket();
        hubB.add(socket as never, 'browser');
        socket.subscribe(true, []);
        socket.auth('token-1');
        await waitFor(() => hubB.sessionConnectionCount('session-1') === 1, 'socket bound at B');
        const count = (type: string) => socket.types().filter((each) => each === type).length;

        await busA.publish({ kind: 'session', sessionId: 'session-1', message: { type: 'balance', balance: 100 } });
        await waitFor(() => count('balance') === 1, 'balance through the broker');
        expect(hubB.degraded).toBe(false);
        expect(count('resync')).toBe(0);

        await proxy.cut();
        await waitFor(() => hubB.degraded, 'B degraded');
        await busA.publish({ kind: 'session', sessionId: 'session-1', message: { type: 'balance', balance: 200 } });
        await waitFor(() => count('resync') >= 2, 'resyncs while away');
        // B follows the database for event changes (its catalogue's sync), delivered to its own sockets without the broker.
        await busB.publish({
          kind: 'event',
          update: { eventId: 'ev-1', seq: 7, event: { id: 'ev-1', seq: 7 } as never, markets: [], mainMarketId: null },
        });
        await waitFor(
          () =>
            socket
              .changes()
              .flat()
              .some((change) => change.eventId === 'ev-1' && change.seq === 7),
          'event change while away',
        );

        await proxy.restore();
        await waitFor(() => !hubB.degraded, 'B back on the broker', 15_000);
        const resyncsWhenBack = count('resync');
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(count('resync')).toBe(resyncsWhenBack);
        expect(socket.types().at(-1)).toBe('resync');
        await busA.publish({ kind: 'session', sessionId: 'session-1', message: { type: 'balance', balance: 300 } });
        await waitFor(() => count('balance') === 2, 'balance through the broker again');
      }, 40_000);
    });
  }

  for (const dbKind of databaseKinds()) {
    describe(`the PAM's live balances while the broker is away [${dbKind} database, redis broker]`, () => {
      let context: TestContext;
      const servers: Array<{ services: Services; close(): Promise<void>; url: string }> = [];
      let proxy: CuttableProxy;

      beforeAll(async () => {
        context = await createContext(dbKind);
        proxy = new CuttableProxy(new URL(REDIS_URL).hostname, Number(new URL(REDIS_URL).port || 6379));
        await proxy.open();
        for (const viaProxy of [false, true]) {
          const broker = await RedisBroker.connect(
            viaProxy ? proxy.through(REDIS_URL) : REDIS_URL,
            () => {},
            `${prefix}pam:`,
          );
          const bus = await BrokeredLiveBus.open(broker, () => {});
          const services = createServices({
            db: context.database.db,
            clock: context.clock,
            config: TEST_CONFIG,
            mailer: new OutboxMailer(context.database.db, context.clock),
            bus,
            livePollMs: 100,
            liveSweepMs: 500,
          });
          const app = await buildApp({ services });
          await app.listen({ port: 0, host: '127.0.0.1' });
          const address = app.server.address();
          servers.push({
            services,
            url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
            close: async () => {
              await app.close();
              await services.live.close();
              await bus.close();
            },
          });
        }
        await waitFor(() => servers.every((server) => server.services.live.degraded === false), 'both instances up');
      }, 60_000);

      afterAll(async () => {
        for (const server of servers) await server.close();
        await proxy?.cut();
        await context?.database.close();
      });

      /** A customer with £10.00 whose live socket the server holds; the balances pushed to it, in order. */
      async function customerHeldBy(server: (typeof servers)[number]) {
        const user = await createUser(context, { balance: 1_000 });
        const { accessToken } = await login(context, user);
        const { socket, messages, opened } = openLiveSocket(server.url, accessToken);
        await opened;
        await waitFor(() => server.services.live.connectionCount(user.id) === 1, 'socket held');
        return {
          user,
          socket,
          balances: () => messages.filter((m) => m.type === 'updateBalance').map((m) => m.data.balance as number),
        };
      }

      it('a balance committed on instance A reaches the socket held by B: through the broker, by polling while it is away, and through it again once back', async () => {
        const [a, b] = servers as [(typeof servers)[number], (typeof servers)[number]];
        const { user, socket, balances } = await customerHeldBy(b);

        await a.services.wallet.adjust(user.id, 100, 'through the broker');
        await waitFor(() => balances().includes(1_100), 'balance through the broker');

        await proxy.cut();
        await waitFor(() => b.services.live.degraded, 'B polling');
        await a.services.wallet.adjust(user.id, 200, 'while the broker is away');
        await waitFor(() => balances().includes(1_300), 'balance by polling');

        await proxy.restore();
        await waitFor(() => !b.services.live.degraded, 'B back on the broker', 15_000);
        await a.services.wallet.adjust(user.id, 300, 'broker back');
        await waitFor(() => balances().includes(1_600), 'balance through the broker again');
        expect(balances().at(-1)).toBe(1_600);
        socket.close();
      }, 40_000);

      it("a balance whose publish failed on instance B (only B's broker connection lost) still reaches the socket held by A, by A's sweep", async () => {
        const [a, b] = servers as [(typeof servers)[number], (typeof servers)[number]];
        const { user, socket, balances } = await customerHeldBy(a);

        await proxy.cut();
        await waitFor(() => b.services.live.degraded, 'B knows its broker is away');
        await b.services.wallet.adjust(user.id, 250, 'published while only B has lost the broker');
        // A's broker never went away, so A is not polling: only its sweep can bring this balance.
        expect(a.services.live.degraded).toBe(false);
        await waitFor(() => balances().includes(1_250), "balance by A's sweep");
        expect(a.services.live.degraded).toBe(false);
        await proxy.restore();
        await waitFor(() => !b.services.live.degraded, 'B back on the broker', 15_000);
        socket.close();
      }, 40_000);
    });
  }
});
