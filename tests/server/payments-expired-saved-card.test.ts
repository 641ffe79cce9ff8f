/**
 * A saved-card deposit that Expired (the provider never saw a charge; it stopped counting as a charge in flight) is never
 * charged later: a retry with its Idempotency-Key answers its Expired state, and reconciliation does not expire one whose
 * retry is charging. Otherwise a deposit made meanwhile, which the expired one no longer held the limit against, and the
 * late charge would together pass the deposit limit. Money the provider really took is still credited by reconciliation.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, login, type TestContext } from './support/harness';
import { balanceOf, customerWithSavedCard, key, notification, openDeposit, sendNotification } from './support/money';
import type { CardPaymentProvider } from '../../server/providers/card-payments/provider';
import {
  DEPOSIT_EXPIRED_MESSAGE,
  DEPOSIT_OPEN_EXPIRY_MINUTES,
  PAYMENT_UNCONFIRMED_MESSAGE,
} from '../../src/contract/payments';
import { MINUTE } from '../../server/platform/clock';

const LIMIT = 10_000;

/** Replaces the sandbox's saved-card charge for the test's length; records every reference asked. */
function withCharge(
  context: TestContext,
  charge: (
    payment: Parameters<CardPaymentProvider['chargeSavedCard']>[0],
    real: CardPaymentProvider['chargeSavedCard'],
  ) => ReturnType<CardPaymentProvider['chargeSavedCard']>,
) {
  const sandbox = context.services.cardProvider;
  const original = sandbox.chargeSavedCard;
  const real = original.bind(sandbox);
  const asked: string[] = [];
  sandbox.chargeSavedCard = (payment) => {
    asked.push(payment.paymentId);
    return charge(payment, real);
  };
  return { asked, restore: () => (sandbox.chargeSavedCard = original) };
}

/** A customer with a saved card and a £100 daily limit, whose first £100 saved-card deposit timed out before the provider charged it. */
async function timedOutDeposit(context: TestContext) {
  const { user, token } = await customerWithSavedCard(context, 0);
  await context.services.limits.set(user.id, { userId: user.id, kind: 'Daily', amount: LIMIT });
  const idempotencyKey = key();
  const failing = withCharge(context, async () => {
    throw new Error('provider timed out');
  });
  try {
    const first = await context.request({
      method: 'POST',
      url: '/deposit_js',
      token,
      headers: { 'idempotency-key': idempotencyKey },
      payload: { amount: LIMIT },
    });
    expect(first.statusCode, first.body).toBe(502);
    expect(first.json().message).toBe(PAYMENT_UNCONFIRMED_MESSAGE);
  } finally {
    failing.restore();
  }
  return { user, idempotencyKey };
}

async function cardPageDeposit(context: TestContext, token: string, amount: number) {
  const { paymentId } = await openDeposit(context, token, amount);
  return (await sendNotification(context, notification(paymentId, amount))).json();
}

