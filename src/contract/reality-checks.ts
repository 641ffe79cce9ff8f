import { z } from 'zod';
import { text } from './common';

/**
 * Reality checks (RTS 13; docs/decisions.md, Reality checks): a reminder every so many minutes of a session, counted
 * from sign-in. The quick picks are the issue's; the Commission asks for a frequency of the customer's choosing, so any
 * whole number of minutes in the range is taken.
 */
export const REALITY_CHECK_QUICK_MINUTES = [15, 30, 60] as const;
export const REALITY_CHECK_MIN_MINUTES = 5;
export const REALITY_CHECK_MAX_MINUTES = 240;
export const INVALID_REALITY_CHECK_INTERVAL = `Choose a reminder every ${REALITY_CHECK_MIN_MINUTES} to ${REALITY_CHECK_MAX_MINUTES} minutes, or none`;

export const realityCheckSettingsRequest = z.object({
  intervalMinutes: z
    .number({ error: INVALID_REALITY_CHECK_INTERVAL })
    .int(INVALID_REALITY_CHECK_INTERVAL)
    .min(REALITY_CHECK_MIN_MINUTES, INVALID_REALITY_CHECK_INTERVAL)
    .max(REALITY_CHECK_MAX_MINUTES, INVALID_REALITY_CHECK_INTERVAL)
    .nullable(),
});
export type RealityCheckSettingsRequest = z.infer<typeof realityCheckSettingsRequest>;

/** The customer's setting and, when on, how long until this session's next reminder (0 or less: due now). */
export const realityCheckStatus = z.object({
  intervalMinutes: z.number().int().nullable(),
  sessionStartedAt: text(),
  dueInMs: z.number().nullable(),
});
export type RealityCheckStatus = z.infer<typeof realityCheckStatus>;

/** What the reminder shows: time signed in and, in pence from the ledger since sign-in, deposits, stakes and returns. */
export const realityCheckSummary = z.object({
  signedInMinutes: z.number().int(),
  deposits: z.number().int(),
  stakes: z.number().int(),
  returns: z.number().int(),
  /** Returns less stakes: what play has won (positive) or lost (negative) this session. */
  net: z.number().int(),
});
export type RealityCheckSummary = z.infer<typeof realityCheckSummary>;
