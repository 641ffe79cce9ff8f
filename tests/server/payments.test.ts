import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, type TestContext } from './support/harness';
import {
  balanceOf,
  depositedFrom,
  key,
  notification,
  openDeposit,
  sendNotification,
  transactionCount,
} from './support/money';
import {
  DEPOSIT_MAX_MESSAGE,
  DEPOSIT_MIN_MESSAGE,
  INSUFFICIENT_FUNDS_MESSAGE,
  NO_SAVED_CARD_MESSAGE,
  SECURITY_CODE_FAILURE_PATTERN,
  VERIFICATION_REQUIRED_MESSAGE,
  IDEMPOTENCY_KEY_REQUIRED_MESSAGE,
} from '../../src/contract/payments';
import { pamCommands } from '../../server/modules/operator/commands';
import { MINUTE } from '../../server/platform/clock';

async function customer(context: TestContext, options: { balance?: number; verified?: boolean } = {}) {
  const user = await createUser(context, options);
  const { accessToken } = await login(context, user);
  return { user, token: accessToken };
}

const operator = (context: TestContext, name: string, ...args: string[]) =>
  pamCommands.find(name)!.run(context.services, args);

describeEachDatabase('payments', (use) => {
  it('answers the provider page for a deposit, with the payment id and no parent origin (the client adds it)', async () => {
    const context = use();
    const { token } = await customer(context);
    const { paymentForm, paymentId } = await openDeposit(context, token, 2000, true);
    const url = new URL(paymentForm);
    expect(url.origin).toBe('http://127.0.0.1:8090');
    expect(url.searchParams.get('payment')).toBe(paymentId);
    expect(url.searchParams.get('amount')).toBe('2000');
    expect(url.searchParams.has('parentOrigin')).toBe(false);
    const payments = await context.request({ method: 'GET', url: '/payments', token });
    expect(payments.json()).toMatchObject([{ paymentId, kind: 'Deposit', status: 'Open', chips: 2000 }]);
  });

  it('refuses deposits outside £5 to £10,000 with the specification messages', async () => {
    const context = use();
    const { token } = await customer(context);
    const low = await context.request({ method: 'GET', url: '/deposit_form?amount=499', token });
    const high = await context.request({ method: 'GET', url: '/deposit_form?amount=1000001', token });
    expect([low.statusCode, low.json().message]).toEqual([400, DEPOSIT_MIN_MESSAGE]);
    expect([high.statusCode, high.json().message]).toEqual([400, DEPOSIT_MAX_MESSAGE]);
    const edge = await context.request({ method: 'GET', url: '/deposit_form?amount=1000000', token });
    expect(edge.statusCode).toBe(200);
  });

  it('refuses deposits and withdrawals until identity is verified, and the operator verify opens them', async () => {
    const context = use();
    const { user, token } = await customer(context, { verified: false });
    const deposit = await context.request({ method: 'GET', url: '/deposit_form?amount=2000', token });
    expect([deposit.statusCode, deposit.json().message]).toEqual([422, VERIFICATION_REQUIRED_MESSAGE]);
    const withdraw = await context.request({
      method: 'POST',
      url: '/withdraw',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 500 },
    });
    expect(withdraw.statusCode).toBe(422);
    await operator(context, 'verify', user.email);
    expect((await context.request({ method: 'GET', url: '/deposit_form?amount=2000', token })).statusCode).toBe(200);
  });

  it('credits a successful notification once, saves the card when asked, and replays answer the settled state', async () => {
    const context = use();
    const { user, token } = await customer(context);
    const { paymentId } = await openDeposit(context, token, 2000, true);
    const success = notification(paymentId, 2000, { cardToken: 'sbx_token.sig' });
    const first = await sendNotification(context, success);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'Completed', balance: 2000 });
    const again = await sendNotification(context, success);
    const otherDelivery = await sendNotification(context, { ...success, id: 'another-delivery' });
    expect(again.json()).toMatchObject({ status: 'Completed', balance: 2000 });
    expect(otherDelivery.json()).toMatchObject({ status: 'Completed', balance: 2000 });
    expect(await balanceOf(context, user.id)).toBe(2000);
    expect(await transactionCount(context, user.id)).toBe(1);
    const card = await context.request({ method: 'GET', url: '/card', token });
    expect(card.json()).toEqual({ maskedPan: '**** **** **** 4242', userId: user.id });
  });

  it('a late failure after success changes nothing, and a late success after failure credits nothing', async () => {
    const context = use();
    const { user, token } = await customer(context);
    const a = await openDeposit(context, token, 1000);
    const b = await openDeposit(context, token, 3000);
    await sendNotification(context, notification(a.paymentId, 1000));
    const lateFailure = await sendNotification(
      context,
      notification(a.paymentId, 1000, {
        status: 'failed',
        error: 'Card declined',
        occurredAt: new Date(0).toISOString(),
      }),
    );
    expect(lateFailure.json()).toMatchObject({ status: 'Completed' });
    await sendNotification(context, notification(b.paymentId, 3000, { status: 'failed', error: 'Card declined' }));
    const lateSuccess = await sendNotification(context, notification(b.paymentId, 3000));
    expect(lateSuccess.json()).toMatchObject({ status: 'Failed', error: 'Card declined' });
    expect(await balanceOf(context, user.id)).toBe(1000);
    const list = (await context.request({ method: 'GET', url: '/payments', token })).json();
    expect(list.map((p: { paymentId: string; status: string }) => [p.paymentId, p.status])).toEqual([
      [b.paymentId, 'Failed'],
      [a.paymentId, 'Completed'],
    ]);
  });

  it('refuses notifications with a bad, missing or stale signature, a wrong amount or an unknown payment, and nothing changes', async () => {
    const context = use();
    const { user, token } = await customer(context);
    const { paymentId } = await openDeposit(context, token, 2000);
    const good = notification(paymentId, 2000);
    const forged = await sendNotification(context, good, { secret: 'not-the-secret' });
    const missing = await context.request({
      method: 'POST',
      url: '/payments/notifications',
      payload: JSON.stringify(good),
      headers: { 'content-type': 'application/json' },
    });
    const stale = await sendNotification(context, good, { at: new Date(context.clock.now().getTime() - 10 * MINUTE) });
    const tampered = await sendNotification(context, good, {
      signature: (await import('../../server/platform/signing/body-signature')).signBody(
        'test-provider-secret',
        JSON.stringify({ ...good, amount: 1 }),
        context.clock.now(),
      ),
    });
    const wrongAmount = await sendNotification(context, { ...good, amount: 999_999 });
    const unknown = await sendNotification(context, notification('00000000-0000-4000-8000-000000000000', 2000));
    const garbage = await sendNotification(context, '{"broken":');
    expect([forged, missing, stale, tampered].map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    expect([wrongAmount.statusCode, unknown.statusCode, garbage.statusCode]).toEqual([422, 404, 400]);
    expect(await balanceOf(context, user.id)).toBe(0);
    const list = (await context.request({ method: 'GET', url: '/payments', token })).json();
    expect(list[0]).toMatchObject({ paymentId, status: 'Open' });
  });

  it('deposits with the saved card through the same settlement, and needs a saved card and an Idempotency-Key', async () => {
    const context = use();
    const { user, token } = await customer(context);
    const noCard = await context.request({
      method: 'POST',
      url: '/deposit_js',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 1500 },
    });
    expect([noCard.statusCode, noCard.json().message]).toEqual([422, NO_SAVED_CARD_MESSAGE]);
    const noKey = await context.request({ method: 'POST', url: '/deposit_js', token, payload: { amount: 1500 } });
    expect([noKey.statusCode, noKey.json().message]).toEqual([400, IDEMPOTENCY_KEY_REQUIRED_MESSAGE]);
    await context.request({
      method: 'POST',
      url: '/withdraw',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 1, cardInfo: { pan: '4242424242424242', expiryDate: '12/39', securityCode: '123' } },
    });
    // That withdrawal failed (no funds) and stored nothing: the card is saved only with a withdrawal that happened.
    expect((await context.request({ method: 'GET', url: '/card', token })).json().maskedPan).toBeNull();
    const { paymentId } = await openDeposit(context, token, 1000, true);
    const { makeCardToken } = await import('../../server/providers/card-payments/sandbox');
    await sendNotification(
      context,
      notification(paymentId, 1000, { cardToken: makeCardToken('test-provider-secret', '4242424242424242', '12/39') }),
    );
    const deposit = await context.request({
      method: 'POST',
      url: '/deposit_js',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 1500 },
    });
    expect(deposit.statusCode, deposit.body).toBe(200);
    expect(deposit.json()).toMatchObject({ status: 'Completed', error: null, balance: 2500 });
    expect(await balanceOf(context, user.id)).toBe(2500);
  });

  it('withdraws at once with status Open, not above the balance, and the operator completes or rejects with a refund', async () => {
    const context = use();
    const { user, token } = await customer(context, { balance: 10_000 });
    await depositedFrom(context, user.id);
    const card = { pan: '4242424242424242', expiryDate: '12/39', securityCode: '123' };
    const tooMuch = await context.request({
      method: 'POST',
      url: '/withdraw',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 10_001, cardInfo: card },
    });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([422, INSUFFICIENT_FUNDS_MESSAGE]);
    const first = await context.request({
      method: 'POST',
      url: '/withdraw',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 500, cardInfo: card },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'Open', balance: 9_500 });
    const second = await context.request({
      method: 'POST',
      url: '/withdraw',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 2_000 },
    });
    expect(second.json()).toMatchObject({ status: 'Open', balance: 7_500 });
    const pending = (
      await context.request({ method: 'GET', url: '/payments?kind=Withdrawal&status=Open', token })
    ).json();
    expect(pending.map((p: { paymentId: string }) => p.paymentId)).toEqual([
      second.json().paymentId,
      first.json().paymentId,
    ]);
    expect(pending[0]).toMatchObject({ maskedPan: '**** **** **** 4242', chips: 2000 });

    const open = (await operator(context, 'withdrawals')) as Array<{ paymentId: string; email: string }>;
    expect(open.filter((p) => p.email === user.email)).toHaveLength(2);
    await operator(context, 'complete', first.json().paymentId);
    await operator(context, 'reject', second.json().paymentId, 'Documents', 'needed');
    await expect(operator(context, 'reject', second.json().paymentId, 'again')).rejects.toThrow('no longer open');
    expect(await balanceOf(context, user.id)).toBe(9_500);
    const payments = (await context.request({ method: 'GET', url: '/payments?kind=Withdrawal', token })).json();
    expect(payments).toMatchObject([
      { status: 'Rejected', error: 'Documents needed' },
      { status: 'Completed', error: null },
    ]);
    const refund = (await context.request({ method: 'GET', url: '/transactions?kind=Refund', token })).json();
    expect(refund).toMatchObject([{ amount: 2000, balanceOut: 9_500 }]);
  });

  it("answers a failed security code with a message the client maps to 'Withdraw Failed - Please check your card details and try again.'", async () => {
    const context = use();
    const { user, token } = await customer(context, { balance: 5_000 });
    const response = await context.request({
      method: 'POST',
      url: '/withdraw',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 500, cardInfo: { pan: '4242424242424242', expiryDate: '12/39', securityCode: '000' } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(SECURITY_CODE_FAILURE_PATTERN);
    expect(await balanceOf(context, user.id)).toBe(5_000);
    const credit = await context.request({
      method: 'POST',
      url: '/withdraw',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 500, cardInfo: { pan: '5555555555554444', expiryDate: '12/39', securityCode: '123' } },
    });
    expect([credit.statusCode, credit.json().message]).toEqual([422, 'Credit cards are not accepted']);
  });

  it('operator adjust posts a signed Adjustment and cannot take a balance below zero', async () => {
    const context = use();
    const { user, token } = await customer(context, { balance: 1_000 });
    await operator(context, 'adjust', user.email, '-400', 'Correction');
    await expect(operator(context, 'adjust', user.email, '-700', 'Too much')).rejects.toThrow(
      INSUFFICIENT_FUNDS_MESSAGE,
    );
    expect(await balanceOf(context, user.id)).toBe(600);
    const rows = (await context.request({ method: 'GET', url: '/transactions?kind=Adjustment', token })).json();
    expect(rows.map((row: { amount: number }) => row.amount)).toEqual([-400, 1000]);
  });
});
