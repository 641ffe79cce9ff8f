import { FIRST_HALF_SHARE, HALF_MINUTES } from '../pricing/match-rates';
import type { FinalResult, GoalTime, MatchState } from '../pricing/types';
import type { SelectionChances } from './market-rule';

/**
 * The goals of a result, when its goal times are known and agree with both scores (as many goals for each side as
 * the full-time score, as many by the 45th minute as the half-time score); otherwise undefined, and the markets on
 * the first goal are void.
 */
export function knownGoals(result: FinalResult): readonly GoalTime[] | undefined {
  const { goals, halfTime, fullTime } = result;
  if (!goals) return undefined;
  const count = (side: 'home' | 'away', through: number) =>
    goals.filter((goal) => goal.side === side && goal.minute <= through).length;
  const minutesValid = goals.every(
    (goal, at) =>
      Number.isInteger(goal.minute) &&
      goal.minute >= 1 &&
      goal.minute <= 2 * HALF_MINUTES &&
      (at === 0 || goal.minute >= goals[at - 1]!.minute),
  );
  if (!minutesValid || goals.length !== fullTime.home + fullTime.away) return undefined;
  if (count('home', 90) !== fullTime.home || count('away', 90) !== fullTime.away) return undefined;
  if (count('home', HALF_MINUTES) !== halfTime.home || count('away', HALF_MINUTES) !== halfTime.away) return undefined;
  return goals;
}

/** The share of a whole match's expected goals the model puts after match minute x (0 to 90): 45% in the first half, 55% in the second, evenly within each. */
export function shareAfter(minute: number): number {
  const x = Math.min(Math.max(minute, 0), 2 * HALF_MINUTES);
  return x <= HALF_MINUTES
    ? FIRST_HALF_SHARE * ((HALF_MINUTES - x) / HALF_MINUTES) + (1 - FIRST_HALF_SHARE)
    : (1 - FIRST_HALF_SHARE) * ((2 * HALF_MINUTES - x) / HALF_MINUTES);
}

/** The match minute the clock has reached: where the goals still to come start. */
export function minuteNow(state: MatchState): number {
  switch (state.phase) {
    case 'pre-match':
      return 0;
    case 'first-half':
      return Math.min(state.minute, HALF_MINUTES);
    case 'half-time':
      return HALF_MINUTES;
    case 'second-half':
      return Math.min(Math.max(state.minute, HALF_MINUTES), 2 * HALF_MINUTES);
    case 'full-time':
      return 2 * HALF_MINUTES;
  }
}

/**
 * Once a goal is in, the first goal's markets are decided and closed; the score alone does not say who scored
 * first, so no selection is priced: every one reads as certainly void to the pricing (settlement uses the goals).
 */
export const decidedByFirstGoal = (selections: number): SelectionChances[] =>
  Array.from({ length: selections }, () => ({ win: 0, void: 1, lose: 0 }));
