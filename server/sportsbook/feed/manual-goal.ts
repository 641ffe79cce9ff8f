import type { EventRecord } from '../catalogue/records';

/**
 * A goal the trader records by hand (a feed that lags or missed one): the score goes up and the match's markets are
 * suspended for the goal suspension, exactly as a goal from the feed does (its minute recorded for the markets on
 * goal times); the feed carries on from the new score.
 * Undefined when the match is not in play.
 */
export function recordGoal(
  current: EventRecord,
  side: 'home' | 'away',
  now: Date,
  goalSuspensionMs: number,
): Omit<EventRecord, 'seq'> | undefined {
  if (current.status !== 'live' || (current.phase !== 'first-half' && current.phase !== 'second-half'))
    return undefined;
  const { seq: _seq, ...state } = current;
  // In the minute being played (the clock shows the last one played); stoppage time counts as the 45th or 90th.
  const minute = Math.min(current.minute + 1, current.phase === 'first-half' ? 45 : 90);
  return {
    ...state,
    score: { ...current.score, [side]: current.score[side] + 1 },
    goals: [...current.goals, { side, minute }],
    suspendedUntil: new Date(now.getTime() + goalSuspensionMs),
  };
}
