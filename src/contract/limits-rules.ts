import { formatPence } from './rules/money';

/** The deposit-limit rules and words that need no schema: the header path loads these without zod. */
export const LIMIT_KINDS = ['Daily', 'Weekly', 'Monthly'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export type LimitKey = Lowercase<LimitKind>;
export const limitKey = (kind: LimitKind) => kind.toLowerCase() as LimitKey;
/** Rolling windows the remaining amounts are counted over. */
export const LIMIT_WINDOW_MS: Record<LimitKind, number> = {
  Daily: 24 * 3600_000,
  Weekly: 7 * 24 * 3600_000,
  Monthly: 30 * 24 * 3600_000,
};
/** Increases and deletions wait this long (docs/decisions.md, Deposit limits). */
export const LIMIT_COOLING_OFF_MS = 24 * 3600_000;
/** £1,000,000: far above any real limit, low enough that sums of pence stay exact. */
export const MAX_LIMIT_PENCE = 100_000_000;
export const QUICK_LIMIT_POUNDS = [10, 20, 50, 100] as const;

export const INVALID_AMOUNT = 'Please enter a valid amount';
export const USER_NOT_AVAILABLE = 'User details not available';
export const DAILY_ABOVE_MONTHLY = 'Daily limit cannot be higher than monthly';
export const limitExceededMessage = (kind: LimitKind) => `${kind} limit exceeded`;

/** The deposit-limit question's answers and the six-monthly review (docs/decisions.md, Limit question and Limit reviews). */
export const LIMIT_DECISIONS = ['set', 'declined', 'reviewed'] as const;
export type LimitDecision = (typeof LIMIT_DECISIONS)[number];
export const LIMIT_REVIEW_MONTHS = 6;
export const LIMIT_QUESTION_UNANSWERED = 'Before your first deposit, please set a deposit limit or choose not to.';
export const LIMIT_QUESTION_FIRST = 'Please set a deposit limit or choose not to first.';
// Made at its first use: a formatter with a time zone costs the page's start about 10 ms of ICU loading, and a
// refusal is never on the first screen (docs/benchmarks.md, "The host's start and its largest paint").
let ukTime: Intl.DateTimeFormat | undefined;
const ukTimeFormat = () =>
  (ukTime ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }));

/**
 * A deposit refused by a limit, with what the limits still allow (pence, said in pounds) and when that grows: the
 * moment the oldest deposit counted leaves the binding window, or a waiting increase starts (UK time).
 */
export function limitRefusalMessage(kind: LimitKind, remaining: number, growsAt: Date | null): string {
  const now = remaining > 0 ? `You can deposit up to ${formatPence(remaining)} now` : 'You cannot deposit more now';
  return `${limitExceededMessage(kind)}. ${now}${growsAt ? `; more from ${ukTimeFormat().format(growsAt)} (UK time)` : ''}.`;
}
