/**
 * Scale out (issue 14) with real processes: two PAM instances (server/main.ts) and two sportsbook instances on one
 * scratch PostgreSQL, once with PostgreSQL LISTEN/NOTIFY as the broker and once with Redis (REDIS_URL, a channel
 * prefix of this run's own). A price change made on the feed's instance reaches a browser on the other; a balance
 * committed through one PAM reaches a socket held by the other; garbage on the broker crashes nobody.
 * PostgreSQL at TEST_DATABASE_URL, else 127.0.0.1:5432; Redis at REDIS_URL, else 127.0.0.1:6379.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { createScratchDatabase, type ScratchDatabase } from '../../server/platform/db/scratch-database';
import { openDatabase, type DatabaseHandle } from '../../server/platform/db/database';
import type { Database } from '../../server/db/schema';
import { hashPassword } from '../../server/modules/auth/passwords';
import { sendOperatorCommand } from '../../server/platform/operator/socket';
import { marketIdOf } from '../../server/sportsbook/catalogue/ids';
import type { EventsResponse } from '../../src/contract/sportsbook';
import { Cluster } from './support/cluster/cluster';
import { openLiveSocket } from './support/live-socket';
import { waitFor } from './support/wait';

const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A browser's /ws on one sportsbook instance, subscribed to the lists. */
function priceSocket(url: string) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
  const updates: Array<{ eventId: string; seq: number; event: { mainMarket: { id: string; status: string } | null } }> =
    [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.type === 'event-updates') updates.push(...message.updates);
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'subscribe', lists: true, eventIds: [] }));
      resolve();
    });
    socket.on('error', reject);
  });
  return { socket, updates, opened };
}

for (const broker of ['postgres', 'redis'] as const) {
  describe(`two PAM and two sportsbook instances, ${broker} as the broker [real processes]`, () => {
    let scratch: ScratchDatabase;
    let cluster: Cluster;
    let observer: DatabaseHandle<Database>;
    const prefix = `exsport-scale-${randomUUID()}:`;

    beforeAll(async () => {
      scratch = await createScratchDatabase(POSTGRES_URL, 'bx_scale');
      cluster = await Cluster.create({
        databaseUrl: scratch.url,
        pams: 2,
        sportsbooks: 2,
        env: broker === 'redis' ? { REDIS_URL, REDIS_CHANNEL_PREFIX: prefix } : {},
      });
      await cluster.start();
      observer = await openDatabase<Database>({ url: scratch.url, poolSize: 2 });
    }, 120_000);

    afterAll(async () => {
      await observer?.close();
      await cluster?.stop();
      await scratch?.drop();
    }, 30_000);

    const suspendAndSee = async (sockets: Array<ReturnType<typeof priceSocket>>) => {
      const { events } = (await (
        await fetch(`${cluster.sportsbooks[0]!.url}/api/events?status=upcoming`)
      ).json()) as EventsResponse;
      const event = events.find((candidate) => candidate.status === 'scheduled')!;
      const marketId = marketIdOf(event.id, 'match-result');
      const answer = await sendOperatorCommand(cluster.sportsbooks[0]!.dataDir, 'sb-suspend', [marketId], 'sportsbook');
      expect(answer.status, answer.message).toBe(200);
      const suspendedAt = (socket: ReturnType<typeof priceSocket>) =>
        socket.updates.some(
          (update) =>
            update.eventId === event.id &&
            update.event.mainMarket?.id === marketId &&
            update.event.mainMarket.status === 'suspended',
        );
      await waitFor(() => sockets.every(suspendedAt), 'the suspension on every instance');
      await sendOperatorCommand(cluster.sportsbooks[0]!.dataDir, 'sb-reopen', [marketId], 'sportsbook');
      return event.id;
    };

    it('a price change on the feed instance reaches browsers on both sportsbook instances, each seq once', async () => {
      const sockets = cluster.sportsbooks.map((book) => priceSocket(book.url));
      await Promise.all(sockets.map((socket) => socket.opened));
      const eventId = await suspendAndSee(sockets);
      for (const { updates, socket } of sockets) {
        const seqs = updates.filter((update) => update.eventId === eventId).map((update) => update.seq);
        expect(new Set(seqs).size).toBe(seqs.length);
        socket.close();
      }
    }, 40_000);

    it('a balance committed through one PAM reaches a live socket held by the other', async () => {
      const [a, b] = cluster.pams as [(typeof cluster.pams)[number], (typeof cluster.pams)[number]];
      const email = `scale-${randomUUID().slice(0, 8)}@example.com`;
      const now = new Date();
      await sql`
        INSERT INTO users (email, password_hash, first_name, last_name, date_of_birth, phone, verification_status, created_at, updated_at)
        VALUES (${email}, ${await hashPassword('Scale-test-12345')}, 'Scale', 'Tester', '1990-01-01', '+447700900000', 'passed', ${now}, ${now})`.execute(
        observer.db,
      );
      await sql`INSERT INTO wallets (user_id, balance, updated_at) SELECT id, 0, ${now} FROM users WHERE email = ${email}`.execute(
        observer.db,
      );
      const login = await fetch(`${b.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Scale-test-12345' }),
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };
      const { socket, messages, opened } = openLiveSocket(b.url, accessToken);
      await opened;
      // The socket is registered once B has checked the token; a credit before that would be pushed to no one.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const credited = await sendOperatorCommand(a.dataDir, 'credit', [email, '750', 'Scale', 'test'], 'operator');
      expect(credited.status, credited.message).toBe(200);
      await waitFor(
        () => messages.some((message) => message.type === 'updateBalance' && message.data.balance === 750),
        'the balance on the socket held by B',
      );
      socket.close();
    }, 30_000);

    it('garbage on the broker is dropped: every instance stays up and pushes on', async () => {
      const garbage = [
        'not json',
        '{"o":"x","m":{"userId":"everyone","message":{"type":"updateBalance"}}}',
        '{"o":"x","m":{"kind":"event","update":{}}}',
        '{"o":"x","z":"!!!"}',
      ];
      if (broker === 'postgres') {
        for (const channel of ['live_events', 'sportsbook_live'])
          for (const text of garbage) await sql`SELECT pg_notify(${channel}, ${text})`.execute(observer.db);
      } else {
        const redis = new Redis(REDIS_URL);
        for (const channel of ['live_events', 'sportsbook_live'])
          for (const text of garbage) await redis.publish(prefix + channel, text);
        redis.disconnect();
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect([...cluster.pams, ...cluster.sportsbooks].map((process) => process.running)).toEqual([
        true,
        true,
        true,
        true,
      ]);
      const sockets = cluster.sportsbooks.map((book) => priceSocket(book.url));
      await Promise.all(sockets.map((socket) => socket.opened));
      await suspendAndSee(sockets);
      for (const { socket } of sockets) socket.close();
      expect(cluster.sportsbooks[1]!.log()).toContain('dropped a malformed broker message');
    }, 40_000);
  });
}
