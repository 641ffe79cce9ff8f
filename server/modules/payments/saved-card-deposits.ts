import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { Trx } from '../wallet/ledger';
import type { IdempotencyService } from '../idempotency/service';
import { requestHash } from '../idempotency/service';
import type { CardPaymentProvider, ChargeOutcome } from '../../providers/card-payments/provider';
import { depositLimitRefusal, type DepositLimitGuard } from './deposit-limit-guard';
import { lockCustomerWallet, type Answer, type PaymentRecords } from './payment-records';
import { ACCOUNT_CLOSED_TO_PAYMENTS, type CustomerStanding } from './customer-standing';
import type { DepositSettlement } from './deposit-settlement';
import { AppError, forbidden, unprocessable } from '../../platform/errors';
import {
  NO_SAVED_CARD_MESSAGE,
  PAYMENT_UNCONFIRMED_MESSAGE,
  WALLET_TOKEN_USED_MESSAGE,
  type PaymentResult,
  type Wallet,
} from '../../../src/contract/payments';

export interface SavedCardDepositsDeps {
  db: Db;
  clock: Clock;
  provider: CardPaymentProvider;
  idempotency: IdempotencyService;
  limits: DepositLimitGuard;
  records: PaymentRecords;
  standing: CustomerStanding;
  settlement: DepositSettlement;
  /** How long a saved-card charge may take before the request answers PAYMENT_UNCONFIRMED_MESSAGE (default 30 s). */
  chargeTimeoutMs?: number;
}

/** A wallet's funding card, from a wallet token the provider has read: charged instead of the saved card. */
export interface WalletCard {
  wallet: Wallet;
  tokenId: string;
  cardToken: string;
  maskedPan: string;
}

/** Deposits charged to the customer's saved card (or a wallet's funding card), with no database transaction or lock held while the provider is asked. */
export class SavedCardDeposits {
  constructor(private readonly deps: SavedCardDepositsDeps) {}

  /**
   * A deposit with the saved card, in three steps so that no database transaction or lock is held while the
   * provider is asked: (1) check the standing and limits (counting charges in flight) under the wallet lock, record the Open payment and claim
   * the Idempotency-Key, commit; (2) charge, under the payment id as the provider's reference; (3) settle in a
   * new transaction, under the wallet lock. A crash or timeout after (2) leaves the payment Open, and
   * reconcileOpenDeposits settles it from the provider's record; a retry with the same key resumes it.
   */
  async depositWithSavedCard(
    userId: number,
    amount: number,
    key: string,
    wallet?: WalletCard,
  ): Promise<Answer<PaymentResult>> {
    const { settlement } = this.deps;
    const started = await this.startSavedCardDeposit(userId, amount, key, wallet);
    if ('replay' in started) return started.replay;
    // Settled meanwhile (by reconciliation): answered as it stands, the card not asked again.
    if (started.settled)
      return {
        statusCode: 200,
        body: await settlement.settle(started.paymentId, undefined, { userId, key }),
        replayed: false,
      };
    let outcome: ChargeOutcome;
    try {
      outcome = await this.withTimeout(
        this.deps.provider.chargeSavedCard({ paymentId: started.paymentId, amount, cardToken: started.cardToken }),
      );
    } catch {
      throw new AppError(502, PAYMENT_UNCONFIRMED_MESSAGE, 'PaymentUnconfirmed');
    }
    const result = await settlement.settle(started.paymentId, outcome, { userId, key });
    return { statusCode: 200, body: result, replayed: false };
  }

