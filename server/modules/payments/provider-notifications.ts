import type { Clock } from '../../platform/clock';
import type { Ledger } from '../wallet/ledger';
import type { PaymentNotification } from '../../providers/card-payments/provider';
import { notFound, unprocessable } from '../../platform/errors';
import { lockCustomerWallet, PAYMENT_COLUMNS, UNKNOWN_PAYMENT } from './payment-records';
import type { DepositHarmWatch, DepositSettlement } from './deposit-settlement';
import type { PaymentResult } from '../../../src/contract/payments';

export interface ProviderNotificationsDeps {
  clock: Clock;
  ledger: Ledger;
  settlement: DepositSettlement;
  harmWatch?: DepositHarmWatch;
}

/** The card provider's signed word on a deposit, recorded once and settled. */
export class ProviderNotifications {
  constructor(private readonly deps: ProviderNotificationsDeps) {}

  /** A signed notification from the provider (already verified): settles the deposit once, whatever the delivery order. */
  async handleNotification(notification: PaymentNotification): Promise<PaymentResult> {
    let userId: number | undefined;
    const result = await this.deps.ledger.transaction(async (trx, post) => {
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
      userId = payment.user_id;
      const balance = await lockCustomerWallet(trx, payment.user_id);
      const outcome =
        notification.status === 'success'
          ? {
              ok: true as const,
              maskedPan: notification.maskedPan ?? null,
              cardToken: notification.cardToken,
              cardFingerprint: notification.cardFingerprint,
            }
          : { ok: false as const, error: notification.error ?? 'Payment failed' };
      return this.deps.settlement.settleLocked(trx, post, payment, balance, outcome);
    });
    if (userId !== undefined) this.deps.harmWatch?.afterCommit(userId);
    return result;
  }
}
