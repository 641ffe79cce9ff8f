import type { Clock } from '../../platform/clock';
import type { Ledger, Posting, Posted, Trx } from '../wallet/ledger';
import type { IdempotencyService } from '../idempotency/service';
import type { ChargeOutcome } from '../../providers/card-payments/provider';
import { depositLimitRefusal, type DepositLimitGuard } from './deposit-limit-guard';
import { lockCustomerWallet, PAYMENT_COLUMNS, type Payment, type PaymentRecords } from './payment-records';
import type { CustomerStanding } from './customer-standing';
import { WALLET_NAMES, type PaymentResult } from '../../../src/contract/payments';

/**
 * A deposit settling for a customer who is suspended, deleted, timed out or self-excluded is refused, not
 * credited: the payment fails, so the provider returns the money to the card, and no gambling funds reach
 * an account its owner has closed (or the operator has). Deliberate: crediting would leave money in a
 * wallet the customer cannot sign in to.
 */
export const ACCOUNT_CLOSED_TO_DEPOSITS =
  'Deposit refused: this account cannot take deposits now. The card is refunded.';

type SettleOutcome =
  { ok: true; maskedPan: string | null; cardToken?: string; cardFingerprint?: string } | { ok: false; error: string };

/** The harm checks' part in a deposit (server/modules/harm/watch.ts): a cheap note in its transaction, the rest after. */
export interface DepositHarmWatch {
  noteDeposit(trx: Trx, userId: number): Promise<unknown>;
  afterCommit(userId: number): void;
}

export interface DepositSettlementDeps {
  clock: Clock;
  ledger: Ledger;
  idempotency: IdempotencyService;
  limits: DepositLimitGuard;
  records: PaymentRecords;
  standing: CustomerStanding;
  harmWatch?: DepositHarmWatch;
}

/**
 * A deposit leaves Open exactly once (row locked, then a guarded UPDATE), so a notification delivered twice, or
 * late, settles once. Money moves only through the ledger.
 */
export class DepositSettlement {
  constructor(private readonly deps: DepositSettlementDeps) {}

  /**
   * Settles a deposit from what the provider said (nothing: only answers how it stands), in its own
   * transaction; the Idempotency-Key's answer is stored with the money.
   */
  async settle(
    paymentId: string,
    outcome: ChargeOutcome | undefined,
    request?: { userId: number; key: string },
  ): Promise<PaymentResult> {
    let userId: number | undefined;
    const settled = await this.deps.ledger.transaction(async (trx, post) => {
      // Lock order everywhere: payment, then wallet.
      const payment = await trx
        .selectFrom('payments')
        .select(PAYMENT_COLUMNS)
        .where('id', '=', paymentId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      userId = payment.user_id;
      const balance = await lockCustomerWallet(trx, payment.user_id);
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
    if (outcome && userId !== undefined) this.deps.harmWatch?.afterCommit(userId);
    return settled;
  }

  /**
   * Settles a deposit whose payment row and wallet row this transaction has locked: out of Open once. A
   * card-page payment is refused here for the customer's standing or a limit (its Failed answer goes back to
   * the provider, which returns the money). A saved-card charge (its token is on the row from the start) had
   * both checked under the wallet lock, counting every charge in flight, before the card was charged, and
   * nothing would give that money back: it is credited, and if the account closed meanwhile, the operator's
   * payout-balance returns it to the card.
   */
  async settleLocked(
    trx: Trx,
    post: (posting: Posting) => Promise<Posted>,
    payment: Payment,
    balance: number,
    outcome: SettleOutcome,
  ): Promise<PaymentResult> {
    const { records, standing, limits, clock } = this.deps;
    const chargedSavedCard = payment.card_token !== null;
    const paymentId = payment.id;
    // An Expired deposit the provider confirms after all was paid: it settles like an Open one (a card-page payment
    // through the standing and limit checks below). No saved-card deposit is charged once Expired (startSavedCardDeposit,
    // expire), so one confirmed Expired is money the provider really took before: credited, never lost.
    if (payment.status !== 'Open' && payment.status !== 'Expired')
      return { paymentId, status: payment.status, error: payment.error, balance };
    if (!outcome.ok) {
      await records.setStatus(trx, paymentId, 'Failed', outcome.error);
      return { paymentId, status: 'Failed', error: outcome.error, balance };
    }
    if (!chargedSavedCard && !(await standing.inGoodStanding(trx, payment.user_id))) {
      await records.setStatus(trx, paymentId, 'Failed', ACCOUNT_CLOSED_TO_DEPOSITS);
      return { paymentId, status: 'Failed', error: ACCOUNT_CLOSED_TO_DEPOSITS, balance };
    }
    // A limit reached between creation and settlement fails the payment (the provider refunds the card) instead of crediting.
    const refusal = chargedSavedCard
      ? undefined
      : await depositLimitRefusal(
          limits,
          trx,
          payment.user_id,
          payment.amount,
          clock.now(),
          await records.savedCardChargesInFlight(trx, payment.user_id),
        );
    if (refusal) {
      await records.setStatus(trx, paymentId, 'Failed', refusal);
      return { paymentId, status: 'Failed', error: refusal, balance };
    }
    const maskedPan = outcome.maskedPan ?? payment.masked_pan;
    const posted = await post({
      userId: payment.user_id,
      amount: payment.amount,
      kind: 'Deposit',
      reference: `${payment.method === 'Card' ? 'Card' : WALLET_NAMES[payment.method]} deposit${maskedPan ? ` ${maskedPan}` : ''}`,
      paymentId,
    });
    // The provider's token (never the card number) is kept with the deposit, so the balance can be paid back to that card.
    const card = {
      ...(maskedPan && maskedPan !== payment.masked_pan ? { masked_pan: maskedPan } : {}),
      ...(outcome.cardToken ? { card_token: outcome.cardToken } : {}),
      card_fingerprint: outcome.cardFingerprint ?? null,
    };
    await records.setStatus(trx, paymentId, 'Completed', null, card);
    await this.deps.harmWatch?.noteDeposit(trx, payment.user_id);
    if (payment.store_card && outcome.cardToken && maskedPan)
      await records.saveCard(trx, payment.user_id, {
        token: outcome.cardToken,
        maskedPan,
        fingerprint: outcome.cardFingerprint ?? null,
      });
    return { paymentId, status: 'Completed', error: null, balance: posted.balanceOut };
  }
}
