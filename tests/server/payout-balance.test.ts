import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, TEST_SECRETS, type TestContext } from './support/harness';
import { balanceOf, notification, openDeposit, sendNotification, transactionCount } from './support/money';
import { pamCommands } from '../../server/modules/operator/commands';
import { NO_DEPOSIT_CARD, NOTHING_TO_PAY_OUT } from '../../server/modules/payments/withdrawals';
import { tombstoneEmail } from '../../server/modules/account/service';
import { cardFingerprint, makeCardToken } from '../../server/providers/card-payments/sandbox';
import { DAY } from '../../server/platform/clock';

const operator = (context: TestContext, ...args: string[]) =>
  pamCommands.find('payout-balance')!.run(context.services, args);

/** A customer who deposited £30 from a card through the card page (not keeping it) and was credited £5 besides. */
async function depositor(context: TestContext) {
  const user = await createUser(context);
  const { accessToken } = await login(context, user);
  const { paymentId } = await openDeposit(context, accessToken, 3_000);
  const pan = '4242424242424242';
  await sendNotification(
    context,
    notification(paymentId, 3_000, {
      cardToken: makeCardToken(TEST_SECRETS.providerSecret, pan, '12/39'),
      cardFingerprint: cardFingerprint(TEST_SECRETS.providerSecret, pan),
    }),
  );
  await context.services.wallet.adjust(user.id, 500, 'Goodwill');
  expect(await balanceOf(context, user.id)).toBe(3_500);
  return user;
}

describeEachDatabase('operator payout-balance', (use) => {
  it("pays a self-excluded customer's whole balance to their deposit card as a withdrawal in their history", async () => {
    const context = use();
    const user = await depositor(context);
    await context.database.db
      .updateTable('users')
      .set({ exclusion_kind: 'self-exclusion', exclusion_until: new Date(context.clock.now().getTime() + 180 * DAY) })
      .where('id', '=', user.id)
      .execute();
    const payout = await operator(context, user.email);
    expect(payout).toMatchObject({
      userId: user.id,
      status: 'Open',
      amount: 3_500,
      balance: 0,
      maskedPan: '**** **** **** 4242',
      paid: '£35.00',
    });
    expect(await balanceOf(context, user.id)).toBe(0);
    const [withdrawal] = await context.services.payments.list(user.id, { kind: 'Withdrawal', limit: 10 });
    expect(withdrawal).toMatchObject({ status: 'Open', chips: 3_500, maskedPan: '**** **** **** 4242' });
    const [row] = await context.services.transactions.list(user.id, { kind: 'Withdrawal', limit: 10 });
    expect(row).toMatchObject({ amount: -3_500, balanceOut: 0, reference: 'Balance paid out to **** **** **** 4242' });
    // Completed by the operator like any withdrawal.
    await pamCommands.find('complete')!.run(context.services, [withdrawal!.paymentId]);
    expect((await context.services.payments.list(user.id, { kind: 'Withdrawal', limit: 10 }))[0]).toMatchObject({
      status: 'Completed',
    });
  });

  it('finds a deleted account by its tombstone address', async () => {
    const context = use();
    const user = await depositor(context);
    await context.database.db
      .updateTable('users')
      .set({ status: 'deleted', email: tombstoneEmail(user.id) })
      .where('id', '=', user.id)
      .execute();
    await expect(
      pamCommands.find('credit')!.run(context.services, [tombstoneEmail(user.id), '100', 'x']),
    ).rejects.toThrow('No customer');
    expect(await operator(context, tombstoneEmail(user.id))).toMatchObject({ amount: 3_500, balance: 0 });
    expect(await balanceOf(context, user.id)).toBe(0);
  });

  it('refuses clearly, moving nothing, when there is nothing to pay or no card the customer deposited from', async () => {
    const context = use();
    const empty = await createUser(context);
    await expect(operator(context, empty.email)).rejects.toMatchObject({
      statusCode: 422,
      message: NOTHING_TO_PAY_OUT,
    });
    const credited = await createUser(context, { balance: 2_000 });
    const before = await transactionCount(context, credited.id);
    await expect(operator(context, credited.email)).rejects.toMatchObject({
      statusCode: 422,
      message: NO_DEPOSIT_CARD,
    });
    expect(await balanceOf(context, credited.id)).toBe(2_000);
    expect(await transactionCount(context, credited.id)).toBe(before);
    await expect(operator(context, 'nobody@example.com')).rejects.toMatchObject({ statusCode: 400 });
  });
});
