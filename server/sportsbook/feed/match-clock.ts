import type { EventPhase } from '../../../src/contract/sportsbook-rules';

/** Match minutes of half time (the whistle to the restart), on the same accelerated clock as the play. */
export const HALF_TIME_MINUTES = 15;
const MATCH_MINUTES = 90;

/**
 * Where a match stands at a moment, from its kick-off and the clock speed (match seconds per real second):
 * the phase and the whole minutes played. Derived from time, so a restarted feed resumes at the right minute.
 */
export function matchClock(kickoffAt: Date, now: Date, speed: number): { phase: EventPhase; minute: number } {
  const played = ((now.getTime() - kickoffAt.getTime()) * speed) / 60_000;
  if (played < 0) return { phase: 'pre-match', minute: 0 };
  if (played < 45) return { phase: 'first-half', minute: Math.floor(played) };
  if (played < 45 + HALF_TIME_MINUTES) return { phase: 'half-time', minute: 45 };
  if (played < MATCH_MINUTES + HALF_TIME_MINUTES)
    return { phase: 'second-half', minute: Math.floor(played - HALF_TIME_MINUTES) };
  return { phase: 'full-time', minute: MATCH_MINUTES };
}

/** Real milliseconds from kick-off to full time. */
export const matchDurationMs = (speed: number) => Math.ceil(((MATCH_MINUTES + HALF_TIME_MINUTES) * 60_000) / speed);

/** Whole real milliseconds from kick-off until the clock shows this match minute (second half after the break). */
export function realOffsetOfMinute(minute: number, speed: number): number {
  const matchMinutes = minute <= 45 ? minute : minute + HALF_TIME_MINUTES;
  return Math.ceil((matchMinutes * 60_000) / speed);
}
