import { afterAll, beforeAll, expect, it } from 'vitest';
import { openLiveSocket } from './support/live-socket';
import type { AddressInfo } from 'node:net';
import {
  describeEachDatabase,
  createUser,
  login,
  TEST_CONFIG,
  type TestContext,
  type TestUser,
} from './support/harness';
import { badBodies, rowCounts, sweepBadBodies } from './support/sweep';
import { DAY, ManualClock, MINUTE } from '../../server/platform/clock';
import { createServices } from '../../server/services';
import { buildApp } from '../../server/app';
import { InProcessBus } from '../../server/modules/live/bus';
import { OutboxMailer } from '../../server/providers/mail/outbox-mailer';
import { LIVE_CLOSE_SIGNED_OUT } from '../../src/contract/live';

const londonDate = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(date);

const lock = async (context: TestContext, user: TestUser, payload: Record<string, unknown>) => {
  const { accessToken } = await login(context, user);
  return context.request({ method: 'POST', url: '/responsible-gambling/lock-account', token: accessToken, payload });
};

const tryLogin = (context: TestContext, user: TestUser) =>
  context.request({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } });

describeEachDatabase('time out and self-exclusion', (use) => {
  let port = 0;
  beforeAll(async () => {
    await use().app.listen({ port: 0, host: '127.0.0.1' });
    port = (use().app.server.address() as AddressInfo).port;
  });
  afterAll(() => {
    for (const socket of use().services.live.allSockets()) socket.terminate();
  });

  it('blocks login for exactly the time out, naming its end, and allows it at the end', async () => {
    const context = use();
    const user = await createUser(context);
    const started = context.clock.now();
    const response = await lock(context, user, { days: 3, permanently: false });
    expect(response.statusCode).toBe(200);
    const end = new Date(started.getTime() + 3 * DAY);
    expect(response.json()).toMatchObject({
      duration: 3,
      permanently: false,
      kind: 'time-out',
      until: end.toISOString(),
    });

    const refused = await tryLogin(context, user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('time out until');
    expect(refused.json().message).toContain(londonDate(end));
    context.clock.set(new Date(end.getTime() - 1000));
    expect((await tryLogin(context, user)).statusCode).toBe(403);
    context.clock.set(end);
    expect((await tryLogin(context, user)).statusCode).toBe(200);
  });

  it('keeps a time out in force across a server restart on the same database', async () => {
    const context = use();
    const user = await createUser(context);
    await lock(context, user, { days: 1, permanently: false });
    const clock = new ManualClock(context.clock.now());
    const services = createServices({
      db: context.database.db,
      clock,
      config: TEST_CONFIG,
      mailer: new OutboxMailer(context.database.db, clock),
      bus: new InProcessBus(),
    });
    const restarted = await buildApp({ services });
    try {
      const refused = await restarted.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('AccountExcluded');
    } finally {
      await restarted.close();
    }
  });

  it('cannot be shortened: a shorter request leaves the longer lock in force and says so', async () => {
    const context = use();
    const user = await createUser(context);
    const started = context.clock.now();
    await lock(context, user, { days: 10, permanently: false });
    const tenDays = new Date(started.getTime() + 10 * DAY);
    // Signed out by the first lock, the customer cannot even ask again; the service is the last line.
    const shorter = await context.services.saferGambling.lock(user.id, { days: 2, permanently: false });
    expect(shorter.until).toBe(tenDays.toISOString());
    expect(shorter.message).toContain('stays in force');
    context.clock.advance(3 * DAY);
    expect((await tryLogin(context, user)).statusCode).toBe(403);
    const longer = await context.services.saferGambling.lock(user.id, { days: 180, permanently: false });
    expect(longer.kind).toBe('self-exclusion');
    context.clock.advance(30 * DAY);
    expect((await tryLogin(context, user)).json().message).toContain('self-excluded until');
  });

  it('self-exclusion closes live connections, revokes tokens and stops marketing', async () => {
    const context = use();
    const user = await createUser(context);
    await context.database.db
      .updateTable('users')
      .set({ marketing_email: true, marketing_sms: true, marketing_phone: true })
      .where('id', '=', user.id)
      .execute();
    const other = await login(context, user);
    const { closed, opened } = openLiveSocket(`ws://127.0.0.1:${port}`, other.accessToken);
    await opened;
    const start = Date.now();
    while (context.services.live.connectionCount(user.id) === 0 && Date.now() - start < 5000)
      await new Promise((resolve) => setTimeout(resolve, 20));

    const response = await lock(context, user, { days: 180, permanently: false });
    expect(response.json()).toMatchObject({ duration: 180, kind: 'self-exclusion' });
    expect(await closed).toBe(LIVE_CLOSE_SIGNED_OUT);
    expect((await context.request({ method: 'GET', url: '/balance', token: other.accessToken })).statusCode).toBe(401);
    expect(
      (
        await context.request({
          method: 'POST',
          url: '/auth/refresh_token',
          payload: { refreshToken: other.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    const row = await context.database.db
      .selectFrom('users')
      .select(['marketing_email', 'marketing_sms', 'marketing_phone'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ marketing_email: false, marketing_sms: false, marketing_phone: false });
  });

  it('a permanent self-exclusion never ends', async () => {
    const context = use();
    const user = await createUser(context);
    const response = await lock(context, user, { days: 0, permanently: true });
    expect(response.json()).toMatchObject({ permanently: true, until: null, kind: 'self-exclusion' });
    context.clock.advance(3000 * DAY);
    const refused = await tryLogin(context, user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('permanently');
  });

  it('offers only the durations of the design: 1 to 30 days, 6 months, 1, 3 or 5 years', async () => {
    const context = use();
    for (const days of [0, 31, 90, 179, 181, 366, 2000]) {
      const user = await createUser(context);
      const response = await lock(context, user, { days, permanently: false });
      expect(response.statusCode, String(days)).toBe(400);
    }
    for (const days of [1, 30, 365, 1095, 1825]) {
      const user = await createUser(context);
      expect((await lock(context, user, { days, permanently: false })).statusCode, String(days)).toBe(200);
    }
  });

  it('refuses bad input on lock-account without locking anything', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const before = await rowCounts(context);
    // `permanently: true` is a valid request, not a bad one; every other derived body must be refused.
    const bodies = badBodies({ days: 7, permanently: false }).filter(
      (body) => body.label !== 'permanently = true' && body.label !== 'missing permanently',
    );
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      const response = await context.request({
        method: 'POST',
        url: '/responsible-gambling/lock-account',
        token: accessToken,
        payload: body.payload,
        headers: { 'content-type': body.contentType ?? 'application/json' },
      });
      expect(response.statusCode, body.label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, body.label).toBeLessThan(500);
    }
    expect(await rowCounts(context)).toEqual(before);
    const row = await context.database.db
      .selectFrom('users')
      .select(['exclusion_kind'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.exclusion_kind).toBeNull();
    expect((await context.request({ method: 'GET', url: '/balance', token: accessToken })).statusCode).toBe(200);
  });
});

describeEachDatabase('profit and loss', (use) => {
  it('sums stakes and returns in the range from the ledger', async () => {
    const context = use();
    const user = await createUser(context, { balance: 10_000 });
    const { ledger } = context.services;
    const post = (amount: number, kind: 'Stake' | 'Returns' | 'Deposit' | 'Refund', betId: string | null = 'bet-1') =>
      ledger.transaction((_trx, posting) => posting({ userId: user.id, amount, kind, reference: kind, betId }));
    const from = context.clock.now();
    await post(-1000, 'Stake');
    await post(-500, 'Stake');
    await post(1800, 'Returns');
    await post(2000, 'Deposit', null);
    await post(-300, 'Stake', 'bet-2');
    await post(300, 'Refund', 'bet-2');
    context.clock.advance(MINUTE);
    const to = context.clock.now();
    context.clock.advance(MINUTE);
    await post(-700, 'Stake');

    const { accessToken } = await login(context, user);
    const response = await context.request({
      method: 'POST',
      url: '/responsible-gambling/profit-loss',
      token: accessToken,
      payload: { from: from.toISOString(), to: to.toISOString() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ staked: 1500, returns: 1800, diff: 300 });
  });

  it('refuses a range that ends before it starts, and any bad input', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const backwards = await context.request({
      method: 'POST',
      url: '/responsible-gambling/profit-loss',
      token: accessToken,
      payload: { from: '2026-06-02T00:00:00.000Z', to: '2026-06-01T00:00:00.000Z' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe("'To' date cannot be before 'From' date.");
    const sent = await sweepBadBodies(context, {
      method: 'POST',
      url: '/responsible-gambling/profit-loss',
      validBody: { from: '2026-06-01T00:00:00.000Z', to: '2026-06-02T00:00:00.000Z' },
      token: () => accessToken,
    });
    expect(sent).toBeGreaterThan(20);
    expect(
      (await context.request({ method: 'POST', url: '/responsible-gambling/profit-loss', payload: {} })).statusCode,
    ).toBe(401);
  });
});
