import { z } from 'zod';
import { pence, text } from './common';
import { INVALID_AMOUNT, LIMIT_DECISIONS, LIMIT_KINDS, MAX_LIMIT_PENCE } from './limits-rules';

export * from './limits-rules';

export const limitKind = z.enum(LIMIT_KINDS);

export const setLimitRequest = z.object({
  amount: pence
    .refine((value) => value > 0, INVALID_AMOUNT)
    .refine((value) => value <= MAX_LIMIT_PENCE, 'Limit is too high'),
  kind: limitKind,
  userId: z.number().int().positive(),
});
export type SetLimitRequest = z.infer<typeof setLimitRequest>;

export const depositLimit = z.object({
  id: z.number(),
  kind: limitKind,
  amount: z.number(),
  active: z.boolean(),
  effectiveFrom: text(),
  remaining: z.object({ remainingAmount: z.number() }),
  /** A change waiting out its cooling-off; amount null means the limit is being removed. */
  pending: z.object({ amount: z.number().nullable(), effectiveFrom: text() }).optional(),
});
export type DepositLimit = z.infer<typeof depositLimit>;

export const limitsResponse = z.object({
  daily: depositLimit.nullable().optional(),
  weekly: depositLimit.nullable().optional(),
  monthly: depositLimit.nullable().optional(),
});
export type LimitsResponse = z.infer<typeof limitsResponse>;

export const setLimitResponse = z.object({ message: text(), limit: depositLimit });
export type SetLimitResponse = z.infer<typeof setLimitResponse>;

export const deleteLimitResponse = z.object({ message: text(), effectiveFrom: text() });
export type DeleteLimitResponse = z.infer<typeof deleteLimitResponse>;

export const limitIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Where the customer stands with the deposit-limit question: `mustAnswer` before a first deposit (they have neither set
 * a limit nor declined), and whether the six-monthly review of their limits is due.
 */
export const limitQuestionResponse = z.object({
  mustAnswer: z.boolean(),
  lastDecision: z.enum(LIMIT_DECISIONS).nullable(),
  lastDecisionAt: text().nullable(),
  reviewDue: z.boolean(),
  nextReviewAt: text().nullable(),
});
export type LimitQuestionResponse = z.infer<typeof limitQuestionResponse>;