describeEachDatabase('safety holes: an expired saved-card deposit', (use) => {
  it('a retry with the key of an Expired saved-card deposit answers Expired and never charges the card, so the limit holds', async () => {
    const context = use();
    const { user, idempotencyKey } = await timedOutDeposit(context);
    context.clock.advance((DEPOSIT_OPEN_EXPIRY_MINUTES + 1) * MINUTE);
    expect(await context.services.payments.reconcileOpenDeposits()).toEqual({ settled: 0, expired: 1 });

    const { accessToken } = await login(context, user);
    // The expired one counts nothing: the card page may take the whole day's limit.
    expect(await cardPageDeposit(context, accessToken, LIMIT)).toMatchObject({ status: 'Completed', balance: LIMIT });

    const charging = withCharge(context, (payment, real) => real(payment));
    try {
      const retried = await context.request({
        method: 'POST',
        url: '/deposit_js',
        token: accessToken,
        headers: { 'idempotency-key': idempotencyKey },
        payload: { amount: LIMIT },
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({ status: 'Expired', error: DEPOSIT_EXPIRED_MESSAGE, balance: LIMIT });
      const again = await context.request({
        method: 'POST',
        url: '/deposit_js',
        token: accessToken,
        headers: { 'idempotency-key': idempotencyKey },
        payload: { amount: LIMIT },
      });
      expect(again.json()).toMatchObject({ status: 'Expired', paymentId: retried.json().paymentId });
    } finally {
      charging.restore();
    }
    expect(charging.asked).toEqual([]);
    expect(await balanceOf(context, user.id)).toBe(LIMIT);
    // Nothing reconciliation finds later changes it: the provider never charged the reference.
    context.clock.advance(10 * MINUTE);
    expect(await context.services.payments.reconcileOpenDeposits()).toEqual({ settled: 0, expired: 0 });
    expect(await balanceOf(context, user.id)).toBe(LIMIT);
  });

  it('reconciliation does not expire a saved-card deposit while its retry is charging: it keeps holding the limit', async () => {
    const context = use();
    const { user, idempotencyKey } = await timedOutDeposit(context);
    // Old enough to expire, but not reconciled yet when the customer retries.
    context.clock.advance((DEPOSIT_OPEN_EXPIRY_MINUTES + 1) * MINUTE);
    const { accessToken } = await login(context, user);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let charging!: () => void;
    const charged = new Promise<void>((resolve) => (charging = resolve));
    const gated = withCharge(context, async (payment, real) => {
      charging();
      await gate;
      return real(payment);
    });
    try {
      const retry = context.request({
        method: 'POST',
        url: '/deposit_js',
        token: accessToken,
        headers: { 'idempotency-key': idempotencyKey },
        payload: { amount: LIMIT },
      });
      await charged;
      // The provider has no record yet (the charge is on its way): the payment must stay Open and counted.
      expect(await context.services.payments.reconcileOpenDeposits()).toEqual({ settled: 0, expired: 0 });
      // A card-page deposit meanwhile finds the day's limit held by the charge in flight.
      expect(await cardPageDeposit(context, accessToken, LIMIT)).toMatchObject({
        status: 'Failed',
        error: 'Daily limit exceeded. You cannot deposit more now.',
        balance: 0,
      });
      release();
      const retried = await retry;
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({ status: 'Completed', balance: LIMIT });
    } finally {
      gated.restore();
    }
    expect(gated.asked).toHaveLength(1);
    expect(await balanceOf(context, user.id)).toBe(LIMIT);
  });

  it('a retry that timed out again is expired once its own attempt is old enough; a charge the provider took is still credited', async () => {
    const context = use();
    const { user, idempotencyKey } = await timedOutDeposit(context);
    context.clock.advance((DEPOSIT_OPEN_EXPIRY_MINUTES + 1) * MINUTE);
    const { accessToken } = await login(context, user);
    // The retry's charge lands at the provider, and its answer is lost.
    const lost = withCharge(context, async (payment, real) => {
      await real(payment);
      throw new Error('connection reset');
    });
    try {
      const retried = await context.request({
        method: 'POST',
        url: '/deposit_js',
        token: accessToken,
        headers: { 'idempotency-key': idempotencyKey },
        payload: { amount: LIMIT },
      });
      expect(retried.statusCode, retried.body).toBe(502);
    } finally {
      lost.restore();
    }
    expect(await balanceOf(context, user.id)).toBe(0);
    // Reconciliation settles it from the provider's record: money taken is credited, once.
    expect(await context.services.payments.reconcileOpenDeposits()).toEqual({ settled: 1, expired: 0 });
    expect(await balanceOf(context, user.id)).toBe(LIMIT);

    // A second customer whose retry never reached the provider: expired only once the retry's attempt is RECONCILE_AFTER_MS old.
    const other = await timedOutDeposit(context);
    context.clock.advance((DEPOSIT_OPEN_EXPIRY_MINUTES + 1) * MINUTE);
    const { accessToken: otherToken } = await login(context, other.user);
    const failing = withCharge(context, async () => {
      throw new Error('provider timed out');
    });
    try {
      const retried = await context.request({
        method: 'POST',
        url: '/deposit_js',
        token: otherToken,
        headers: { 'idempotency-key': other.idempotencyKey },
        payload: { amount: LIMIT },
      });
      expect(retried.statusCode, retried.body).toBe(502);
    } finally {
      failing.restore();
    }
    expect(await context.services.payments.reconcileOpenDeposits()).toEqual({ settled: 0, expired: 0 });
    context.clock.advance(3 * MINUTE);
    expect(await context.services.payments.reconcileOpenDeposits()).toEqual({ settled: 0, expired: 1 });
    expect(await balanceOf(context, other.user.id)).toBe(0);
  });
});
