import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { Ledger, Posting, Posted, Trx } from '../wallet/ledger';
import type { IdempotencyService } from '../idempotency/service';
import { requestHash } from '../idempotency/service';
import type { CardPaymentProvider, ChargeOutcome, PaymentNotification } from '../../providers/card-payments/provider';
import type { DepositLimitGuard } from './deposit-limit-guard';
import type { PaymentsTable } from './tables';
import { AppError, forbidden, notFound, tooManyRequests, unprocessable } from '../../platform/errors';
import { HOUR, MINUTE } from '../../platform/clock';
import { exclusionEnd } from '../safer-gambling/exclusion-end';
import type { ExclusionKind, UserStatus } from '../users/tables';
import {
  DEPOSIT_EXPIRED_MESSAGE,
  DEPOSIT_OPEN_EXPIRY_MINUTES,
  NO_SAVED_CARD_MESSAGE,
  PAYMENT_UNCONFIRMED_MESSAGE,
  WITHDRAW_TO_DEPOSIT_CARD_MESSAGE,
  VERIFICATION_REQUIRED_MESSAGE,
  type DepositFormResponse,
  type PaymentItem,
  type PaymentKind,
  type PaymentResult,
  type PaymentStatus,
  type SavedCard,
  type WithdrawRequest,
} from '../../../src/contract/payments';

type Post = (posting: Posting) => Promise<Posted>;
type Payment = Pick<
  PaymentsTable,
  'id' | 'user_id' | 'kind' | 'status' | 'amount' | 'store_card' | 'masked_pan' | 'card_token' | 'error'
>;
type SettleOutcome =
  { ok: true; maskedPan: string | null; cardToken?: string; cardFingerprint?: string } | { ok: false; error: string };
const PAYMENT_COLUMNS = [
  'id',
  'user_id',
  'kind',
  'status',
  'amount',
  'store_card',
  'masked_pan',
  'card_token',
  'error',
] as const;

export interface Answer<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  provider: CardPaymentProvider;
  idempotency: IdempotencyService;
  limits: DepositLimitGuard;
  /** How long a saved-card charge may take before the request answers PAYMENT_UNCONFIRMED_MESSAGE (default 30 s). */
  chargeTimeoutMs?: number;
}

/** Reconciliation leaves younger Open deposits alone: their request may still be talking to the provider. */
export const RECONCILE_AFTER_MS = 2 * MINUTE;
export const NOTHING_TO_PAY_OUT = 'Nothing to pay out: the balance is £0.00';
export const NO_DEPOSIT_CARD = 'This customer has no card they deposited from: the balance cannot be paid out by card';

export const UNKNOWN_PAYMENT = 'Payment not found';
export const NOT_OPEN = 'This payment is no longer open';
/**
 * A deposit settling for a customer who is suspended, deleted, timed out or self-excluded is refused, not
 * credited: the payment fails, so the provider returns the money to the card, and no gambling funds reach
 * an account its owner has closed (or the operator has). Deliberate: crediting would leave money in a
 * wallet the customer cannot sign in to.
 */
export const ACCOUNT_CLOSED_TO_DEPOSITS =
  'Deposit refused: this account cannot take deposits now. The card is refunded.';
export const ACCOUNT_CLOSED_TO_PAYMENTS = 'This account cannot make payments now.';
/** Card-page deposits still Open from the last hour that one customer may have at once: each form is a payment row. */
export const MAX_WAITING_DEPOSITS = 10;
export const TOO_MANY_WAITING_DEPOSITS =
  'You have several deposits waiting to be completed. Please finish one, or try again later.';

/**
 * Card deposits and withdrawals. Money moves only through the ledger; a payment row tracks the card side,
 * and its status leaves Open exactly once (row locked, then a guarded UPDATE), so a notification delivered
 * twice, or late, settles once. Row locks are always taken in one order, so no two requests deadlock:
 * idempotency key, payment, wallet, the customer's users row (FOR SHARE, when a deposit is opened), saved card.
 * The card-page form takes no wallet: it locks the users row first (share locks do not conflict with each other,
 * and a block holds nothing else while it updates that row).
 */
export class PaymentsService {
  constructor(private readonly deps: PaymentsDeps) {}

  private get db() {
    return this.deps.db;
  }

