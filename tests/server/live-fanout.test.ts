import { afterAll, beforeAll, expect, it } from 'vitest';
import { openLiveSocket } from './support/live-socket';
import type { FastifyInstance } from 'fastify';
import { describeEachDatabase, createUser, login, TEST_CONFIG } from './support/harness';
import { depositedFrom, key } from './support/money';
import { createServices, type Services } from '../../server/services';
import { buildApp } from '../../server/app';
import { InProcessBus, PostgresBus, type LiveBus } from '../../server/modules/live/bus';
import { OutboxMailer } from '../../server/providers/mail/outbox-mailer';
import { cardFingerprint, makeCardToken } from '../../server/providers/card-payments/sandbox';
import { waitFor } from './support/wait';

interface Instance {
  services: Services;
  app: FastifyInstance;
  bus: LiveBus;
}

/**
 * Two API instances over one database, as behind a load balancer. On PostgreSQL each has its own
 * LISTEN/NOTIFY bus; on PGlite (one process only) they share the in-process bus.
 */
describeEachDatabase('live fan-out between server instances', (use) => {
  const instances: Instance[] = [];

  beforeAll(async () => {
    const context = use();
    const shared = new InProcessBus();
    for (let index = 0; index < 2; index++) {
      const bus = context.kind === 'postgres' ? await PostgresBus.connect(context.database.connectionString!) : shared;
      const services = createServices({
        db: context.database.db,
        clock: context.clock,
        config: TEST_CONFIG,
        mailer: new OutboxMailer(context.database.db, context.clock),
        bus,
      });
      const app = await buildApp({ services });
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push({ services, app, bus });
    }
  });

  afterAll(async () => {
    for (const instance of instances) {
      await instance.app.close();
      await instance.bus.close();
    }
  });

  it('a balance change committed through instance A reaches a live connection held by instance B', async () => {
    const context = use();
    const [a, b] = instances as [Instance, Instance];
    const user = await createUser(context, { balance: 3_000 });
    const { accessToken } = await login(context, user);
    const now = context.clock.now();
    await context.database.db
      .insertInto('saved_cards')
      .values({
        user_id: user.id,
        token: makeCardToken(TEST_CONFIG.secrets.providerSecret, '4242424242424242', '12/39'),
        masked_pan: '**** **** **** 4242',
        fingerprint: cardFingerprint(TEST_CONFIG.secrets.providerSecret, '4242424242424242'),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await depositedFrom(context, user.id);

    const address = b.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { socket, messages, opened } = openLiveSocket(`ws://127.0.0.1:${port}`, accessToken);
    await opened;
    await waitFor(() => b.services.live.connectionCount(user.id) === 1, 'socket registered on B');
    expect(a.services.live.connectionCount(user.id)).toBe(0);

    const deposit = await a.app.inject({
      method: 'POST',
      url: '/deposit_js',
      headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': key() },
      payload: { amount: 2_000 },
    });
    expect(deposit.statusCode, deposit.body).toBe(200);
    await waitFor(
      () => messages.some((m) => m.type === 'updateBalance' && m.data.balance === 5_000),
      'deposit balance on B',
    );

    const withdrawal = await a.app.inject({
      method: 'POST',
      url: '/withdraw',
      headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': key() },
      payload: { amount: 1_500 },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    await waitFor(
      () => messages.some((m) => m.type === 'updateBalance' && m.data.balance === 3_500),
      'withdrawal balance on B',
    );
    socket.close();
  });

  it('a suspension through instance A closes the customer’s live connection held by instance B', async () => {
    const context = use();
    const [a, b] = instances as [Instance, Instance];
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const address = b.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { closed, opened, messages } = openLiveSocket(`ws://127.0.0.1:${port}`, accessToken);
    await opened;
    await waitFor(() => b.services.live.connectionCount(user.id) === 1, 'socket registered on B');
    await a.services.accounts.suspend(user.id);
    expect(await closed).not.toBe(1000);
    expect(messages).toContainEqual({ type: 'userSuspension' });
    await waitFor(() => b.services.live.connectionCount(user.id) === 0, 'socket gone from B');
  });
});
