import type { Score } from '../../../src/contract/sportsbook-rules';
import { lowScoreCorrection } from './dixon-coles';
import { remainingShares } from './match-rates';
import { goalsToCome, halfTimeScoreOf } from './score-distribution';
import type { MatchRates, MatchState } from './types';

/** One way the match can end: its half-time and full-time scores and their probability. */
export interface JointScore {
  halfTime: Score;
  fullTime: Score;
  mass: number;
}

/**
 * The joint law of the half-time and full-time scores, the one a Bet Builder of several markets needs (a first-half
 * result with over 2.5 goals, say): the same model as scoreDistribution, path by path. The goals still to come in
 * each half are independent Poisson, the whole path weighted by tau of the final score, normalised; once half time
 * is past, the half-time score is known and the full-time law is the score grid's. Each of its two marginals is
 * exactly scoreDistribution's halfTime and fullTime grid. Only for quotes: about ten thousand cells before kick-off, fewer in play; not per tick.
 */
/**
 * Paths less likely than this are left out: seven in eight of the cells before kick-off (83,000 down to 10,500),
 * and about 1e-13 of the probability in all, far below anything a price can show.
 */
const NEGLIGIBLE = 1e-16;

export function jointScores(rates: MatchRates, state: MatchState): JointScore[] {
  const { score } = state;
  const shares = remainingShares(state);
  const tau = lowScoreCorrection(rates.home, rates.away, rates.rho);
  const weight = (home: number, away: number) => (home <= 1 && away <= 1 ? tau(home, away) : 1);
  const firstHalfOver = state.phase !== 'pre-match' && state.phase !== 'first-half';
  const knownHalfTime = firstHalfOver ? halfTimeScoreOf(state) : null;
  const firstHome = goalsToCome(rates.home * shares.firstHalf);
  const firstAway = goalsToCome(rates.away * shares.firstHalf);
  const secondHome = goalsToCome(rates.home * shares.secondHalf);
  const secondAway = goalsToCome(rates.away * shares.secondHalf);

  const cells: JointScore[] = [];
  let total = 0;
  for (let a = 0; a < firstHome.length; a++) {
    for (let b = 0; b < firstAway.length; b++) {
      const firstHalf = firstHome[a]! * firstAway[b]!;
      if (firstHalf < NEGLIGIBLE) continue;
      const halfTime = knownHalfTime ?? { home: score.home + a, away: score.away + b };
      for (let c = 0; c < secondHome.length; c++) {
        const withHome = firstHalf * secondHome[c]!;
        if (withHome < NEGLIGIBLE) continue;
        for (let d = 0; d < secondAway.length; d++) {
          const fullTime = { home: score.home + a + c, away: score.away + b + d };
          const mass = withHome * secondAway[d]! * weight(fullTime.home, fullTime.away);
          if (mass < NEGLIGIBLE) continue;
          cells.push({ halfTime, fullTime, mass });
          total += mass;
        }
      }
    }
  }
  for (const cell of cells) cell.mass /= total;
  return cells;
}
