import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/schema';
import type { Ledger, Trx } from '../wallet/ledger';
import type { IdempotencyService } from '../idempotency/service';
import { requestHash } from '../idempotency/service';
import type { CardPaymentProvider } from '../../providers/card-payments/provider';
import { unprocessable } from '../../platform/errors';
import { lockCustomerWallet, lockOpenWithdrawal, toItem, type Answer, type PaymentRecords } from './payment-records';
import type { CustomerStanding } from './customer-standing';
import {
  NO_SAVED_CARD_MESSAGE,
  SECURITY_CODE_REQUIRED_MESSAGE,
  UNKNOWN_PAYOUT_CARD_MESSAGE,
  WITHDRAW_TO_DEPOSIT_CARD_MESSAGE,
  type PaymentMethod,
  type PayoutCard,
  type PaymentItem,
  type PaymentResult,
  type WithdrawRequest,
} from '../../../src/contract/payments';

export const NOTHING_TO_PAY_OUT = 'Nothing to pay out: the balance is £0.00';
export const NO_DEPOSIT_CARD = 'This customer has no card they deposited from: the balance cannot be paid out by card';

export interface WithdrawalsDeps {
  db: Db;
  ledger: Ledger;
  provider: CardPaymentProvider;
  idempotency: IdempotencyService;
  records: PaymentRecords;
  standing: CustomerStanding;
}

/** Money back to a card the customer deposited from: debited at once, then completed or rejected by the operator. */
export class Withdrawals {
  constructor(private readonly deps: WithdrawalsDeps) {}

  /** Debits at once and opens a withdrawal for the operator to complete or reject. */
  async withdraw(userId: number, request: WithdrawRequest, key: string): Promise<Answer<PaymentResult>> {
    const { idempotency, provider, ledger, records, standing } = this.deps;
    return ledger.transaction(async (trx, post) => {
      const account = await standing.readAccount(trx, userId);
      return idempotency.once(
        trx,
        userId,
        key,
        requestHash('POST /withdraw', withdrawFingerprint(request)),
        async () => {
          let card: { token: string; maskedPan: string; fingerprint: string | null };
          if (request.cardInfo) {
            const checked = await provider.checkPayoutCard(request.cardInfo);
            if (!checked.ok) throw unprocessable(checked.error, 'CardRejected');
            card = { token: checked.cardToken, maskedPan: checked.maskedPan, fingerprint: checked.cardFingerprint };
          } else if (request.cardId) {
            const chosen = (await this.depositCards(trx, userId, request.cardId))[0];
            if (!chosen) throw unprocessable(UNKNOWN_PAYOUT_CARD_MESSAGE, 'UnknownPayoutCard');
            await this.checkSecurityCode(chosen, request.securityCode);
            card = chosen;
          } else {
            if (!account.cardToken || !account.maskedPan) throw unprocessable(NO_SAVED_CARD_MESSAGE, 'NoSavedCard');
            card = { token: account.cardToken, maskedPan: account.maskedPan, fingerprint: account.fingerprint };
          }
          // Money goes back where it came from; refused before anything moves or any card is saved.
          if (!(await records.isDepositCard(trx, userId, card.fingerprint)))
            throw unprocessable(WITHDRAW_TO_DEPOSIT_CARD_MESSAGE, 'NotADepositCard');
          const paymentId = randomUUID();
          // The posting takes the wallet lock and refuses to go below zero.
          const posted = await post({
            userId,
            amount: -request.amount,
            kind: 'Withdrawal',
            reference: `Withdrawal to ${card.maskedPan}`,
            paymentId,
          });
          await records.insertPayment(trx, {
            id: paymentId,
            user_id: userId,
            kind: 'Withdrawal',
            amount: request.amount,
            store_card: false,
            masked_pan: card.maskedPan,
            card_token: card.token,
            card_fingerprint: card.fingerprint,
          });
          // The withdraw form's agreement is to store these card details. After the posting, so that the
          // saved card row is always locked after the wallet row, as settlement does.
          if (request.cardInfo)
            await records.saveCard(trx, userId, {
              token: card.token,
              maskedPan: card.maskedPan,
              fingerprint: card.fingerprint,
            });
          return {
            statusCode: 200,
            body: { paymentId, status: 'Open' as const, error: null, balance: posted.balanceOut },
          };
        },
      );
    });
  }

