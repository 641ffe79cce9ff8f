import { z } from 'zod';
import { pence } from './common';

export const LIMIT_KINDS = ['Daily', 'Weekly', 'Monthly'] as const;
export const limitKind = z.enum(LIMIT_KINDS);
export type LimitKind = z.infer<typeof limitKind>;
export type LimitKey = Lowercase<LimitKind>;
export const limitKey = (kind: LimitKind) => kind.toLowerCase() as LimitKey;

/** Rolling windows the remaining amounts are counted over. */
export const LIMIT_WINDOW_MS: Record<LimitKind, number> = {
  Daily: 24 * 3600_000,
  Weekly: 7 * 24 * 3600_000,
  Monthly: 30 * 24 * 3600_000,
};
/** Increases and deletions wait this long (DESIGN.md, Deposit limits). */
export const LIMIT_COOLING_OFF_MS = 24 * 3600_000;
/** £1,000,000: far above any real limit, low enough that sums of pence stay exact. */
export const MAX_LIMIT_PENCE = 100_000_000;
export const QUICK_LIMIT_POUNDS = [10, 20, 50, 100] as const;

export const INVALID_AMOUNT = 'Please enter a valid amount';
export const USER_NOT_AVAILABLE = 'User details not available';
export const DAILY_ABOVE_MONTHLY = 'Daily limit cannot be higher than monthly';
export const limitExceededMessage = (kind: LimitKind) => `${kind} limit exceeded`;

export const setLimitRequest = z.object({
  amount: pence.refine((value) => value > 0, INVALID_AMOUNT).refine((value) => value <= MAX_LIMIT_PENCE, 'Limit is too high'),
  kind: limitKind,
  userId: z.number().int().positive(),
});
export type SetLimitRequest = z.infer<typeof setLimitRequest>;

export const depositLimit = z.object({
  id: z.number(),
  kind: limitKind,
  amount: z.number(),
  active: z.boolean(),
  effectiveFrom: z.string(),
  remaining: z.object({ remainingAmount: z.number() }),
  /** A change waiting out its cooling-off; amount null means the limit is being removed. */
  pending: z.object({ amount: z.number().nullable(), effectiveFrom: z.string() }).optional(),
});
export type DepositLimit = z.infer<typeof depositLimit>;

export const limitsResponse = z.object({
  daily: depositLimit.nullable().optional(),
  weekly: depositLimit.nullable().optional(),
  monthly: depositLimit.nullable().optional(),
});
export type LimitsResponse = z.infer<typeof limitsResponse>;

export const setLimitResponse = z.object({ message: z.string(), limit: depositLimit });
export type SetLimitResponse = z.infer<typeof setLimitResponse>;

export const deleteLimitResponse = z.object({ message: z.string(), effectiveFrom: z.string() });
export type DeleteLimitResponse = z.infer<typeof deleteLimitResponse>;

export const limitIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
