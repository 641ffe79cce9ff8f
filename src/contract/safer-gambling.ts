import { z } from 'zod';
import { text, isoDate } from './common';

const TO_BEFORE_FROM = "'To' date cannot be before 'From' date.";

export const profitLossRequest = z
  .object({ from: isoDate(), to: isoDate() })
  .refine((range) => new Date(range.to).getTime() >= new Date(range.from).getTime(), {
    message: TO_BEFORE_FROM,
    path: ['to'],
  });
export type ProfitLossRequest = z.infer<typeof profitLossRequest>;

export const profitLossResponse = z.object({ staked: z.number(), returns: z.number(), diff: z.number() });
export type ProfitLossResponse = z.infer<typeof profitLossResponse>;

export const TIME_OUT_MAX_DAYS = 30;
/** 6 months, 1 year, 3 years, 5 years (docs/decisions.md, Time out and self-exclusion). */
const SELF_EXCLUSION_DAYS = [180, 365, 1095, 1825] as const;
export const LOCK_AGREEMENT = 'I understand my account will be locked for the duration selected';
export const INVALID_LOCK =
  'Choose a time out of 1 to 30 days, or a self-exclusion of 6 months, 1, 3 or 5 years, or permanently';

export const isAllowedLockDays = (days: number) =>
  (Number.isInteger(days) && days >= 1 && days <= TIME_OUT_MAX_DAYS) ||
  (SELF_EXCLUSION_DAYS as readonly number[]).includes(days);

export const lockAccountRequest = z
  .object({
    days: z.number().int().min(0).max(1825).optional(),
    permanently: z.boolean().optional().default(false),
  })
  .refine((body) => body.permanently || (body.days !== undefined && isAllowedLockDays(body.days)), {
    message: INVALID_LOCK,
    path: ['days'],
  });
export type LockAccountRequest = z.input<typeof lockAccountRequest>;

export const lockAccountResponse = z.object({
  duration: z.number(),
  permanently: z.boolean(),
  kind: z.enum(['time-out', 'self-exclusion']),
  /** When the lock in force ends; null when permanent. */
  until: text().nullable(),
  message: text(),
});
export type LockAccountResponse = z.infer<typeof lockAccountResponse>;
