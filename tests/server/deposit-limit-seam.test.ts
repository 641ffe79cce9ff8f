import { expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeEachDatabase, createUser, TEST_SECRETS } from './support/harness';
import { balanceOf, customerWithSavedCard, notification } from './support/money';
import { PaymentsService } from '../../server/modules/payments/service';
import type { DepositLimitGuard } from '../../server/modules/payments/deposit-limit-guard';
import { unprocessable } from '../../server/platform/errors';
import { makeCardToken } from '../../server/providers/card-payments/sandbox';
import type { ChargeOutcome } from '../../server/providers/card-payments/provider';

const LIMIT = 3_000;

/** A stand-in limit: deposits so far plus this one may not pass LIMIT. It dawdles between reading and deciding, to invite a race. */
const testGuard: DepositLimitGuard = {
  async assertWithinLimits(db, userId, amount, _now, held = 0) {
    const row = await db
      .selectFrom('transactions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
      .where('user_id', '=', userId)
      .where('kind', '=', 'Deposit')
      .executeTakeFirstOrThrow();
    await sleep(30);
    if (Number(row.total) + held + amount > LIMIT) throw unprocessable('Daily limit exceeded', 'LimitExceeded');
  },
};

describeEachDatabase('deposit limit seam', (use) => {
  const service = () => {
    const { services, clock, database } = use();
    return new PaymentsService({
      db: database.db,
      clock,
      ledger: services.ledger,
      provider: services.cardProvider,
      idempotency: services.idempotency,
      limits: testGuard,
    });
  };

  it('refuses a deposit over the limit when it is created', async () => {
    const context = use();
    const user = await createUser(context);
    await expect(service().depositForm(user.id, { amount: LIMIT + 1, storeCard: false }, undefined)).rejects.toThrow(
      'Daily limit exceeded',
    );
    expect(
      await context.database.db.selectFrom('payments').select('id').where('user_id', '=', user.id).execute(),
    ).toHaveLength(0);
  });

  it('two concurrent deposits cannot together pass the limit at settlement', async () => {
    const context = use();
    const user = await createUser(context);
    const payments = service();
    const a = await payments.depositForm(user.id, { amount: 2_000, storeCard: false }, undefined);
    const b = await payments.depositForm(user.id, { amount: 2_000, storeCard: false }, undefined);
    const results = await Promise.all([
      payments.handleNotification(notification(a.body.paymentId, 2_000)),
      payments.handleNotification(notification(b.body.paymentId, 2_000)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['Completed', 'Failed']);
    expect(results.find((r) => r.status === 'Failed')?.error).toBe('Daily limit exceeded');
    expect(await balanceOf(context, user.id)).toBe(2_000);
  });

  it('two concurrent saved-card deposits cannot together pass the limit: one answers 422 and nothing of it remains', async () => {
    const context = use();
    const user = await createUser(context);
    const now = context.clock.now();
    await context.database.db
      .insertInto('saved_cards')
      .values({
        user_id: user.id,
        token: makeCardToken(TEST_SECRETS.providerSecret, '4242424242424242', '12/39'),
        masked_pan: '**** **** **** 4242',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const payments = service();
    const results = await Promise.allSettled([
      payments.depositWithSavedCard(user.id, 2_000, 'key-a'),
      payments.depositWithSavedCard(user.id, 2_000, 'key-b'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ statusCode: 422, message: 'Daily limit exceeded' });
    expect(await balanceOf(context, user.id)).toBe(2_000);
    expect(
      await context.database.db.selectFrom('payments').select('id').where('user_id', '=', user.id).execute(),
    ).toHaveLength(1);
  });

  it('a card-page deposit settling while a saved-card charge is in flight counts that charge against the limit', async () => {
    const context = use();
    const { user } = await customerWithSavedCard(context, 0);
    const { services, clock, database } = context;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let charging!: () => void;
    const charged = new Promise<void>((resolve) => (charging = resolve));
    const provider = Object.assign(Object.create(services.cardProvider) as typeof services.cardProvider, {
      async chargeSavedCard(payment: { paymentId: string; amount: number; cardToken: string }): Promise<ChargeOutcome> {
        charging();
        await gate;
        return services.cardProvider.chargeSavedCard(payment);
      },
    });
    const payments = new PaymentsService({
      db: database.db,
      clock,
      ledger: services.ledger,
      provider,
      idempotency: services.idempotency,
      limits: testGuard,
    });
    const saved = payments.depositWithSavedCard(user.id, 2_000, 'in-flight');
    await charged;
    const page = await payments.depositForm(user.id, { amount: 1_500, storeCard: false }, undefined);
    expect(await payments.handleNotification(notification(page.body.paymentId, 1_500))).toMatchObject({
      status: 'Failed',
      error: 'Daily limit exceeded',
    });
    release();
    expect((await saved).body).toMatchObject({ status: 'Completed', balance: 2_000 });
    expect(await balanceOf(context, user.id)).toBe(2_000);
  });
});
