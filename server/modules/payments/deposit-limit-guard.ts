import type { Db } from '../../db/schema';
import type { Trx } from '../wallet/ledger';
import { AppError } from '../../platform/errors';

/**
 * The seam through which deposits ask the deposit limits. The deposits call it when one is
 * created and again at settlement, inside the ledger transaction after locking the customer's wallet
 * row, so two concurrent deposits cannot together pass a limit. It throws a 422 AppError
 * ('Daily limit exceeded', 'Weekly limit exceeded' or 'Monthly limit exceeded') to refuse.
 */
export interface DepositLimitGuard {
  /** `held`: pence of saved-card charges still in flight, counted as deposited (and so out of what is left). */
  assertWithinLimits(db: Db | Trx, userId: number, amount: number, now: Date, held?: number): Promise<void>;
}

/** A limit's refusal as its message (undefined within limits), for a deposit that fails instead of being refused. */
export async function depositLimitRefusal(
  limits: DepositLimitGuard,
  trx: Trx,
  userId: number,
  amount: number,
  now: Date,
  held: number,
): Promise<string | undefined> {
  try {
    await limits.assertWithinLimits(trx, userId, amount, now, held);
    return undefined;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 422) return error.message;
    throw error;
  }
}
