import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestContext } from './harness';
import { createUser, login, TEST_SECRETS } from './harness';
import { signBody, SIGNATURE_HEADER } from '../../../server/platform/signing/body-signature';
import { NOTIFICATION_PATH } from '../../../server/providers/card-payments/pages';
import type { PaymentNotification } from '../../../server/providers/card-payments/provider';
import { cardFingerprint, makeCardToken } from '../../../server/providers/card-payments/sandbox';

export const key = () => randomUUID();

/** Opens a deposit through the API and returns its payment id and hosted page address. */
export async function openDeposit(context: TestContext, token: string, amount: number, storeCard = false) {
  const response = await context.request({
    method: 'GET',
    url: `/deposit_form?amount=${amount}&storeCard=${storeCard}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { paymentForm: string; paymentId: string };
}

export const TEST_CARD = { pan: '4242424242424242', expiryDate: '12/39', securityCode: '123' };

/**
 * Makes `pan` a card the customer deposited from, as a completed deposit from their past would: the payment
 * row only, so that withdrawals may go to it. The balance is the test's to give.
 */
export async function depositedFrom(context: TestContext, userId: number, pan = TEST_CARD.pan) {
  const now = context.clock.now();
  await context.database.db
    .insertInto('payments')
    .values({
      id: randomUUID(),
      user_id: userId,
      kind: 'Deposit',
      status: 'Completed',
      amount: 500,
      store_card: false,
      masked_pan: `**** **** **** ${pan.slice(-4)}`,
      card_token: null,
      card_fingerprint: cardFingerprint(TEST_SECRETS.providerSecret, pan),
      error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A logged-in customer with the given balance and a saved sandbox card they deposited from, ready to pay by saved card or withdraw. */
export async function customerWithSavedCard(context: TestContext, balance = 0) {
  const user = await createUser(context, { balance });
  const { accessToken } = await login(context, user);
  const now = context.clock.now();
  await context.database.db
    .insertInto('saved_cards')
    .values({
      user_id: user.id,
      token: makeCardToken(TEST_SECRETS.providerSecret, TEST_CARD.pan, TEST_CARD.expiryDate),
      masked_pan: '**** **** **** 4242',
      fingerprint: cardFingerprint(TEST_SECRETS.providerSecret, TEST_CARD.pan),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await depositedFrom(context, user.id);
  return { user, token: accessToken };
}

export function notification(
  paymentId: string,
  amount: number,
  overrides: Partial<PaymentNotification> = {},
): PaymentNotification {
  return {
    id: randomUUID(),
    paymentId,
    amount,
    status: 'success',
    maskedPan: '**** **** **** 4242',
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}

/** Posts a notification the way the provider does: raw JSON, signed with the shared secret at the API's "now". */
export function sendNotification(
  context: TestContext,
  body: PaymentNotification | string,
  options: { signature?: string; secret?: string; at?: Date } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const signature =
    options.signature ??
    signBody(options.secret ?? TEST_SECRETS.providerSecret, raw, options.at ?? context.clock.now());
  return context.request({
    method: 'POST',
    url: NOTIFICATION_PATH,
    payload: raw,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
  });
}

export async function balanceOf(context: TestContext, userId: number): Promise<number> {
  const row = await context.database.db
    .selectFrom('wallets')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

export async function transactionCount(context: TestContext, userId: number): Promise<number> {
  const row = await context.database.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Users whose wallet balance differs from the sum of their transactions, or is negative. */
export async function invariantMismatches(
  context: TestContext,
): Promise<Array<{ user_id: number; balance: number; total: number }>> {
  const result = await sql<{ user_id: number; balance: number; total: number }>`
    SELECT w.user_id, w.balance, COALESCE(SUM(t.amount), 0)::bigint AS total
    FROM wallets w LEFT JOIN transactions t ON t.user_id = w.user_id
    GROUP BY w.user_id, w.balance
    HAVING w.balance <> COALESCE(SUM(t.amount), 0) OR w.balance < 0`.execute(context.database.db);
  return result.rows;
}

/** Transactions whose balanceOut is not the running sum of the customer's amounts up to it, in id order. */
export async function runningBalanceMismatches(context: TestContext): Promise<number> {
  const result = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM (
      SELECT balance_out, SUM(amount) OVER (PARTITION BY user_id ORDER BY id) AS running FROM transactions
    ) t WHERE balance_out <> running`.execute(context.database.db);
  return result.rows[0]!.count;
}
