import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Whether money of the customer is still on its way out (a withdrawal of status Open); deletion waits for it. PaymentsService answers it. */
export interface OpenWithdrawalsCheck {
  hasOpenWithdrawals(userId: number, db?: Kysely<Database>): Promise<boolean>;
}
