import { expectedCorrection, lowScoreCorrection } from './dixon-coles';
import type { GoalRates, LeagueProfile, MatchRates, MatchState, TeamStrength } from './types';

/**
 * Expected goals over 90 minutes (Dixon-Coles' lambda = alpha_home * beta_away * gamma): a side's attack times the
 * other side's defence times the league's average for a home or an away side, so home advantage is the league's
 * homeGoals / awayGoals. A defence above 1 concedes more than the league's average.
 */
export function matchRates(home: TeamStrength, away: TeamStrength, league: LeagueProfile): MatchRates {
  return {
    home: home.attack * away.defence * league.homeGoals,
    away: away.attack * home.defence * league.awayGoals,
    rho: league.rho,
  };
}

/** Share of a match's goals scored in the first half (about 45% in the major European leagues). */
export const FIRST_HALF_SHARE = 0.45;
export const HALF_MINUTES = 45;

/**
 * The shares of the whole match's expected goals still to come in each half. The clock runs 0 to 45 in the first
 * half and 45 to 90 in the second. Stoppage time is not modelled: each half's expected goals are spent by its
 * 45th minute, so a feed that plays stoppage time should keep the clock below 45 (or 90) until the whistle.
 */
export function remainingShares(state: MatchState): { firstHalf: number; secondHalf: number } {
  const secondHalfShare = 1 - FIRST_HALF_SHARE;
  switch (state.phase) {
    case 'pre-match':
      return { firstHalf: FIRST_HALF_SHARE, secondHalf: secondHalfShare };
    case 'first-half':
      return { firstHalf: FIRST_HALF_SHARE * timeLeft(state.minute, 0), secondHalf: secondHalfShare };
    case 'half-time':
      return { firstHalf: 0, secondHalf: secondHalfShare };
    case 'second-half':
      return { firstHalf: 0, secondHalf: secondHalfShare * timeLeft(state.minute, HALF_MINUTES) };
    case 'full-time':
      return { firstHalf: 0, secondHalf: 0 };
  }
}

/** The part of a half still to play, from the match minute and the minute the half kicked off. */
function timeLeft(minute: number, kickOff: number): number {
  const played = Math.min(Math.max(minute - kickOff, 0), HALF_MINUTES);
  return (HALF_MINUTES - played) / HALF_MINUTES;
}

/**
 * Goals per minute for each side now, for the feed to draw goals from exactly the model the prices use (zero
 * outside play and once the half's 45 minutes are up): the half's Poisson rate, times how the low-score
 * correction changes once this side scores, E[tau | one more goal] / E[tau | the score now] (a Doob transform:
 * goals drawn at these rates give full-time scores distributed exactly as Dixon-Coles). Once either side has two
 * goals, and at rho = 0, it is the plain Poisson rate.
 */
export function goalRates(rates: MatchRates, state: MatchState): GoalRates {
  const inPlay =
    (state.phase === 'first-half' && state.minute < HALF_MINUTES) ||
    (state.phase === 'second-half' && state.minute < 2 * HALF_MINUTES);
  if (!inPlay) return { home: 0, away: 0 };
  const share = state.phase === 'first-half' ? FIRST_HALF_SHARE : 1 - FIRST_HALF_SHARE;
  const rest = remainingShares(state);
  const restHome = rates.home * (rest.firstHalf + rest.secondHalf);
  const restAway = rates.away * (rest.firstHalf + rest.secondHalf);
  const tau = lowScoreCorrection(rates.home, rates.away, rates.rho);
  const { home, away } = state.score;
  const now = expectedCorrection(home, away, restHome, restAway, tau);
  const adjust = (afterGoal: number) => (now > 0 ? afterGoal / now : 1);
  return {
    home: ((rates.home * share) / HALF_MINUTES) * adjust(expectedCorrection(home + 1, away, restHome, restAway, tau)),
    away: ((rates.away * share) / HALF_MINUTES) * adjust(expectedCorrection(home, away + 1, restHome, restAway, tau)),
  };
}
