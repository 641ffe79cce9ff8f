import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { MINUTE } from '../../platform/clock';
import type { CardPaymentProvider } from '../../providers/card-payments/provider';
import type { PaymentRecords } from './payment-records';
import type { DepositSettlement } from './deposit-settlement';
import { DEPOSIT_EXPIRED_MESSAGE, DEPOSIT_OPEN_EXPIRY_MINUTES } from '../../../src/contract/payments';

/** Reconciliation leaves younger Open deposits alone: their request may still be talking to the provider. */
const RECONCILE_AFTER_MS = 2 * MINUTE;

export interface OpenDepositReconciliationDeps {
  db: Db;
  clock: Clock;
  provider: CardPaymentProvider;
  records: PaymentRecords;
  settlement: DepositSettlement;
}

/** Deposits left Open by a lost settlement or an abandoned card page, settled from the provider's record or expired. */
export class OpenDepositReconciliation {
  constructor(private readonly deps: OpenDepositReconciliationDeps) {}

  /**
   * Run at start and periodically: every deposit still Open a while after it was made is settled from the
   * provider's record of its reference (a charge whose settlement a crash or timeout lost); one the provider
   * never saw is Expired once DEPOSIT_OPEN_EXPIRY_MINUTES have passed (the card page was closed unpaid).
   */
  async reconcileOpenDeposits(): Promise<{ settled: number; expired: number }> {
    const now = this.deps.clock.now().getTime();
    const open = await this.deps.db
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
        await this.deps.settlement.settle(payment.id, found);
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
    return this.deps.db.transaction().execute(async (trx) => {
      const payment = await trx
        .selectFrom('payments')
        .select(['status', 'updated_at'])
        .where('id', '=', paymentId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (payment.status !== 'Open') return false;
      if (payment.updated_at.getTime() > this.deps.clock.now().getTime() - RECONCILE_AFTER_MS) return false;
      await this.deps.records.setStatus(trx, paymentId, 'Expired', DEPOSIT_EXPIRED_MESSAGE);
      return true;
    });
  }
}
