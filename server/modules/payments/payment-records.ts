import type { Clock } from '../../platform/clock';
import type { Trx } from '../wallet/ledger';
import { lockWallet } from '../wallet/wallet-lock';
import { notFound, unprocessable } from '../../platform/errors';
import type { PaymentsTable } from './tables';
import type { PaymentItem, PaymentKind, PaymentMethod, PaymentStatus } from '../../../src/contract/payments';

export interface Answer<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

export type Payment = Pick<
  PaymentsTable,
  'id' | 'user_id' | 'kind' | 'status' | 'amount' | 'store_card' | 'masked_pan' | 'card_token' | 'error'
> & { method: PaymentMethod };
export const PAYMENT_COLUMNS = [
  'id',
  'user_id',
  'kind',
  'status',
  'amount',
  'store_card',
  'masked_pan',
  'card_token',
  'error',
  'method',
] as const;

export const UNKNOWN_PAYMENT = 'Payment not found';
const NOT_OPEN = 'This payment is no longer open';

/**
 * The payment rows and saved cards every payment job writes and reads. Row locks are always taken in one order, so
 * no two requests deadlock: idempotency key, payment, wallet, the customer's users row (FOR SHARE, when a deposit is
 * opened), saved card.
 */
export class PaymentRecords {
  constructor(private readonly clock: Clock) {}

  /** The only status change there is: out of Open once (or out of Expired, when the provider confirms a payment after all). */
  async setStatus(
    trx: Trx,
    paymentId: string,
    status: Exclude<PaymentStatus, 'Open'>,
    error: string | null,
    card: { masked_pan?: string; card_token?: string; card_fingerprint?: string | null } = {},
  ): Promise<void> {
    const updated = await trx
      .updateTable('payments')
      .set({ status, error, updated_at: this.clock.now(), ...card })
      .where('id', '=', paymentId)
      .where('status', 'in', status === 'Expired' ? ['Open'] : ['Open', 'Expired'])
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw new Error(`Payment ${paymentId} left Open under a lock`);
  }

  async insertPayment(
    trx: Trx,
    payment: {
      id: string;
      user_id: number;
      kind: PaymentKind;
      amount: number;
      store_card: boolean;
      masked_pan?: string;
      card_token?: string;
      card_fingerprint?: string | null;
      method?: PaymentMethod;
    },
  ): Promise<void> {
    const now = this.clock.now();
    await trx
      .insertInto('payments')
      .values({
        masked_pan: null,
        card_token: null,
        card_fingerprint: null,
        ...payment,
        status: 'Open',
        error: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  async saveCard(
    trx: Trx,
    userId: number,
    card: { token: string; maskedPan: string; fingerprint: string | null },
  ): Promise<void> {
    const now = this.clock.now();
    const values = { token: card.token, masked_pan: card.maskedPan, fingerprint: card.fingerprint, updated_at: now };
    await trx
      .insertInto('saved_cards')
      .values({ user_id: userId, ...values, created_at: now })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute();
  }

  async savedCardChargesInFlight(trx: Trx, userId: number): Promise<number> {
    const row = await trx
      .selectFrom('payments')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
      .where('user_id', '=', userId)
      .where('kind', '=', 'Deposit')
      .where('status', '=', 'Open')
      .where('card_token', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** A card the customer has deposited from successfully (a failed or refused deposit does not count). */
  async isDepositCard(trx: Trx, userId: number, fingerprint: string | null): Promise<boolean> {
    if (!fingerprint) return false;
    const row = await trx
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'Deposit')
      .where('status', '=', 'Completed')
      .where('card_fingerprint', '=', fingerprint)
      .executeTakeFirst();
    return row !== undefined;
  }
}

/** The customer's wallet, locked (see wallet-lock), and its balance; a customer without one is not found. */
export async function lockCustomerWallet(trx: Trx, userId: number): Promise<number> {
  const balance = await lockWallet(trx, userId);
  if (balance === undefined) throw notFound('Wallet not found');
  return balance;
}

/** An Open withdrawal, locked; anything else is refused. */
export async function lockOpenWithdrawal(trx: Trx, paymentId: string): Promise<Payment> {
  const payment = await trx
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirst();
  if (!payment || payment.kind !== 'Withdrawal') throw notFound(UNKNOWN_PAYMENT);
  if (payment.status !== 'Open') throw unprocessable(NOT_OPEN, 'PaymentNotOpen');
  return payment;
}

export function toItem(row: {
  id: string;
  kind: PaymentKind;
  method: PaymentMethod;
  status: PaymentStatus;
  amount: number;
  masked_pan: string | null;
  error: string | null;
  created_at: Date;
  updated_at: Date;
}): PaymentItem {
  return {
    paymentId: row.id,
    kind: row.kind,
    method: row.method,
    status: row.status,
    chips: row.amount,
    maskedPan: row.masked_pan,
    error: row.error,
    lastUpdatedAt: row.updated_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}
