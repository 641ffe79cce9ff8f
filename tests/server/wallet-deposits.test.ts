import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, TEST_SECRETS, type TestContext } from './support/harness';
import { balanceOf, key, transactionCount } from './support/money';
import {
  CREDIT_CARD_REFUSED_MESSAGE,
  OWN_NAME_MESSAGE,
  VERIFICATION_REQUIRED_MESSAGE,
  WALLET_TOKEN_INVALID_MESSAGE,
  WALLET_TOKEN_USED_MESSAGE,
  WITHDRAW_TO_DEPOSIT_CARD_MESSAGE,
  type Wallet,
} from '../../src/contract/payments';
import { makeCardToken } from '../../server/providers/card-payments/sandbox';
import {
  encodeWalletToken,
  SANDBOX_WALLET_CARDS,
  type WalletTokenBody,
} from '../../server/providers/card-payments/sandbox-wallet';
import { ownName } from '../../server/modules/payments/wallet-deposits';
import { MINUTE } from '../../server/platform/clock';

const [DEBIT, SECOND_DEBIT, CREDIT] = SANDBOX_WALLET_CARDS;

/** A token as the sandbox wallet sheet makes one when the customer confirms. */
function walletToken(
  context: TestContext,
  options: { amount: number; card?: (typeof SANDBOX_WALLET_CARDS)[number]; name?: string; wallet?: Wallet },
  overrides: Partial<WalletTokenBody> = {},
  secret = TEST_SECRETS.providerSecret,
): string {
  const card = options.card ?? SECOND_DEBIT;
  return encodeWalletToken(secret, {
    id: randomBytes(12).toString('base64url'),
    wallet: options.wallet ?? 'GooglePay',
    amount: options.amount,
    funding: card.funding,
    cardholderName: options.name ?? 'Test Customer',
    cardToken: makeCardToken(secret, card.pan, card.expiry, { wallet: true }),
    maskedPan: `**** **** **** ${card.pan.slice(-4)}`,
    issuedAt: context.clock.now().getTime(),
    ...overrides,
  });
}

async function customer(context: TestContext, verified = true) {
  const user = await createUser(context, { verified });
  return { user, token: (await login(context, user)).accessToken };
}

const depositWithWallet = (
  context: TestContext,
  token: string,
  payload: { amount: number; wallet?: Wallet; token: string },
  idempotencyKey = key(),
) =>
  context.request({
    method: 'POST',
    url: '/deposit_wallet',
    token,
    headers: { 'idempotency-key': idempotencyKey },
    payload: { wallet: 'GooglePay', ...payload },
  });

const paymentRows = async (context: TestContext, userId: number) =>
  context.database.db.selectFrom('payments').selectAll().where('user_id', '=', userId).execute();

