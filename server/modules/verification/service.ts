import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/schema';
import type { Trx } from '../wallet/ledger';
import type { Clock } from '../../platform/clock';
import type { VerificationNotification } from '../../../src/contract/registration';
import { notFound } from '../../platform/errors';

/** Identity checks and the customer's verification status (pending, passed, failed). */
export class VerificationService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Opens a check for a new customer, inside the registration's transaction. Answers its reference. */
  async openCheck(trx: Trx, userId: number): Promise<string> {
    const reference = randomUUID();
    await trx
      .insertInto('identity_checks')
      .values({ reference, user_id: userId, created_at: this.clock.now(), completed_at: null })
      .execute();
    return reference;
  }

  /**
   * Records the provider's result once; a redelivered notification changes nothing. A cancelled check
   * counts as failed for the customer: they are asked for documents, like any failed check.
   */
  async record(notification: VerificationNotification): Promise<{ reference: string; status: string }> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const check = await trx
        .updateTable('identity_checks')
        .set({ status: notification.result, completed_at: now })
        .where('reference', '=', notification.reference)
        .where('status', '=', 'pending')
        .returning(['user_id', 'status'])
        .executeTakeFirst();
      if (!check) {
        const existing = await trx
          .selectFrom('identity_checks')
          .select('status')
          .where('reference', '=', notification.reference)
          .executeTakeFirst();
        if (!existing) throw notFound('Unknown identity check', 'UnknownCheck');
        return { reference: notification.reference, status: existing.status };
      }
      await trx
        .updateTable('users')
        .set({ verification_status: notification.result === 'passed' ? 'passed' : 'failed', updated_at: now })
        .where('id', '=', check.user_id)
        .where('verification_status', '!=', 'passed')
        .execute();
      return { reference: notification.reference, status: check.status };
    });
  }
}
