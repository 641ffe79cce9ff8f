import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login } from './support/harness';
import {
  balanceOf,
  customerWithSavedCard,
  key,
  notification,
  openDeposit,
  sendNotification,
  transactionCount,
} from './support/money';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../../src/contract/payments';
import { DAY } from '../../server/platform/clock';

describeEachDatabase('idempotency keys', (use) => {
  it('50 concurrent withdrawals with one key move money once and all get the first answer', async () => {
    const context = use();
    const { user, token } = await customerWithSavedCard(context, 10_000);
    const idempotencyKey = key();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        context.request({
          method: 'POST',
          url: '/withdraw',
          token,
          headers: { 'idempotency-key': idempotencyKey },
          payload: { amount: 700 },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const ids = new Set(responses.map((r) => r.json().paymentId));
    expect(ids.size).toBe(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await balanceOf(context, user.id)).toBe(9_300);
    expect(await transactionCount(context, user.id)).toBe(2);
  });

  it('50 concurrent saved-card deposits with one key credit once', async () => {
    const context = use();
    const { user, token } = await customerWithSavedCard(context);
    const idempotencyKey = key();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        context.request({
          method: 'POST',
          url: '/deposit_js',
          token,
          headers: { 'idempotency-key': idempotencyKey },
          payload: { amount: 2_500 },
        }),
      ),
    );
    expect(new Set(responses.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(responses.every((r) => r.json().balance === 2_500)).toBe(true);
    expect(await balanceOf(context, user.id)).toBe(2_500);
    const deposits = await context.database.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', user.id)
      .where('amount', '=', 2_500)
      .execute();
    expect(deposits).toHaveLength(1);
  });

  it('refuses the same key with a different body, and the same key of another customer is theirs', async () => {
    const context = use();
    const first = await customerWithSavedCard(context, 5_000);
    const second = await customerWithSavedCard(context, 5_000);
    const shared = key();
    const original = await context.request({
      method: 'POST',
      url: '/withdraw',
      token: first.token,
      headers: { 'idempotency-key': shared },
      payload: { amount: 500 },
    });
    const changed = await context.request({
      method: 'POST',
      url: '/withdraw',
      token: first.token,
      headers: { 'idempotency-key': shared },
      payload: { amount: 600 },
    });
    const otherRoute = await context.request({
      method: 'POST',
      url: '/deposit_js',
      token: first.token,
      headers: { 'idempotency-key': shared },
      payload: { amount: 500 },
    });
    const otherCustomer = await context.request({
      method: 'POST',
      url: '/withdraw',
      token: second.token,
      headers: { 'idempotency-key': shared },
      payload: { amount: 600 },
    });
    expect(original.statusCode).toBe(200);
    expect([changed.statusCode, changed.json().message]).toEqual([422, IDEMPOTENCY_KEY_REUSED_MESSAGE]);
    expect(otherRoute.statusCode).toBe(422);
    expect(otherCustomer.statusCode).toBe(200);
    expect(await balanceOf(context, first.user.id)).toBe(4_500);
    expect(await balanceOf(context, second.user.id)).toBe(4_400);
  });

  it('a refused request keeps no key, so the same submission can succeed once the funds are there', async () => {
    const context = use();
    const { user, token } = await customerWithSavedCard(context);
    const idempotencyKey = key();
    const refused = await context.request({
      method: 'POST',
      url: '/withdraw',
      token,
      headers: { 'idempotency-key': idempotencyKey },
      payload: { amount: 1_000 },
    });
    expect(refused.statusCode).toBe(422);
    await context.services.wallet.adjust(user.id, 1_000, 'funds');
    const retried = await context.request({
      method: 'POST',
      url: '/withdraw',
      token,
      headers: { 'idempotency-key': idempotencyKey },
      payload: { amount: 1_000 },
    });
    expect(retried.statusCode).toBe(200);
    expect(await balanceOf(context, user.id)).toBe(0);
  });

  it('replays a deposit page for the same key, even a day later, and gives a new payment without one', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken: token } = await login(context, user);
    const idempotencyKey = key();
    const first = await context.request({
      method: 'GET',
      url: '/deposit_form?amount=2000&storeCard=false',
      token,
      headers: { 'idempotency-key': idempotencyKey },
    });
    context.clock.advance(DAY + 60_000);
    const { accessToken: later } = await login(context, user);
    const replay = await context.request({
      method: 'GET',
      url: '/deposit_form?storeCard=false&amount=2000',
      token: later,
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(replay.json()).toEqual(first.json());
    const a = await openDeposit(context, later, 2000);
    const b = await openDeposit(context, later, 2000);
    expect(a.paymentId).not.toBe(b.paymentId);
    expect(await context.services.idempotency.purgeExpired()).toBe(0);
    context.clock.advance(8 * DAY);
    expect(await context.services.idempotency.purgeExpired()).toBeGreaterThanOrEqual(1);
  });

  it('a notification and a replayed notification racing each other credit once', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken: token } = await login(context, user);
    const { paymentId } = await openDeposit(context, token, 5_000);
    const once = notification(paymentId, 5_000);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        sendNotification(context, index % 2 ? once : { ...once, id: `redelivery-${index}` }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200 && r.json().status === 'Completed')).toBe(true);
    expect(await balanceOf(context, user.id)).toBe(5_000);
    expect(await transactionCount(context, user.id)).toBe(1);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const context = use();
    const { user, token } = await customerWithSavedCard(context, 1_000);
    const response = await context.request({
      method: 'POST',
      url: '/withdraw',
      token,
      headers: { 'idempotency-key': 'bad key with spaces' },
      payload: { amount: 500 },
    });
    expect(response.statusCode).toBe(400);
    expect(await balanceOf(context, user.id)).toBe(1_000);
  });
});
