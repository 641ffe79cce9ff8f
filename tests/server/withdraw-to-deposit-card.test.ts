import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, TEST_SECRETS, type TestContext } from './support/harness';
import { balanceOf, key, notification, openDeposit, sendNotification, transactionCount } from './support/money';
import { WITHDRAW_TO_DEPOSIT_CARD_MESSAGE } from '../../src/contract/payments';
import { cardFingerprint, makeCardToken } from '../../server/providers/card-payments/sandbox';

const DEPOSIT_CARD = '4242424242424242';
/** Another debit card of the same customer's (Luhn-valid), never deposited from. */
const OTHER_CARD = '4000056655665556';
const card = (pan: string) => ({ pan, expiryDate: '12/39', securityCode: '123' });

/** A customer who deposited £50 from `pan` through the card page, keeping the card when asked. */
async function depositor(context: TestContext, pan: string, storeCard: boolean) {
  const user = await createUser(context);
  const { accessToken: token } = await login(context, user);
  const { paymentId } = await openDeposit(context, token, 5_000, storeCard);
  const paid = await sendNotification(
    context,
    notification(paymentId, 5_000, {
      cardToken: makeCardToken(TEST_SECRETS.providerSecret, pan, '12/39'),
      maskedPan: `**** **** **** ${pan.slice(-4)}`,
      cardFingerprint: cardFingerprint(TEST_SECRETS.providerSecret, pan),
    }),
  );
  expect(paid.json()).toMatchObject({ status: 'Completed', balance: 5_000 });
  return { user, token };
}

const withdraw = (context: TestContext, token: string, payload: object) =>
  context.request({ method: 'POST', url: '/withdraw', token, headers: { 'idempotency-key': key() }, payload });

describeEachDatabase('withdrawals go back to the deposit card', (use) => {
  it('refuses a card the customer never deposited from: nothing moves and the saved card stays', async () => {
    const context = use();
    const { user, token } = await depositor(context, DEPOSIT_CARD, true);
    const before = await transactionCount(context, user.id);
    const refused = await withdraw(context, token, { amount: 1_000, cardInfo: card(OTHER_CARD) });
    expect([refused.statusCode, refused.json()]).toEqual([
      422,
      { message: WITHDRAW_TO_DEPOSIT_CARD_MESSAGE, code: 'NotADepositCard' },
    ]);
    expect(await balanceOf(context, user.id)).toBe(5_000);
    expect(await transactionCount(context, user.id)).toBe(before);
    expect((await context.request({ method: 'GET', url: '/payments?kind=Withdrawal', token })).json()).toEqual([]);
    expect((await context.request({ method: 'GET', url: '/card', token })).json().maskedPan).toBe(
      '**** **** **** 4242',
    );
  });

  it('pays to the deposit card, typed in again or saved', async () => {
    const context = use();
    const { user, token } = await depositor(context, DEPOSIT_CARD, false);
    const typed = await withdraw(context, token, { amount: 1_000, cardInfo: card(DEPOSIT_CARD) });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({ status: 'Open', balance: 4_000 });
    // The form's agreement stored the card; it is the deposit card, so it may be paid to again.
    const saved = await withdraw(context, token, { amount: 500 });
    expect(saved.json()).toMatchObject({ status: 'Open', balance: 3_500 });
    expect(await balanceOf(context, user.id)).toBe(3_500);
  });

  it('a deposit that failed does not make its card one to pay out to', async () => {
    const context = use();
    const { user, token } = await depositor(context, DEPOSIT_CARD, false);
    const { paymentId } = await openDeposit(context, token, 2_000);
    await sendNotification(
      context,
      notification(paymentId, 2_000, {
        status: 'failed',
        error: 'Card declined',
        cardFingerprint: cardFingerprint(TEST_SECRETS.providerSecret, OTHER_CARD),
      }),
    );
    const refused = await withdraw(context, token, { amount: 1_000, cardInfo: card(OTHER_CARD) });
    expect([refused.statusCode, refused.json().message]).toEqual([422, WITHDRAW_TO_DEPOSIT_CARD_MESSAGE]);
    expect(await balanceOf(context, user.id)).toBe(5_000);
  });

  it('refuses a saved card that is not a deposit card (saved before this rule, or never deposited from)', async () => {
    const context = use();
    const { user, token } = await depositor(context, DEPOSIT_CARD, false);
    const now = context.clock.now();
    await context.database.db
      .insertInto('saved_cards')
      .values({
        user_id: user.id,
        token: makeCardToken(TEST_SECRETS.providerSecret, OTHER_CARD, '12/39'),
        masked_pan: '**** **** **** 5556',
        fingerprint: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const refused = await withdraw(context, token, { amount: 1_000 });
    expect([refused.statusCode, refused.json().message]).toEqual([422, WITHDRAW_TO_DEPOSIT_CARD_MESSAGE]);
    expect(await balanceOf(context, user.id)).toBe(5_000);
  });

  it("another customer's deposit from the card does not count", async () => {
    const context = use();
    await depositor(context, OTHER_CARD, false);
    const { user, token } = await depositor(context, DEPOSIT_CARD, false);
    const refused = await withdraw(context, token, { amount: 1_000, cardInfo: card(OTHER_CARD) });
    expect(refused.statusCode).toBe(422);
    expect(await balanceOf(context, user.id)).toBe(5_000);
  });
});
