import { randomBytes, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, TEST_SECRETS, type TestContext } from './support/harness';
import { balanceOf, key, notification, openDeposit, sendNotification, TEST_CARD } from './support/money';
import {
  CHOOSE_ONE_CARD_MESSAGE,
  SECURITY_CODE_FAILED_MESSAGE,
  SECURITY_CODE_REQUIRED_MESSAGE,
  UNKNOWN_PAYOUT_CARD_MESSAGE,
  type PayoutCard,
} from '../../src/contract/payments';
import { cardFingerprint, makeCardToken } from '../../server/providers/card-payments/sandbox';
import { encodeWalletToken, SANDBOX_WALLET_CARDS } from '../../server/providers/card-payments/sandbox-wallet';

const WALLET_CARD = SANDBOX_WALLET_CARDS[1];

/** A card-page deposit from TEST_CARD, settled by the provider's notification; saved only when asked. */
async function cardPageDeposit(context: TestContext, token: string, amount: number, storeCard: boolean) {
  const { paymentId } = await openDeposit(context, token, amount, storeCard);
  const settled = await sendNotification(
    context,
    notification(paymentId, amount, {
      cardToken: makeCardToken(TEST_SECRETS.providerSecret, TEST_CARD.pan, TEST_CARD.expiryDate),
      cardFingerprint: cardFingerprint(TEST_SECRETS.providerSecret, TEST_CARD.pan),
    }),
  );
  expect(settled.json()).toMatchObject({ status: 'Completed' });
  return paymentId;
}

async function googlePayDeposit(context: TestContext, token: string, amount: number) {
  const secret = TEST_SECRETS.providerSecret;
  const walletToken = encodeWalletToken(secret, {
    id: randomBytes(12).toString('base64url'),
    wallet: 'GooglePay',
    amount,
    funding: 'debit',
    cardholderName: 'Test Customer',
    cardToken: makeCardToken(secret, WALLET_CARD.pan, WALLET_CARD.expiry, { wallet: true }),
    maskedPan: `**** **** **** ${WALLET_CARD.pan.slice(-4)}`,
    issuedAt: context.clock.now().getTime(),
  });
  const paid = await context.request({
    method: 'POST',
    url: '/deposit_wallet',
    token,
    headers: { 'idempotency-key': key() },
    payload: { amount, wallet: 'GooglePay', token: walletToken },
  });
  expect(paid.json()).toMatchObject({ status: 'Completed' });
  return paid.json().paymentId as string;
}

const withdraw = (context: TestContext, token: string, payload: Record<string, unknown>) =>
  context.request({ method: 'POST', url: '/withdraw', token, headers: { 'idempotency-key': key() }, payload });

const payoutCards = async (context: TestContext, token: string) => {
  const response = await context.request({ method: 'GET', url: '/payout_cards', token });
  expect(response.statusCode).toBe(200);
  return response.json() as PayoutCard[];
};

describeEachDatabase('withdrawals to a card deposited from, chosen', (use) => {
  it('lists each card deposited from once, newest first, and pays out to a chosen one with no card number', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken: token } = await login(context, user);
    const firstCardDeposit = await cardPageDeposit(context, token, 1000, false);
    const latestCardDeposit = await cardPageDeposit(context, token, 1000, false);
    const walletDeposit = await googlePayDeposit(context, token, 2000);
    expect(firstCardDeposit).not.toBe(latestCardDeposit);
    expect(await payoutCards(context, token)).toEqual([
      {
        cardId: walletDeposit,
        maskedPan: '**** **** **** 5556',
        method: 'GooglePay',
        saved: false,
        securityCodeRequired: false,
      },
      {
        cardId: latestCardDeposit,
        maskedPan: '**** **** **** 4242',
        method: 'Card',
        saved: false,
        securityCodeRequired: true,
      },
    ]);

    const toWalletCard = await withdraw(context, token, { amount: 700, cardId: walletDeposit.toUpperCase() });
    expect(toWalletCard.statusCode, toWalletCard.body).toBe(200);
    expect(toWalletCard.json()).toMatchObject({ status: 'Open', balance: 3300 });
    const open = await context.request({ method: 'GET', url: '/payments?kind=Withdrawal', token });
    expect(open.json()).toMatchObject([{ chips: 700, maskedPan: '**** **** **** 5556', status: 'Open' }]);

    // The provider wants this card's security code: without it, or with a failing one, nothing moves.
    const withoutCode = await withdraw(context, token, { amount: 500, cardId: latestCardDeposit });
    expect([withoutCode.statusCode, withoutCode.json().message]).toEqual([422, SECURITY_CODE_REQUIRED_MESSAGE]);
    const badCode = await withdraw(context, token, { amount: 500, cardId: latestCardDeposit, securityCode: '000' });
    expect([badCode.statusCode, badCode.json().message]).toEqual([422, SECURITY_CODE_FAILED_MESSAGE]);
    expect(await balanceOf(context, user.id)).toBe(3300);
    const withCode = await withdraw(context, token, { amount: 500, cardId: firstCardDeposit, securityCode: '123' });
    expect(withCode.json()).toMatchObject({ status: 'Open', balance: 2800 });
    // Choosing a card keeps it unsaved: only a new card's agreement saves one.
    expect((await context.request({ method: 'GET', url: '/card', token })).json().maskedPan).toBeNull();
  });

  it('puts the saved card first, without a security code, and refuses cards that are not the customer deposit cards', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken: token } = await login(context, user);
    const savedDeposit = await cardPageDeposit(context, token, 1500, true);
    await googlePayDeposit(context, token, 1000);
    const cards = await payoutCards(context, token);
    expect(cards.map((card) => [card.maskedPan, card.saved, card.securityCodeRequired])).toEqual([
      ['**** **** **** 4242', true, false],
      ['**** **** **** 5556', false, false],
    ]);
    const toSaved = await withdraw(context, token, { amount: 500, cardId: savedDeposit });
    expect(toSaved.json()).toMatchObject({ status: 'Open', balance: 2000 });

    const other = await createUser(context);
    const { accessToken: otherToken } = await login(context, other);
    const othersDeposit = await cardPageDeposit(context, otherToken, 1000, false);
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ amount: 100, cardId: othersDeposit, securityCode: '123' }, 422, UNKNOWN_PAYOUT_CARD_MESSAGE],
      [{ amount: 100, cardId: randomUUID() }, 422, UNKNOWN_PAYOUT_CARD_MESSAGE],
      [{ amount: 100, cardId: 'not-a-card' }, 400, UNKNOWN_PAYOUT_CARD_MESSAGE],
      [{ amount: 100, cardId: savedDeposit, securityCode: '12' }, 400, 'CVV required'],
      [
        {
          amount: 100,
          cardId: savedDeposit,
          cardInfo: { pan: TEST_CARD.pan, expiryDate: TEST_CARD.expiryDate, securityCode: '123' },
        },
        400,
        CHOOSE_ONE_CARD_MESSAGE,
      ],
    ];
    for (const [payload, status, message] of refusals) {
      const response = await withdraw(context, token, payload);
      expect([response.statusCode, response.json().message]).toEqual([status, message]);
    }
    expect(await balanceOf(context, user.id)).toBe(2000);
    expect(await balanceOf(context, other.id)).toBe(1000);
  });
});
