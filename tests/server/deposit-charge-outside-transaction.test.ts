import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase, login, type TestContext } from './support/harness';
import { balanceOf, customerWithSavedCard, key, notification, openDeposit, sendNotification } from './support/money';
import { PaymentsService } from '../../server/modules/payments/service';
import type { CardPaymentProvider, ChargeOutcome } from '../../server/providers/card-payments/provider';
import {
  DEPOSIT_EXPIRED_MESSAGE,
  DEPOSIT_OPEN_EXPIRY_MINUTES,
  PAYMENT_UNCONFIRMED_MESSAGE,
} from '../../src/contract/payments';
import { MINUTE } from '../../server/platform/clock';

/** A card provider's API on 127.0.0.1 that takes the request and never answers. */
class HangingProviderServer {
  readonly received: Promise<IncomingMessage>;
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;

  constructor() {
    let receive!: (request: IncomingMessage) => void;
    this.received = new Promise((resolve) => (receive = resolve));
    this.server = createServer((request) => receive(request));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Drops the connections unanswered, as a provider that fell over would. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The provider interface over HTTP for charges; the rest is the sandbox's. */
function httpChargingProvider(sandbox: CardPaymentProvider, baseUrl: string): CardPaymentProvider {
  return {
    hostedPaymentUrl: (payment) => sandbox.hostedPaymentUrl(payment),
    checkPayoutCard: (card) => sandbox.checkPayoutCard(card),
    verifyNotification: (raw, signature, now) => sandbox.verifyNotification(raw, signature, now),
    findCharge: (payment) => sandbox.findCharge(payment),
    walletSheetUrl: (payment) => sandbox.walletSheetUrl(payment),
    payoutSecurityCodeRequired: (card) => sandbox.payoutSecurityCodeRequired(card),
    checkPayoutSecurityCode: (card) => sandbox.checkPayoutSecurityCode(card),
    openWalletToken: (token) => sandbox.openWalletToken(token),
    async chargeSavedCard(payment) {
      const response = await fetch(`${baseUrl}/charges`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payment),
      });
      return (await response.json()) as ChargeOutcome;
    },
  };
}

const servicesWith = (context: TestContext, provider: CardPaymentProvider) => {
  const { services, clock, database } = context;
  return new PaymentsService({
    db: database.db,
    clock,
    ledger: services.ledger,
    provider,
    idempotency: services.idempotency,
    limits: services.limits,
    chargeTimeoutMs: 600_000,
  });
};

