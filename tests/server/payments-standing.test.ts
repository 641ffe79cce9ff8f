import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, type TestContext } from './support/harness';
import {
  balanceOf,
  customerWithSavedCard,
  key,
  notification,
  openDeposit,
  sendNotification,
  transactionCount,
} from './support/money';
import { ACCOUNT_CLOSED_TO_DEPOSITS } from '../../server/modules/payments/deposit-settlement';
import { DAY } from '../../server/platform/clock';

/**
 * A customer who is timed out, self-excluded, suspended or deleted takes no money in and moves none: a
 * deposit opened before, whose card notification arrives after, is refused (Failed, so the provider
 * refunds the card) rather than credited to an account that cannot be used; and a session whose
 * revocation never ran (a crash between the exclusion's commit and revokeAll) still cannot act.
 */
describeEachDatabase('payments and the customer standing', (use) => {
  const standings: Array<[string, (context: TestContext, userId: number) => Promise<unknown>]> = [
    [
      'self-excluded',
      (context, userId) =>
        context.database.db
          .updateTable('users')
          .set({
            exclusion_kind: 'self-exclusion',
            exclusion_until: new Date(context.clock.now().getTime() + 180 * DAY),
          })
          .where('id', '=', userId)
          .execute(),
    ],
    [
      'timed out',
      (context, userId) =>
        context.database.db
          .updateTable('users')
          .set({ exclusion_kind: 'time-out', exclusion_until: new Date(context.clock.now().getTime() + DAY) })
          .where('id', '=', userId)
          .execute(),
    ],
    [
      'permanently excluded',
      (context, userId) =>
        context.database.db
          .updateTable('users')
          .set({ exclusion_kind: 'self-exclusion', exclusion_permanent: true })
          .where('id', '=', userId)
          .execute(),
    ],
    [
      'suspended',
      (context, userId) =>
        context.database.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', userId).execute(),
    ],
    [
      'deleted',
      (context, userId) =>
        context.database.db.updateTable('users').set({ status: 'deleted' }).where('id', '=', userId).execute(),
    ],
  ];

  for (const [standing, apply] of standings) {
    it(`a deposit opened before the customer was ${standing} is refused at settlement, not credited`, async () => {
      const context = use();
      const user = await createUser(context);
      const { accessToken } = await login(context, user);
      const { paymentId } = await openDeposit(context, accessToken, 2000);
      await apply(context, user.id);
      const response = await sendNotification(context, notification(paymentId, 2000));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        paymentId,
        status: 'Failed',
        error: ACCOUNT_CLOSED_TO_DEPOSITS,
        balance: 0,
      });
      expect(await balanceOf(context, user.id)).toBe(0);
      expect(await transactionCount(context, user.id)).toBe(0);
      // Settled once: a redelivery changes nothing.
      expect((await sendNotification(context, notification(paymentId, 2000))).json()).toMatchObject({
        status: 'Failed',
        balance: 0,
      });
      expect(await balanceOf(context, user.id)).toBe(0);
    });

    it(`a ${standing} customer whose tokens were never revoked can neither deposit nor withdraw`, async () => {
      const context = use();
      const { user, token } = await customerWithSavedCard(context, 5000);
      const before = await transactionCount(context, user.id);
      const paymentsBefore = await context.database.db
        .selectFrom('payments')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      await apply(context, user.id);
      const form = await context.request({ method: 'GET', url: '/deposit_form?amount=2000', token });
      const saved = await context.request({
        method: 'POST',
        url: '/deposit_js',
        token,
        headers: { 'idempotency-key': key() },
        payload: { amount: 2000 },
      });
      const withdraw = await context.request({
        method: 'POST',
        url: '/withdraw',
        token,
        headers: { 'idempotency-key': key() },
        payload: { amount: 1000 },
      });
      for (const response of [form, saved, withdraw]) expect([401, 403], response.body).toContain(response.statusCode);
      expect(await balanceOf(context, user.id)).toBe(5000);
      expect(await transactionCount(context, user.id)).toBe(before);
      const payments = await context.database.db
        .selectFrom('payments')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(payments).toEqual(paymentsBefore);
    });

    it(`the money services themselves refuse a ${standing} customer (a request already past the session check)`, async () => {
      const context = use();
      const { user } = await customerWithSavedCard(context, 5000);
      await apply(context, user.id);
      const { payments } = context.services;
      await expect(payments.depositForm(user.id, { amount: 2000, storeCard: false }, undefined)).rejects.toMatchObject({
        statusCode: 403,
      });
      await expect(payments.depositWithSavedCard(user.id, 2000, key())).rejects.toMatchObject({ statusCode: 403 });
      await expect(payments.withdraw(user.id, { amount: 1000 }, key())).rejects.toMatchObject({ statusCode: 403 });
      expect(await balanceOf(context, user.id)).toBe(5000);
    });
  }

  it('a saved-card deposit racing the account deletion is refused under the wallet lock, not credited to the deleted account', async () => {
    const context = use();
    const { user } = await customerWithSavedCard(context, 0);
    const before = await transactionCount(context, user.id);
    let deposit: Promise<unknown> | undefined;
    // The deletion's shape: wallet locked, balance checked, account closed, commit. The deposit reads the
    // account before that commit and reaches the wallet lock while the deletion holds it.
    await context.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('wallets').select('balance').where('user_id', '=', user.id).forUpdate().executeTakeFirst();
      deposit = context.services.payments.depositWithSavedCard(user.id, 2000, key()).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await trx.updateTable('users').set({ status: 'deleted' }).where('id', '=', user.id).execute();
    });
    expect(await deposit).toMatchObject({ statusCode: 403 });
    expect(await balanceOf(context, user.id)).toBe(0);
    expect(await transactionCount(context, user.id)).toBe(before);
  });

  it('a saved-card deposit retried after an attempt that charged and then rolled back charges the same payment reference', async () => {
    const context = use();
    const { user, token } = await customerWithSavedCard(context, 0);
    const provider = context.services.cardProvider;
    const charge = provider.chargeSavedCard.bind(provider);
    const charged: string[] = [];
    provider.chargeSavedCard = async (payment) => {
      const outcome = await charge(payment);
      charged.push(payment.paymentId);
      // The card is charged, then the answer is lost: the payment stays Open and the client retries with its key.
      if (charged.length === 1) throw new Error('connection reset');
      return outcome;
    };
    const idempotencyKey = key();
    const send = () =>
      context.request({
        method: 'POST',
        url: '/deposit_js',
        token,
        headers: { 'idempotency-key': idempotencyKey },
        payload: { amount: 2000 },
      });
    const unconfirmed = await send();
    expect([unconfirmed.statusCode, unconfirmed.json().code]).toEqual([502, 'PaymentUnconfirmed']);
    const retried = await send();
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'Completed', balance: 2000 });
    expect(charged).toHaveLength(2);
    expect(charged[1]).toBe(charged[0]);
    expect(retried.json().paymentId).toBe(charged[0]);
    // Another key is another payment.
    const other = await context.request({
      method: 'POST',
      url: '/deposit_js',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 2000 },
    });
    expect(other.json().paymentId).not.toBe(charged[0]);
    expect(await balanceOf(context, user.id)).toBe(4000);
  });

  it('a time out that has ended lets the customer deposit again, and its late notification is credited', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const { paymentId } = await openDeposit(context, accessToken, 2000);
    await context.database.db
      .updateTable('users')
      .set({ exclusion_kind: 'time-out', exclusion_until: new Date(context.clock.now().getTime() - 1000) })
      .where('id', '=', user.id)
      .execute();
    const response = await sendNotification(context, notification(paymentId, 2000));
    expect(response.json()).toMatchObject({ status: 'Completed', balance: 2000 });
    expect(
      (await context.request({ method: 'GET', url: '/deposit_form?amount=2000', token: accessToken })).statusCode,
    ).toBe(200);
  });
});