describeEachDatabase('wallet deposits', (use) => {
  it('answers the wallet sheet on the providers origin and records nothing', async () => {
    const context = use();
    const { user, token } = await customer(context);
    const response = await context.request({ method: 'GET', url: '/wallet_sheet?wallet=ApplePay&amount=2000', token });
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(response.json().sheetUrl);
    expect([url.origin, url.pathname]).toEqual(['http://127.0.0.1:8090', '/card-payments/wallet']);
    expect([url.searchParams.get('wallet'), url.searchParams.get('amount')]).toEqual(['ApplePay', '2000']);
    expect(await paymentRows(context, user.id)).toEqual([]);
    const badWallet = await context.request({ method: 'GET', url: '/wallet_sheet?wallet=PayPal&amount=2000', token });
    expect(badWallet.statusCode).toBe(400);
  });

  it('credits a Google Pay deposit from the funding card, and a withdrawal may go back to that card only', async () => {
    const context = use();
    const { user, token } = await customer(context);
    const paid = await depositWithWallet(context, token, {
      amount: 2000,
      token: walletToken(context, { amount: 2000 }),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'Completed', error: null, balance: 2000 });
    expect(await balanceOf(context, user.id)).toBe(2000);
    const payments = (await context.request({ method: 'GET', url: '/payments', token })).json();
    expect(payments).toMatchObject([
      { kind: 'Deposit', method: 'GooglePay', status: 'Completed', chips: 2000, maskedPan: '**** **** **** 5556' },
    ]);
    const history = await context.database.db
      .selectFrom('transactions')
      .select(['kind', 'amount', 'reference'])
      .where('user_id', '=', user.id)
      .execute();
    expect(history).toEqual([{ kind: 'Deposit', amount: 2000, reference: 'Google Pay deposit **** **** **** 5556' }]);

    const withdrawTo = (pan: string) =>
      context.request({
        method: 'POST',
        url: '/withdraw',
        token,
        headers: { 'idempotency-key': key() },
        payload: { amount: 500, cardInfo: { pan, expiryDate: '12/39', securityCode: '123' } },
      });
    const otherCard = await withdrawTo(DEBIT.pan);
    expect([otherCard.statusCode, otherCard.json().message]).toEqual([422, WITHDRAW_TO_DEPOSIT_CARD_MESSAGE]);
    const fundingCard = await withdrawTo(SECOND_DEBIT.pan);
    expect(fundingCard.statusCode, fundingCard.body).toBe(200);
    expect(fundingCard.json()).toMatchObject({ status: 'Open', balance: 1500 });
    // The operator's pay-out of the rest also finds the funding card, as the last card deposited from.
    const paidOut = await context.services.payments.payOutBalance(user.id);
    expect([paidOut.amount, paidOut.maskedPan]).toEqual([1500, '**** **** **** 5556']);
  });

  it('refuses a replayed token under any key and moves nothing; the same key replays the first answer', async () => {
    const context = use();
    const { user, token } = await customer(context);
    const walletPayment = walletToken(context, { amount: 1000 });
    const firstKey = key();
    const first = await depositWithWallet(context, token, { amount: 1000, token: walletPayment }, firstKey);
    expect(first.json()).toMatchObject({ status: 'Completed', balance: 1000 });
    const replayed = await depositWithWallet(context, token, { amount: 1000, token: walletPayment });
    expect([replayed.statusCode, replayed.json().message]).toEqual([422, WALLET_TOKEN_USED_MESSAGE]);
    const sameKey = await depositWithWallet(context, token, { amount: 1000, token: walletPayment }, firstKey);
    expect(sameKey.json()).toEqual(first.json());
    expect(sameKey.headers['idempotent-replayed']).toBe('true');
    // Another customer of the same name holding the token gets no further.
    const other = await customer(context);
    const stolen = await depositWithWallet(context, other.token, { amount: 1000, token: walletPayment });
    expect([stolen.statusCode, stolen.json().message]).toEqual([422, WALLET_TOKEN_USED_MESSAGE]);
    expect([await balanceOf(context, user.id), await transactionCount(context, user.id)]).toEqual([1000, 1]);
    expect([await balanceOf(context, other.user.id), (await paymentRows(context, other.user.id)).length]).toEqual([
      0, 0,
    ]);
  });

  it('refuses tampered, forged, stale and mismatched tokens, a credit card and another name, moving nothing', async () => {
    const context = use();
    const { user, token } = await customer(context);
    const good = walletToken(context, { amount: 2000 });
    const [body, signature] = good.slice(4).split('.');
    const altered = JSON.parse(Buffer.from(body!, 'base64url').toString()) as WalletTokenBody;
    const tampered = `wtk_${Buffer.from(JSON.stringify({ ...altered, amount: 200_000 })).toString('base64url')}.${signature}`;
    const refusals: Array<[{ amount: number; wallet?: Wallet; token: string }, string]> = [
      [{ amount: 200_000, token: tampered }, WALLET_TOKEN_INVALID_MESSAGE],
      [
        { amount: 2000, token: walletToken(context, { amount: 2000 }, {}, 'not-the-secret') },
        WALLET_TOKEN_INVALID_MESSAGE,
      ],
      [{ amount: 2000, token: 'wtk_garbage' }, WALLET_TOKEN_INVALID_MESSAGE],
      [{ amount: 3000, token: good }, WALLET_TOKEN_INVALID_MESSAGE],
      [{ amount: 2000, wallet: 'ApplePay', token: good }, WALLET_TOKEN_INVALID_MESSAGE],
      [
        {
          amount: 2000,
          token: walletToken(context, { amount: 2000 }, { issuedAt: context.clock.now().getTime() - 16 * MINUTE }),
        },
        WALLET_TOKEN_INVALID_MESSAGE,
      ],
      [{ amount: 2000, token: walletToken(context, { amount: 2000, card: CREDIT }) }, CREDIT_CARD_REFUSED_MESSAGE],
      [{ amount: 2000, token: walletToken(context, { amount: 2000, name: 'Someone Else' }) }, OWN_NAME_MESSAGE],
    ];
    for (const [payload, message] of refusals) {
      const response = await depositWithWallet(context, token, payload);
      expect([response.statusCode, response.json().message], JSON.stringify(payload.amount)).toEqual([422, message]);
    }
    expect([await balanceOf(context, user.id), await transactionCount(context, user.id)]).toEqual([0, 0]);
    expect(await paymentRows(context, user.id)).toEqual([]);
    // The untouched token still works: the refusals above used nothing up.
    const paid = await depositWithWallet(context, token, { amount: 2000, token: good });
    expect(paid.json()).toMatchObject({ status: 'Completed', balance: 2000 });
  });

  it('applies verification and deposit limits, and a refused deposit leaves its token unused', async () => {
    const context = use();
    const unverified = await customer(context, false);
    const refused = await depositWithWallet(context, unverified.token, {
      amount: 1000,
      token: walletToken(context, { amount: 1000 }),
    });
    expect([refused.statusCode, refused.json().message]).toEqual([422, VERIFICATION_REQUIRED_MESSAGE]);
    const { user, token } = await customer(context);
    const limit = await context.request({
      method: 'POST',
      url: '/responsible-gambling/set-limit',
      token,
      payload: { amount: 1500, kind: 'Daily', userId: user.id },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const overLimit = walletToken(context, { amount: 2000 });
    const sheet = await context.request({ method: 'GET', url: '/wallet_sheet?wallet=GooglePay&amount=2000', token });
    expect([sheet.statusCode, sheet.json().message]).toMatchObject([
      422,
      expect.stringMatching(/^Daily limit exceeded/),
    ]);
    const overDeposit = await depositWithWallet(context, token, { amount: 2000, token: overLimit });
    expect([overDeposit.statusCode, overDeposit.json().message]).toMatchObject([
      422,
      expect.stringMatching(/^Daily limit exceeded/),
    ]);
    expect([await balanceOf(context, user.id), (await paymentRows(context, user.id)).length]).toEqual([0, 0]);
    expect(
      await context.database.db.selectFrom('wallet_tokens').select('token_id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });
});

it('takes the card as in the customer own name by the same words or the first initial', () => {
  const customerName = { firstName: 'Anne-Marie', lastName: "O'Neill" };
  expect(ownName('ANNE MARIE O NEILL', customerName)).toBe(true);
  expect(ownName('A ONEILL', customerName)).toBe(false);
  expect(ownName("A O'Neill", customerName)).toBe(true);
  expect(ownName('B O Neill', customerName)).toBe(false);
  expect(ownName('Anne-Marie Smith', customerName)).toBe(false);
  expect(ownName('', customerName)).toBe(false);
});
