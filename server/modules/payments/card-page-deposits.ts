import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { HOUR } from '../../platform/clock';
import type { Trx } from '../wallet/ledger';
import type { IdempotencyService } from '../idempotency/service';
import { requestHash } from '../idempotency/service';
import type { CardPaymentProvider } from '../../providers/card-payments/provider';
import type { DepositLimitGuard } from './deposit-limit-guard';
import type { Answer, PaymentRecords } from './payment-records';
import type { CustomerStanding } from './customer-standing';
import { tooManyRequests } from '../../platform/errors';
import type { DepositFormResponse } from '../../../src/contract/payments';

/** Card-page deposits still Open from the last hour that one customer may have at once: each form is a payment row. */
export const MAX_WAITING_DEPOSITS = 10;
export const TOO_MANY_WAITING_DEPOSITS =
  'You have several deposits waiting to be completed. Please finish one, or try again later.';

export interface CardPageDepositsDeps {
  db: Db;
  clock: Clock;
  provider: CardPaymentProvider;
  idempotency: IdempotencyService;
  limits: DepositLimitGuard;
  records: PaymentRecords;
  standing: CustomerStanding;
}

/**
 * Deposits on the provider's hosted card page: opened here, settled by the provider's notification. The form takes no
 * wallet: it locks the users row first (share locks do not conflict with each other, and a block holds nothing else
 * while it updates that row).
 */
export class CardPageDeposits {
  constructor(private readonly deps: CardPageDepositsDeps) {}

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
    const { idempotency, limits, provider, clock, records, standing } = this.deps;
    return this.deps.db.transaction().execute(async (trx) => {
      await standing.readAccount(trx, userId, { lockUser: true });
      return idempotency.once(trx, userId, key, requestHash('GET /deposit_form', request), async () => {
        // An early answer for the customer; the check that counts is the one at settlement, under the wallet lock.
        await limits.assertWithinLimits(trx, userId, request.amount, clock.now());
        await this.assertFewDepositsWaiting(trx, userId);
        const paymentId = randomUUID();
        await records.insertPayment(trx, {
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
}
