import type { ProfitLossRequest } from '../../contract/safer-gambling';
import { customRange, customRangeError, hasBothDates, presetRange } from '../history/query';

export const PROFIT_LOSS_PERIODS = ['24 Hrs', 'Week', 'Month', 'Custom'] as const;
export type ProfitLossPeriod = (typeof PROFIT_LOSS_PERIODS)[number];

export const BOTH_DATES_NEEDED = "Please choose both a 'From' and a 'To' date.";

/**
 * What to ask the server for, or why not to ask at all: a custom range needs both dates and 'To' not before 'From'
 * (the same rule as the transaction history's custom range). Presets run up to now.
 */
export function profitLossRange(
  period: ProfitLossPeriod,
  now: Date,
  from = '',
  to = '',
): { request: ProfitLossRequest } | { error: string } {
  if (period !== 'Custom') return { request: { from: presetRange(period, now).from, to: now.toISOString() } };
  if (!hasBothDates(from, to)) return { error: BOTH_DATES_NEEDED };
  const error = customRangeError(from, to);
  if (error) return { error };
  const range = customRange(from, to);
  // customRange ends at the start of the day after 'To'; the profit-loss range includes its end.
  return { request: { from: range.from, to: new Date(new Date(range.to!).getTime() - 1).toISOString() } };
}