  /**
   * Creates an Open deposit and answers the provider's hosted card page for it. The customer's standing is read
   * under FOR SHARE on their users row, held until the payment row commits: a block (suspension, time out,
   * self-exclusion, GAMSTOP, deletion: each updates that row) written first makes this wait and then refuse; one
   * sent after waits until the form is opened. Read plainly, a block committing between the check and the insert
   * let a card page open after it was in force. No wallet lock is taken here, so no lock-order question arises.
   */
  async depositForm(
    userId: number,
    request: { amount: number; storeCard: boolean },
    key: string | undefined,
  ): Promise<Answer<DepositFormResponse>> {
    const { idempotency, limits, provider, clock } = this.deps;
    return this.db.transaction().execute(async (trx) => {
      await this.readAccount(trx, userId, { lockUser: true });
      return idempotency.once(trx, userId, key, requestHash('GET /deposit_form', request), async () => {
        // An early answer for the customer; the check that counts is the one at settlement, under the wallet lock.
        await limits.assertWithinLimits(trx, userId, request.amount, clock.now());
        await this.assertFewDepositsWaiting(trx, userId);
        const paymentId = randomUUID();
        await this.insertPayment(trx, {
          id: paymentId,
          user_id: userId,
          kind: 'Deposit',
          amount: request.amount,
          store_card: request.storeCard,
        });
        return {
          statusCode: 200,
          body: { paymentForm: provider.hostedPaymentUrl({ paymentId, amount: request.amount }), paymentId },
        };
      });
    });
  }