describeEachDatabase('a saved-card deposit charges outside the database transaction', (use) => {
  let hanging: HangingProviderServer | undefined;
  afterEach(async () => {
    await hanging?.close();
    hanging = undefined;
  });

  it('while the provider hangs, the payment is committed Open and the same customer can still withdraw and deposit', async () => {
    const context = use();
    const { user, token } = await customerWithSavedCard(context, 10_000);
    hanging = new HangingProviderServer();
    const payments = servicesWith(context, httpChargingProvider(context.services.cardProvider, await hanging.listen()));
    const stuck = payments.depositWithSavedCard(user.id, 2_000, key()).catch((error: unknown) => error);
    const charge = await hanging.received;
    expect(charge.url).toBe('/charges');

    // Committed before the charge: another connection sees it.
    const open = await context.database.db
      .selectFrom('payments')
      .select(['id', 'status'])
      .where('user_id', '=', user.id)
      .where('amount', '=', 2_000)
      .execute();
    expect(open).toMatchObject([{ status: 'Open' }]);
    // No wallet lock is held meanwhile: a withdrawal and a card-page deposit of the same customer complete.
    const withdrawal = await context.request({
      method: 'POST',
      url: '/withdraw',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 1_500 },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    expect(withdrawal.json()).toMatchObject({ status: 'Open', balance: 8_500 });
    const { paymentId } = await openDeposit(context, token, 3_000);
    expect((await sendNotification(context, notification(paymentId, 3_000))).json()).toMatchObject({
      status: 'Completed',
      balance: 11_500,
    });

    await hanging.close();
    hanging = undefined;
    expect(await stuck).toMatchObject({
      statusCode: 502,
      message: PAYMENT_UNCONFIRMED_MESSAGE,
      code: 'PaymentUnconfirmed',
    });
    expect(await balanceOf(context, user.id)).toBe(11_500);
    const still = await context.database.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', open[0]!.id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('Open');
  });

  it('a charge whose answer was lost is settled from the provider by reference when reconciling, once', async () => {
    const context = use();
    const { user, token } = await customerWithSavedCard(context, 0);
    const sandbox = context.services.cardProvider;
    const payments = servicesWith(context, {
      ...httpChargingProvider(sandbox, 'http://127.0.0.1:9'),
      // The provider charges, then the process stops hearing it (a crash, a reset connection).
      async chargeSavedCard(payment) {
        await sandbox.chargeSavedCard(payment);
        throw new Error('connection reset');
      },
    });
    const idempotencyKey = key();
    await expect(payments.depositWithSavedCard(user.id, 2_000, idempotencyKey)).rejects.toMatchObject({
      statusCode: 502,
    });
    expect(await balanceOf(context, user.id)).toBe(0);

    // Too young to reconcile: its request may still be waiting for the provider.
    expect(await context.services.payments.reconcileOpenDeposits()).toEqual({ settled: 0, expired: 0 });
    context.clock.advance(3 * MINUTE);
    expect(await context.services.payments.reconcileOpenDeposits()).toEqual({ settled: 1, expired: 0 });
    expect(await balanceOf(context, user.id)).toBe(2_000);
    expect(await context.services.payments.reconcileOpenDeposits()).toEqual({ settled: 0, expired: 0 });

    // The customer's retry with the same key answers the settled payment, without asking the card again, and credits nothing more.
    const asked: string[] = [];
    const charge = sandbox.chargeSavedCard;
    sandbox.chargeSavedCard = async (payment) => {
      asked.push(payment.paymentId);
      return charge.call(sandbox, payment);
    };
    try {
      const retried = await context.request({
        method: 'POST',
        url: '/deposit_js',
        token,
        headers: { 'idempotency-key': idempotencyKey },
        payload: { amount: 2_000 },
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({ status: 'Completed', balance: 2_000 });
      const again = await context.request({
        method: 'POST',
        url: '/deposit_js',
        token,
        headers: { 'idempotency-key': idempotencyKey },
        payload: { amount: 2_000 },
      });
      expect([again.headers['idempotent-replayed'], again.json().paymentId]).toEqual([
        'true',
        retried.json().paymentId,
      ]);
    } finally {
      sandbox.chargeSavedCard = charge;
    }
    expect(asked).toEqual([]);
    expect(await balanceOf(context, user.id)).toBe(2_000);
  });

  it('a saved-card charge the provider confirms after the customer self-excluded is credited, not lost, and can be paid back', async () => {
    const context = use();
    const { user } = await customerWithSavedCard(context, 0);
    const sandbox = context.services.cardProvider;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let charging!: () => void;
    const charged = new Promise<void>((resolve) => (charging = resolve));
    const payments = servicesWith(context, {
      ...httpChargingProvider(sandbox, 'http://127.0.0.1:9'),
      async chargeSavedCard(payment) {
        charging();
        await gate;
        return sandbox.chargeSavedCard(payment);
      },
    });
    const deposit = payments.depositWithSavedCard(user.id, 2_000, key());
    await charged;
    await context.database.db
      .updateTable('users')
      .set({ exclusion_kind: 'self-exclusion', exclusion_permanent: true })
      .where('id', '=', user.id)
      .execute();
    release();
    expect((await deposit).body).toMatchObject({ status: 'Completed', balance: 2_000 });
    expect(await context.services.payments.payOutBalance(user.id)).toMatchObject({ amount: 2_000, balance: 0 });
  });

  it(`a deposit left Open (card page closed, never paid) expires after ${DEPOSIT_OPEN_EXPIRY_MINUTES} minutes and shows as Expired`, async () => {
    const context = use();
    const { user, token } = await customerWithSavedCard(context, 0);
    const { paymentId } = await openDeposit(context, token, 2_000);
    context.clock.advance((DEPOSIT_OPEN_EXPIRY_MINUTES - 1) * MINUTE);
    await context.services.payments.reconcileOpenDeposits();
    expect(await context.services.payments.list(user.id, { kind: 'Deposit', status: 'Open', limit: 10 })).toMatchObject(
      [{ paymentId }],
    );
    context.clock.advance(2 * MINUTE);
    expect((await context.services.payments.reconcileOpenDeposits()).expired).toBeGreaterThanOrEqual(1);
    // The customer's payments list (the session has long expired: a fresh sign-in).
    const { accessToken } = await login(context, user);
    const listed = (await context.request({ method: 'GET', url: '/payments?kind=Deposit', token: accessToken })).json();
    expect(listed.find((item: { paymentId: string }) => item.paymentId === paymentId)).toMatchObject({
      status: 'Expired',
      error: DEPOSIT_EXPIRED_MESSAGE,
      chips: 2_000,
    });
    expect(await balanceOf(context, user.id)).toBe(0);
    // Paid after all (the page was left open): the provider's confirmation still credits it, once.
    const late = notification(paymentId, 2_000);
    expect((await sendNotification(context, late)).json()).toMatchObject({ status: 'Completed', balance: 2_000 });
    expect((await sendNotification(context, late)).json()).toMatchObject({ status: 'Completed', balance: 2_000 });
    expect(await balanceOf(context, user.id)).toBe(2_000);
  });
});