  /** The cards a withdrawal may go to: one per card deposited from (its latest deposit), the saved card first. */
  async payoutCards(userId: number): Promise<PayoutCard[]> {
    const cards = await this.depositCards(this.deps.db, userId);
    return cards
      .sort((a, b) => Number(b.saved) - Number(a.saved))
      .map((card) => ({
        cardId: card.cardId,
        maskedPan: card.maskedPan,
        method: card.method,
        saved: card.saved,
        securityCodeRequired: this.deps.provider.payoutSecurityCodeRequired({
          cardToken: card.token,
          saved: card.saved,
        }),
      }));
  }

  /**
   * Cards the customer deposited from, by the latest completed deposit from each (newest first), or only the one whose
   * deposit is `cardId`; the saved card's token stands for its card.
   */
  private async depositCards(db: Db | Trx, userId: number, cardId?: string) {
    const saved = await db
      .selectFrom('saved_cards')
      .select(['token', 'fingerprint'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    let select = db
      .selectFrom('payments')
      .select(['id', 'card_token', 'masked_pan', 'card_fingerprint', 'method'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'Deposit')
      .where('status', '=', 'Completed')
      .where('card_fingerprint', 'is not', null)
      .where('card_token', 'is not', null)
      .where('masked_pan', 'is not', null);
    if (cardId) select = select.where('id', '=', cardId);
    const rows = await select.orderBy('seq', 'desc').limit(200).execute();
    const seen = new Set<string>();
    const cards: Array<{
      cardId: string;
      token: string;
      maskedPan: string;
      fingerprint: string;
      method: PaymentMethod;
      saved: boolean;
    }> = [];
    for (const row of rows) {
      if (seen.has(row.card_fingerprint!)) continue;
      seen.add(row.card_fingerprint!);
      const isSaved = saved?.fingerprint === row.card_fingerprint;
      cards.push({
        cardId: row.id,
        token: isSaved ? saved!.token : row.card_token!,
        maskedPan: row.masked_pan!,
        fingerprint: row.card_fingerprint!,
        method: row.method,
        saved: isSaved,
      });
    }
    return cards;
  }

  /** The provider's security-code check, where it wants one for this card. */
  private async checkSecurityCode(card: { token: string; saved: boolean }, securityCode: string | undefined) {
    const { provider } = this.deps;
    if (!provider.payoutSecurityCodeRequired({ cardToken: card.token, saved: card.saved })) return;
    if (!securityCode) throw unprocessable(SECURITY_CODE_REQUIRED_MESSAGE, 'SecurityCodeRequired');
    const checked = await provider.checkPayoutSecurityCode({ cardToken: card.token, securityCode });
    if (!checked.ok) throw unprocessable(checked.error, 'CardRejected');
  }

  /**
   * Operator: the whole balance goes back to the customer's deposit card as an Open withdrawal (listed in
   * their payments and history, completed like any other), whatever the account's standing: the way out for
   * the funds of a self-excluded, suspended or deleted customer (LCCP 3.5.4).
   */
  async payOutBalance(userId: number): Promise<PaymentResult & { amount: number; maskedPan: string }> {
    return this.deps.ledger.transaction(async (trx, post) => {
      const balance = await lockCustomerWallet(trx, userId);
      if (balance <= 0) throw unprocessable(NOTHING_TO_PAY_OUT, 'NothingToPayOut');
      const card = await this.payoutCard(trx, userId);
      if (!card) throw unprocessable(NO_DEPOSIT_CARD, 'NoDepositCard');
      const paymentId = randomUUID();
      const posted = await post({
        userId,
        amount: -balance,
        kind: 'Withdrawal',
        reference: `Balance paid out to ${card.maskedPan}`,
        paymentId,
      });
      await this.deps.records.insertPayment(trx, {
        id: paymentId,
        user_id: userId,
        kind: 'Withdrawal',
        amount: balance,
        store_card: false,
        masked_pan: card.maskedPan,
        card_token: card.token ?? undefined,
        card_fingerprint: card.fingerprint,
      });
      return {
        paymentId,
        status: 'Open',
        error: null,
        balance: posted.balanceOut,
        amount: balance,
        maskedPan: card.maskedPan,
      };
    });
  }

  /** The saved card when it is a deposit card, otherwise the card of the latest completed deposit. */
  private async payoutCard(
    trx: Trx,
    userId: number,
  ): Promise<{ token: string | null; maskedPan: string; fingerprint: string } | undefined> {
    const saved = await trx
      .selectFrom('saved_cards')
      .select(['token', 'masked_pan', 'fingerprint'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (saved?.fingerprint && (await this.deps.records.isDepositCard(trx, userId, saved.fingerprint)))
      return { token: saved.token, maskedPan: saved.masked_pan, fingerprint: saved.fingerprint };
    const deposit = await trx
      .selectFrom('payments')
      .select(['card_token', 'masked_pan', 'card_fingerprint'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'Deposit')
      .where('status', '=', 'Completed')
      .where('card_fingerprint', 'is not', null)
      .where('masked_pan', 'is not', null)
      .orderBy('seq', 'desc')
      .executeTakeFirst();
    return deposit
      ? { token: deposit.card_token, maskedPan: deposit.masked_pan!, fingerprint: deposit.card_fingerprint! }
      : undefined;
  }

  /** Operator: the money has left for the card. */
  async completeWithdrawal(paymentId: string): Promise<PaymentResult> {
    return this.deps.ledger.transaction(async (trx) => {
      const payment = await lockOpenWithdrawal(trx, paymentId);
      await this.deps.records.setStatus(trx, payment.id, 'Completed', null);
      return { paymentId, status: 'Completed', error: null, balance: await balanceIn(trx, payment.user_id) };
    });
  }

  /** Operator: refused; the amount comes back as a Refund posting. */
  async rejectWithdrawal(paymentId: string, reason: string): Promise<PaymentResult> {
    return this.deps.ledger.transaction(async (trx, post) => {
      const payment = await lockOpenWithdrawal(trx, paymentId);
      await this.deps.records.setStatus(trx, payment.id, 'Rejected', reason);
      const posted = await post({
        userId: payment.user_id,
        amount: payment.amount,
        kind: 'Refund',
        reference: `Withdrawal rejected: ${reason}`,
        paymentId,
      });
      return { paymentId, status: 'Rejected', error: reason, balance: posted.balanceOut };
    });
  }

  async openWithdrawals(): Promise<Array<PaymentItem & { userId: number; email: string }>> {
    const rows = await this.deps.db
      .selectFrom('payments')
      .innerJoin('users', 'users.id', 'payments.user_id')
      .select([
        'payments.id',
        'payments.user_id',
        'payments.kind',
        'payments.method',
        'payments.status',
        'payments.amount',
        'payments.masked_pan',
        'payments.error',
        'payments.created_at',
        'payments.updated_at',
        'users.email',
      ])
      .where('payments.kind', '=', 'Withdrawal')
      .where('payments.status', '=', 'Open')
      .orderBy('payments.seq')
      .execute();
    return rows.map((row) => ({ ...toItem(row), userId: row.user_id, email: row.email }));
  }

  async hasOpenWithdrawals(userId: number, db: Db = this.deps.db): Promise<boolean> {
    const row = await db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'Withdrawal')
      .where('status', '=', 'Open')
      .executeTakeFirst();
    return row !== undefined;
  }
}

async function balanceIn(trx: Trx, userId: number): Promise<number> {
  const wallet = await trx
    .selectFrom('wallets')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return wallet.balance;
}

/** What identifies a withdrawal request for its idempotency key: never the card number or security code, not even hashed. */
function withdrawFingerprint(request: WithdrawRequest) {
  if (request.cardId) return { amount: request.amount, cardId: request.cardId };
  if (!request.cardInfo) return { amount: request.amount };
  return {
    amount: request.amount,
    card: {
      last4: request.cardInfo.pan.slice(-4),
      length: request.cardInfo.pan.length,
      expiryDate: request.cardInfo.expiryDate,
    },
  };
}
