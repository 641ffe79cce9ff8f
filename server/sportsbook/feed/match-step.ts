import type { GoalRates, MatchRates, MatchState } from '../pricing/types';
import type { EventRecord } from '../catalogue/records';
import { isOpenStatus } from '../catalogue/records';
import { matchState } from '../catalogue/score-model';
import { matchClock } from './match-clock';

export interface StepContext {
  now: Date;
  /** Match seconds per real second. */
  speed: number;
  goalSuspensionMs: number;
  goalRates(rates: MatchRates, state: MatchState): GoalRates;
  /** Uniform in [0, 1); tests script it. */
  random(): number;
}

/**
 * The next state of a match at `now`, or undefined when nothing changed. Plays every whole minute the clock has
 * passed since the stored state, one at a time, drawing each side's goals from the model's per-minute rates;
 * so a match the feed missed for a while (a restart) catches up through the same steps.
 */
export function stepMatch(current: EventRecord, context: StepContext): Omit<EventRecord, 'seq'> | undefined {
  if (!isOpenStatus(current.status)) return undefined;
  const target = matchClock(current.kickoffAt, context.now, context.speed);
  if (target.phase === 'pre-match') return undefined;
  const next = { ...current, score: { ...current.score }, halfTimeScore: current.halfTimeScore ? { ...current.halfTimeScore } : null };
  let changed = false;
  let scored = false;
  if (next.status === 'scheduled') {
    Object.assign(next, { status: 'live', phase: 'first-half', minute: 0 });
    changed = true;
  }

  const playMinute = () => {
    const rates = context.goalRates(next.rates, matchState(next));
    if (context.random() < 1 - Math.exp(-rates.home)) {
      next.score.home++;
      scored = true;
    }
    if (context.random() < 1 - Math.exp(-rates.away)) {
      next.score.away++;
      scored = true;
    }
    next.minute++;
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
    if (scored) next.suspendedUntil = new Date(context.now.getTime() + context.goalSuspensionMs);
    else if (next.suspendedUntil && context.now.getTime() >= next.suspendedUntil.getTime()) {
      next.suspendedUntil = null;
      changed = true;
    }
  }
  if (!changed) return undefined;
  const { seq: _seq, ...state } = next;
  return state;
}