  private async startSavedCardDeposit(
    userId: number,
    amount: number,
    key: string,
    wallet: WalletCard | undefined,
  ): Promise<{ replay: Answer<PaymentResult> } | { paymentId: string; cardToken: string; settled?: boolean }> {
    const { idempotency, records, standing, limits, clock } = this.deps;
    const request = wallet
      ? requestHash('POST /deposit_wallet', { amount, wallet: wallet.wallet, tokenId: wallet.tokenId })
      : requestHash('POST /deposit_js', { amount });
    return this.deps.db.transaction().execute(async (trx) => {
      const account = await standing.readAccount(trx, userId);
      const stored = await idempotency.claim(trx, userId, key, request);
      if (stored && stored.statusCode !== 0)
        return { replay: { statusCode: stored.statusCode, body: stored.body as PaymentResult, replayed: true } };
      if (stored) {
        // An earlier attempt with this key committed its payment and did not finish: charge again under the same reference (charged once) and settle.
        // Only while the payment is still Open, so still counted as a charge in flight by every limit check since. One that left
        // Open is answered as it stands, the card not asked: Expired means the provider never saw a charge, it stopped counting
        // then, and a deposit since may have used the limit it held (charging it now would pass the limit unchecked).
        // Locked, and its updated_at marked as this attempt's start, so reconciliation does not expire it while this charge
        // is on its way (expire() waits RECONCILE_AFTER_MS after the latest attempt).
        const pending = await trx
          .selectFrom('payments')
          .select(['id', 'card_token', 'status'])
          .where('id', '=', (stored.body as { paymentId: string }).paymentId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (pending.status !== 'Open') return { paymentId: pending.id, cardToken: pending.card_token!, settled: true };
        await trx.updateTable('payments').set({ updated_at: clock.now() }).where('id', '=', pending.id).execute();
        return { paymentId: pending.id, cardToken: pending.card_token!, settled: false };
      }
      const card =
        wallet ??
        (account.cardToken && account.maskedPan
          ? { cardToken: account.cardToken, maskedPan: account.maskedPan }
          : undefined);
      if (!card) throw unprocessable(NO_SAVED_CARD_MESSAGE, 'NoSavedCard');
      // Held only for this short transaction, never while the provider is asked: it orders this customer's deposits.
      await lockCustomerWallet(trx, userId);
      // Asked again under the wallet lock: a deletion (which takes this lock) or an exclusion may have committed since readAccount.
      // Read under FOR SHARE on the users row, held until the Open payment commits, so no block can commit between this
      // check and the payment's insert: a block written first is waited for and refuses; one sent after waits for this
      // commit (the charge that follows was opened before the block). Lock order as the debits': wallet, then users.
      if (!(await standing.inGoodStanding(trx, userId, { lockUser: true })))
        throw forbidden(ACCOUNT_CLOSED_TO_PAYMENTS, 'AccountClosed');
      // Saved-card charges still in flight count as deposits, so two at once cannot together pass a limit:
      // the second is refused here (422, nothing kept) before its card is charged.
      const refusal = await depositLimitRefusal(
        limits,
        trx,
        userId,
        amount,
        clock.now(),
        await records.savedCardChargesInFlight(trx, userId),
      );
      if (refusal) throw unprocessable(refusal, 'DepositLimitExceeded');
      const paymentId = await this.savedCardPaymentId(trx, userId, key, wallet ? 'deposit_wallet' : 'deposit_js');
      // A wallet token is charged once: presented again (by anyone, under any key) it is refused and nothing is kept.
      if (wallet) {
        const recorded = await trx
          .insertInto('wallet_tokens')
          .values({ token_id: wallet.tokenId, user_id: userId, payment_id: paymentId, used_at: clock.now() })
          .onConflict((conflict) => conflict.column('token_id').doNothing())
          .returning('token_id')
          .executeTakeFirst();
        if (!recorded) throw unprocessable(WALLET_TOKEN_USED_MESSAGE, 'WalletTokenUsed');
      }
      await records.insertPayment(trx, {
        id: paymentId,
        user_id: userId,
        kind: 'Deposit',
        amount,
        store_card: false,
        masked_pan: card.maskedPan,
        card_token: card.cardToken,
        method: wallet?.wallet ?? 'Card',
      });
      await idempotency.markPending(trx, userId, key, { paymentId });
      return { paymentId, cardToken: card.cardToken };
    });
  }

  private async withTimeout<T>(promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('card provider timed out')), this.deps.chargeTimeoutMs ?? 30_000);
      timer.unref();
    });
    try {
      return await Promise.race([promise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The payment reference the card is charged under, the same for every attempt with one Idempotency-Key: an
   * attempt that charged the card and then rolled back (a lost commit, a dropped connection) is retried
   * under the same reference, which the provider charges once. A reference already used (a key reused
   * after its retention) gets a fresh one.
   */
  private async savedCardPaymentId(trx: Trx, userId: number, key: string, route: string): Promise<string> {
    const hex = createHash('sha256').update(`${route}\0${userId}\0${key}`).digest('hex');
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    const used = await trx.selectFrom('payments').select('id').where('id', '=', id).executeTakeFirst();
    return used ? randomUUID() : id;
  }
}