  private async assertFewDepositsWaiting(trx: Trx, userId: number): Promise<void> {
    const since = new Date(this.deps.clock.now().getTime() - HOUR);
    const waiting = await trx
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('kind', '=', 'Deposit')
      .where('status', '=', 'Open')
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(waiting.count) >= MAX_WAITING_DEPOSITS) throw tooManyRequests(TOO_MANY_WAITING_DEPOSITS);
  }

  /**
   * A deposit with the saved card, in three steps so that no database transaction or lock is held while the
   * provider is asked: (1) check the standing and limits (counting charges in flight) under the wallet lock, record the Open payment and claim
   * the Idempotency-Key, commit; (2) charge, under the payment id as the provider's reference; (3) settle in a
   * new transaction, under the wallet lock. A crash or timeout after (2) leaves the payment Open, and
   * reconcileOpenDeposits settles it from the provider's record; a retry with the same key resumes it.
   */
  async depositWithSavedCard(userId: number, amount: number, key: string): Promise<Answer<PaymentResult>> {
    const started = await this.startSavedCardDeposit(userId, amount, key);
    if ('replay' in started) return started.replay;
    // Settled meanwhile (by reconciliation): answered as it stands, the card not asked again.
    if (started.settled)
      return {
        statusCode: 200,
        body: await this.settle(started.paymentId, undefined, { userId, key }),
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
    const result = await this.settle(started.paymentId, outcome, { userId, key });
    return { statusCode: 200, body: result, replayed: false };
  }

  private async startSavedCardDeposit(
    userId: number,
    amount: number,
    key: string,
  ): Promise<{ replay: Answer<PaymentResult> } | { paymentId: string; cardToken: string; settled?: boolean }> {
    const { idempotency } = this.deps;
    return this.db.transaction().execute(async (trx) => {
      const account = await this.readAccount(trx, userId);
      const stored = await idempotency.claim(trx, userId, key, requestHash('POST /deposit_js', { amount }));
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
        await trx
          .updateTable('payments')
          .set({ updated_at: this.deps.clock.now() })
          .where('id', '=', pending.id)
          .execute();
        return { paymentId: pending.id, cardToken: pending.card_token!, settled: false };
      }
      if (!account.cardToken || !account.maskedPan) throw unprocessable(NO_SAVED_CARD_MESSAGE, 'NoSavedCard');
      // Held only for this short transaction, never while the provider is asked: it orders this customer's deposits.
      await this.lockWallet(trx, userId);
      // Asked again under the wallet lock: a deletion (which takes this lock) or an exclusion may have committed since readAccount.
      // Read under FOR SHARE on the users row, held until the Open payment commits, so no block can commit between this
      // check and the payment's insert: a block written first is waited for and refuses; one sent after waits for this
      // commit (the charge that follows was opened before the block). Lock order as the debits': wallet, then users.
      if (!(await this.inGoodStanding(trx, userId, { lockUser: true })))
        throw forbidden(ACCOUNT_CLOSED_TO_PAYMENTS, 'AccountClosed');
      // Saved-card charges still in flight count as deposits, so two at once cannot together pass a limit:
      // the second is refused here (422, nothing kept) before its card is charged.
      const refusal = await this.limitRefusal(trx, userId, amount + (await this.savedCardChargesInFlight(trx, userId)));
      if (refusal) throw unprocessable(refusal, 'DepositLimitExceeded');
      const paymentId = await this.savedCardPaymentId(trx, userId, key);
      await this.insertPayment(trx, {
        id: paymentId,
        user_id: userId,
        kind: 'Deposit',
        amount,
        store_card: false,
        masked_pan: account.maskedPan,
        card_token: account.cardToken,
      });
      await idempotency.markPending(trx, userId, key, { paymentId });
      return { paymentId, cardToken: account.cardToken };
    });
  }

  /**
   * Settles a deposit from what the provider said (nothing: only answers how it stands), in its own
   * transaction; the Idempotency-Key's answer is stored with the money.
   */
  private async settle(
    paymentId: string,
    outcome: ChargeOutcome | undefined,
    request?: { userId: number; key: string },
  ): Promise<PaymentResult> {
    return this.deps.ledger.transaction(async (trx, post) => {
      // Lock order everywhere: payment, then wallet.
      const payment = await trx
        .selectFrom('payments')
        .select(PAYMENT_COLUMNS)
        .where('id', '=', paymentId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const balance = await this.lockWallet(trx, payment.user_id);
      const result = !outcome
        ? { paymentId, status: payment.status, error: payment.error, balance }
        : await this.settleLocked(
            trx,
            post,
            payment,
            balance,
            outcome.ok ? { ok: true, maskedPan: outcome.maskedPan, cardFingerprint: outcome.cardFingerprint } : outcome,
          );
      if (request)
        await this.deps.idempotency.store(trx, request.userId, request.key, { statusCode: 200, body: result });
      return result;
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
   * Run at start and periodically: every deposit still Open a while after it was made is settled from the
   * provider's record of its reference (a charge whose settlement a crash or timeout lost); one the provider
   * never saw is Expired once DEPOSIT_OPEN_EXPIRY_MINUTES have passed (the card page was closed unpaid).
   */
  async reconcileOpenDeposits(): Promise<{ settled: number; expired: number }> {
    const now = this.deps.clock.now().getTime();
    const open = await this.db
      .selectFrom('payments')
      .select(['id', 'amount', 'created_at'])
      .where('kind', '=', 'Deposit')
      .where('status', '=', 'Open')
      .where('created_at', '<', new Date(now - RECONCILE_AFTER_MS))
      .orderBy('created_at')
      .limit(500)
      .execute();
    let settled = 0;
    let expired = 0;
    for (const payment of open) {
      const found = await this.deps.provider.findCharge({ paymentId: payment.id, amount: payment.amount });
      if (found.ok !== 'unknown') {
        await this.settle(payment.id, found);
        settled++;
      } else if (payment.created_at.getTime() <= now - DEPOSIT_OPEN_EXPIRY_MINUTES * MINUTE) {
        if (await this.expire(payment.id)) expired++;
      }
    }
    return { settled, expired };
  }

  /**
   * Out of Open as Expired, under the payment's lock. Not while a charge may be on its way: a saved-card deposit resumed
   * by a retry (same Idempotency-Key) marks updated_at when it charges again, and the provider's 'unknown' read before
   * that says nothing of it; it is asked again at a later run. Once Expired, a saved-card deposit is never charged.
   */
  private async expire(paymentId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const payment = await trx
        .selectFrom('payments')
        .select(['status', 'updated_at'])
        .where('id', '=', paymentId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (payment.status !== 'Open') return false;
      if (payment.updated_at.getTime() > this.deps.clock.now().getTime() - RECONCILE_AFTER_MS) return false;
      await this.setStatus(trx, paymentId, 'Expired', DEPOSIT_EXPIRED_MESSAGE);
      return true;
    });
  }

  /** A signed notification from the provider (already verified): settles the deposit once, whatever the delivery order. */
  async handleNotification(notification: PaymentNotification): Promise<PaymentResult> {
    return this.deps.ledger.transaction(async (trx, post) => {
      await trx
        .insertInto('provider_notifications')
        .values({
          id: notification.id,
          payment_id: notification.paymentId,
          status: notification.status,
          received_at: this.deps.clock.now(),
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      // Lock order everywhere: payment, then wallet.
      const payment = await trx
        .selectFrom('payments')
        .select(PAYMENT_COLUMNS)
        .where('id', '=', notification.paymentId)
        .forUpdate()
        .executeTakeFirst();
      if (!payment || payment.kind !== 'Deposit') throw notFound(UNKNOWN_PAYMENT);
      if (payment.amount !== notification.amount)
        throw unprocessable('Notification amount does not match the payment', 'AmountMismatch');
      const balance = await this.lockWallet(trx, payment.user_id);
      const outcome =
        notification.status === 'success'
          ? {
              ok: true as const,
              maskedPan: notification.maskedPan ?? null,
              cardToken: notification.cardToken,
              cardFingerprint: notification.cardFingerprint,
            }
          : { ok: false as const, error: notification.error ?? 'Payment failed' };
      return this.settleLocked(trx, post, payment, balance, outcome);
    });
  }

  /** Debits at once and opens a withdrawal for the operator to complete or reject. */
  async withdraw(userId: number, request: WithdrawRequest, key: string): Promise<Answer<PaymentResult>> {
    const { idempotency, provider, ledger } = this.deps;
    return ledger.transaction(async (trx, post) => {
      const account = await this.readAccount(trx, userId);
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
          } else {
            if (!account.cardToken || !account.maskedPan) throw unprocessable(NO_SAVED_CARD_MESSAGE, 'NoSavedCard');
            card = { token: account.cardToken, maskedPan: account.maskedPan, fingerprint: account.fingerprint };
          }
          // Money goes back where it came from; refused before anything moves or any card is saved.
          if (!(await this.isDepositCard(trx, userId, card.fingerprint)))
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
          await this.insertPayment(trx, {
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
            await this.saveCard(trx, userId, {
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

  /**
   * Operator: the whole balance goes back to the customer's deposit card as an Open withdrawal (listed in
   * their payments and history, completed like any other), whatever the account's standing: the way out for
   * the funds of a self-excluded, suspended or deleted customer (LCCP 3.5.4).
   */
  async payOutBalance(userId: number): Promise<PaymentResult & { amount: number; maskedPan: string }> {
    return this.deps.ledger.transaction(async (trx, post) => {
      const balance = await this.lockWallet(trx, userId);
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
      await this.insertPayment(trx, {
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
    if (saved?.fingerprint && (await this.isDepositCard(trx, userId, saved.fingerprint)))
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
      const payment = await this.lockOpenWithdrawal(trx, paymentId);
      await this.setStatus(trx, payment.id, 'Completed', null);
      return { paymentId, status: 'Completed', error: null, balance: await this.balanceIn(trx, payment.user_id) };
    });
  }

  /** Operator: refused; the amount comes back as a Refund posting. */
  async rejectWithdrawal(paymentId: string, reason: string): Promise<PaymentResult> {
    return this.deps.ledger.transaction(async (trx, post) => {
      const payment = await this.lockOpenWithdrawal(trx, paymentId);
      await this.setStatus(trx, payment.id, 'Rejected', reason);
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
    const rows = await this.db
      .selectFrom('payments')
      .innerJoin('users', 'users.id', 'payments.user_id')
      .select([
        'payments.id',
        'payments.user_id',
        'payments.kind',
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

  async hasOpenWithdrawals(userId: number, db: Db = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'Withdrawal')
      .where('status', '=', 'Open')
      .executeTakeFirst();
    return row !== undefined;
  }

  async list(
    userId: number,
    query: { kind?: PaymentKind; status?: PaymentStatus; limit: number },
  ): Promise<PaymentItem[]> {
    let select = this.db
      .selectFrom('payments')
      .select(['id', 'kind', 'status', 'amount', 'masked_pan', 'error', 'created_at', 'updated_at'])
      .where('user_id', '=', userId);
    if (query.kind) select = select.where('kind', '=', query.kind);
    if (query.status) select = select.where('status', '=', query.status);
    const rows = await select.orderBy('created_at', 'desc').orderBy('seq', 'desc').limit(query.limit).execute();
    return rows.map(toItem);
  }

  async savedCard(userId: number): Promise<SavedCard> {
    const card = await this.db
      .selectFrom('saved_cards')
      .select('masked_pan')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { maskedPan: card?.masked_pan ?? null, userId };
  }

  /**
   * Settles a deposit whose payment row and wallet row this transaction has locked: out of Open once. A
   * card-page payment is refused here for the customer's standing or a limit (its Failed answer goes back to
   * the provider, which returns the money). A saved-card charge (its token is on the row from the start) had
   * both checked under the wallet lock, counting every charge in flight, before the card was charged, and
   * nothing would give that money back: it is credited, and if the account closed meanwhile, the operator's
   * payout-balance returns it to the card.
   */
  private async settleLocked(
    trx: Trx,
    post: Post,
    payment: Payment,
    balance: number,
    outcome: SettleOutcome,
  ): Promise<PaymentResult> {
    const chargedSavedCard = payment.card_token !== null;
    const paymentId = payment.id;
    // An Expired deposit the provider confirms after all was paid: it settles like an Open one (a card-page payment
    // through the standing and limit checks below). No saved-card deposit is charged once Expired (startSavedCardDeposit,
    // expire), so one confirmed Expired is money the provider really took before: credited, never lost.
    if (payment.status !== 'Open' && payment.status !== 'Expired')
      return { paymentId, status: payment.status, error: payment.error, balance };
    if (!outcome.ok) {
      await this.setStatus(trx, paymentId, 'Failed', outcome.error);
      return { paymentId, status: 'Failed', error: outcome.error, balance };
    }
    if (!chargedSavedCard && !(await this.inGoodStanding(trx, payment.user_id))) {
      await this.setStatus(trx, paymentId, 'Failed', ACCOUNT_CLOSED_TO_DEPOSITS);
      return { paymentId, status: 'Failed', error: ACCOUNT_CLOSED_TO_DEPOSITS, balance };
    }
    const refusal = chargedSavedCard
      ? undefined
      : await this.limitRefusal(
          trx,
          payment.user_id,
          payment.amount + (await this.savedCardChargesInFlight(trx, payment.user_id)),
        );
    if (refusal) {
      await this.setStatus(trx, paymentId, 'Failed', refusal);
      return { paymentId, status: 'Failed', error: refusal, balance };
    }
    const maskedPan = outcome.maskedPan ?? payment.masked_pan;
    const posted = await post({
      userId: payment.user_id,
      amount: payment.amount,
      kind: 'Deposit',
      reference: maskedPan ? `Card deposit ${maskedPan}` : 'Card deposit',
      paymentId,
    });
    // The provider's token (never the card number) is kept with the deposit, so the balance can be paid back to that card.
    const card = {
      ...(maskedPan && maskedPan !== payment.masked_pan ? { masked_pan: maskedPan } : {}),
      ...(outcome.cardToken ? { card_token: outcome.cardToken } : {}),
      card_fingerprint: outcome.cardFingerprint ?? null,
    };
    await this.setStatus(trx, paymentId, 'Completed', null, card);
    if (payment.store_card && outcome.cardToken && maskedPan)
      await this.saveCard(trx, payment.user_id, {
        token: outcome.cardToken,
        maskedPan,
        fingerprint: outcome.cardFingerprint ?? null,
      });
    return { paymentId, status: 'Completed', error: null, balance: posted.balanceOut };
  }

  /** A limit reached between creation and settlement fails the payment (the provider refunds the card) instead of crediting. */
  private async limitRefusal(trx: Trx, userId: number, amount: number): Promise<string | undefined> {
    try {
      await this.deps.limits.assertWithinLimits(trx, userId, amount, this.deps.clock.now());
      return undefined;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 422) return error.message;
      throw error;
    }
  }

  private async lockOpenWithdrawal(trx: Trx, paymentId: string): Promise<Payment> {
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

  /** The only status change there is: out of Open once (or out of Expired, when the provider confirms a payment after all). */
  private async setStatus(
    trx: Trx,
    paymentId: string,
    status: Exclude<PaymentStatus, 'Open'>,
    error: string | null,
    card: { masked_pan?: string; card_token?: string; card_fingerprint?: string | null } = {},
  ): Promise<void> {
    const updated = await trx
      .updateTable('payments')
      .set({ status, error, updated_at: this.deps.clock.now(), ...card })
      .where('id', '=', paymentId)
      .where('status', 'in', status === 'Expired' ? ['Open'] : ['Open', 'Expired'])
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw new Error(`Payment ${paymentId} left Open under a lock`);
  }

  private async insertPayment(
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
    },
  ): Promise<void> {
    const now = this.deps.clock.now();
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

  private async saveCard(
    trx: Trx,
    userId: number,
    card: { token: string; maskedPan: string; fingerprint: string | null },
  ): Promise<void> {
    const now = this.deps.clock.now();
    const values = { token: card.token, masked_pan: card.maskedPan, fingerprint: card.fingerprint, updated_at: now };
    await trx
      .insertInto('saved_cards')
      .values({ user_id: userId, ...values, created_at: now })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
      .execute();
  }

  private async savedCardChargesInFlight(trx: Trx, userId: number): Promise<number> {
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
  private async isDepositCard(trx: Trx, userId: number, fingerprint: string | null): Promise<boolean> {
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

  /**
   * What the money paths need to know of a customer, in one round trip; refuses a customer who is not in
   * good standing (the session check ran before this transaction, and an exclusion may have landed since)
   * and an unverified identity. `lockUser` reads the users row under FOR SHARE (until commit), so no block can
   * commit after the check; only for a transaction that takes no wallet lock after it (wallet first, then users).
   */
  private async readAccount(
    trx: Trx,
    userId: number,
    options: { lockUser?: boolean } = {},
  ): Promise<{ cardToken: string | null; maskedPan: string | null; fingerprint: string | null }> {
    const select = trx
      .selectFrom('users')
      .leftJoin('saved_cards', 'saved_cards.user_id', 'users.id')
      .select([
        'users.verification_status',
        'users.status',
        'users.exclusion_kind',
        'users.exclusion_until',
        'users.exclusion_permanent',
        'saved_cards.token',
        'saved_cards.masked_pan',
        'saved_cards.fingerprint',
      ])
      .where('users.id', '=', userId);
    const row = await (options.lockUser ? select.forShare('users') : select).executeTakeFirst();
    if (row && !this.standing(row)) throw forbidden(ACCOUNT_CLOSED_TO_PAYMENTS, 'AccountClosed');
    if (row?.verification_status !== 'passed')
      throw unprocessable(VERIFICATION_REQUIRED_MESSAGE, 'VerificationRequired');
    return { cardToken: row.token, maskedPan: row.masked_pan, fingerprint: row.fingerprint };
  }

  /**
   * The payment reference the card is charged under, the same for every attempt with one Idempotency-Key: an
   * attempt that charged the card and then rolled back (a lost commit, a dropped connection) is retried
   * under the same reference, which the provider charges once. A reference already used (a key reused
   * after its retention) gets a fresh one.
   */
  private async savedCardPaymentId(trx: Trx, userId: number, key: string): Promise<string> {
    const hex = createHash('sha256').update(`deposit_js\0${userId}\0${key}`).digest('hex');
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    const used = await trx.selectFrom('payments').select('id').where('id', '=', id).executeTakeFirst();
    return used ? randomUUID() : id;
  }

  /** Active, and in no time out or self-exclusion now. */
  private standing(user: {
    status: UserStatus;
    exclusion_kind: ExclusionKind | null;
    exclusion_until: Date | null;
    exclusion_permanent: boolean;
  }): boolean {
    return user.status === 'active' && exclusionEnd(user, this.deps.clock.now()) === undefined;
  }

  /**
   * `lockUser` reads under FOR SHARE (a block's UPDATE of the row conflicts with it; FOR KEY SHARE would not), for a
   * deposit being opened. Settlement reads plainly: a payment the provider took is not held back by a racing block.
   */
  private async inGoodStanding(trx: Trx, userId: number, options: { lockUser?: boolean } = {}): Promise<boolean> {
    const select = trx
      .selectFrom('users')
      .select(['status', 'exclusion_kind', 'exclusion_until', 'exclusion_permanent'])
      .where('id', '=', userId);
    const user = await (options.lockUser ? select.forShare() : select).executeTakeFirst();
    return user !== undefined && this.standing(user);
  }

  /** Every posting to a wallet, and every limit check, happens under this lock, so they queue per customer. */
  private async lockWallet(trx: Trx, userId: number): Promise<number> {
    const wallet = await trx
      .selectFrom('wallets')
      .select('balance')
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!wallet) throw notFound('Wallet not found');
    return wallet.balance;
  }

  private async balanceIn(trx: Trx, userId: number): Promise<number> {
    const wallet = await trx
      .selectFrom('wallets')
      .select('balance')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return wallet.balance;
  }
}

/** What identifies a withdrawal request for its idempotency key: never the card number or security code, not even hashed. */
function withdrawFingerprint(request: WithdrawRequest) {
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

function toItem(row: {
  id: string;
  kind: PaymentKind;
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
    status: row.status,
    chips: row.amount,
    maskedPan: row.masked_pan,
    error: row.error,
    lastUpdatedAt: row.updated_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}
