import type { GoalRates, MatchRates, MatchState } from '../pricing/types';
import type { EventRecord } from '../catalogue/records';
import { isOpenStatus } from '../catalogue/records';
import { matchState } from '../catalogue/score-model';
import { matchClock, realOffsetOfMinute } from './match-clock';

export interface StepContext {
  now: Date;
  /** Match seconds per real second. */
  speed: number;
  goalSuspensionMs: number;
  goalRates(rates: MatchRates, state: MatchState): GoalRates;
  scores: GoalDraw;
}

/** Whether a side scores in this minute, which it does with this probability; tests script it. */
export type GoalDraw = (eventId: string, minute: number, side: 'home' | 'away', probability: number) => boolean;

export const randomGoals: GoalDraw = (_eventId, _minute, _side, probability) => Math.random() < probability;

/**
 * The next state of a match at `now`, or undefined when nothing changed. Plays every whole minute the clock has
 * passed since the stored state, one at a time, drawing each side's goals from the model's per-minute rates;
 * so a match the feed missed for a while (a restart) catches up through the same steps.
 */
export function stepMatch(current: EventRecord, context: StepContext): Omit<EventRecord, 'seq'> | undefined {
  if (!isOpenStatus(current.status)) return undefined;
  const target = matchClock(current.kickoffAt, context.now, context.speed);
  if (target.phase === 'pre-match') return undefined;
  const next = {
    ...current,
    score: { ...current.score },
    halfTimeScore: current.halfTimeScore ? { ...current.halfTimeScore } : null,
    goals: [...current.goals],
  };
  let changed = false;
  /** When the last goal's minute ended, in real time: its suspension runs from then (a caught-up goal long ago suspends nothing). */
  let lastGoalAt: number | undefined;
  if (next.status === 'scheduled') {
    Object.assign(next, { status: 'live', phase: 'first-half', minute: 0 });
    changed = true;
  }

  const playMinute = () => {
    const rates = context.goalRates(next.rates, matchState(next));
    const minute = next.minute + 1;
    const home = context.scores(next.id, minute, 'home', 1 - Math.exp(-rates.home));
    const away = context.scores(next.id, minute, 'away', 1 - Math.exp(-rates.away));
    next.minute = minute;
    // Both in one minute: recorded home first (a draw of the order would change nothing the model prices).
    if (home) {
      next.score.home++;
      next.goals.push({ side: 'home', minute });
    }
    if (away) {
      next.score.away++;
      next.goals.push({ side: 'away', minute });
    }
    if (home || away) lastGoalAt = next.kickoffAt.getTime() + realOffsetOfMinute(next.minute, context.speed);
    changed = true;
  };

  for (;;) {
    if (next.phase === 'first-half') {
      if (next.minute < 45 && (target.phase !== 'first-half' || next.minute < target.minute)) {
        playMinute();
        continue;
      }
      if (target.phase === 'first-half') break;
      Object.assign(next, { phase: 'half-time', minute: 45, halfTimeScore: { ...next.score } });
      changed = true;
      continue;
    }
    if (next.phase === 'half-time') {
      if (target.phase === 'half-time') break;
      next.phase = 'second-half';
      changed = true;
      continue;
    }
    if (next.phase === 'second-half') {
      if (next.minute < 90 && (target.phase === 'full-time' || next.minute < target.minute)) {
        playMinute();
        continue;
      }
      if (target.phase === 'second-half') break;
      Object.assign(next, { phase: 'full-time', status: 'ended', minute: 90, suspendedUntil: null });
      changed = true;
    }
    break;
  }

  if (next.status === 'live') {
    const goalSuspension =
      lastGoalAt === undefined ? undefined : Math.min(lastGoalAt, context.now.getTime()) + context.goalSuspensionMs;
    if (goalSuspension !== undefined && goalSuspension > context.now.getTime())
      next.suspendedUntil = new Date(goalSuspension);
    else if (next.suspendedUntil && context.now.getTime() >= next.suspendedUntil.getTime()) {
      next.suspendedUntil = null;
      changed = true;
    }
  }
  if (!changed) return undefined;
  const { seq: _seq, ...state } = next;
  return state;
}
