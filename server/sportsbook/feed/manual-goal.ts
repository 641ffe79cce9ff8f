import type { EventRecord } from '../catalogue/records';

/**
 * A goal the trader records by hand (a feed that lags or missed one): the score goes up and the match's markets are
 * suspended for the goal suspension, exactly as a goal from the feed does; the feed carries on from the new score.
 * Undefined when the match is not in play.
 */
export function recordGoal(current: EventRecord, side: 'home' | 'away', now: Date, goalSuspensionMs: number): Omit<EventRecord, 'seq'> | undefined {
  if (current.status !== 'live' || (current.phase !== 'first-half' && current.phase !== 'second-half')) return undefined;
  const { seq: _seq, ...state } = current;
  return { ...state, score: { ...current.score, [side]: current.score[side] + 1 }, suspendedUntil: new Date(now.getTime() + goalSuspensionMs) };
}
