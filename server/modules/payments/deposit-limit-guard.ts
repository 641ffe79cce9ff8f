import type { Db } from '../../db/schema';
import type { Trx } from '../wallet/ledger';

/**
 * The seam through which deposits ask the deposit limits. PaymentsService calls it when a deposit is
 * created and again at settlement, inside the ledger transaction after locking the customer's wallet
 * row, so two concurrent deposits cannot together pass a limit. It throws a 422 AppError
 * ('Daily limit exceeded', 'Weekly limit exceeded' or 'Monthly limit exceeded') to refuse.
 */
export interface DepositLimitGuard {
  assertWithinLimits(db: Db | Trx, userId: number, amount: number, now: Date): Promise<void>;
}

/** Until the limits module provides its guard. */
export const noDepositLimits: DepositLimitGuard = {
  async assertWithinLimits() {},
};
