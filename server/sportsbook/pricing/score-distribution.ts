import type { Score } from '../../../src/contract/sportsbook-rules';
import { periodScoreMatrix } from './dixon-coles';
import { remainingShares } from './match-rates';
import type { MatchRates, MatchState } from './types';

/** P(final score = (home + i, away + j)) is mass[i * size + j]: the goals already in, plus those still to come. */
export interface ScoreGrid {
  home: number;
  away: number;
  size: number;
  mass: Float64Array;
}

/** A match result as an index: home win 0, draw 1, away win 2. */
export type ResultIndex = 0 | 1 | 2;
export const resultOf = (home: number, away: number): ResultIndex => (home > away ? 0 : home === away ? 1 : 2);

/**
 * One joint distribution of the half-time and full-time scores, from which every market is summed: the goals
 * still to come in the first half and in the second half are independent Dixon-Coles matrices (each on its share
 * of the expected goals, scaled by the time left), added to the score so far.
 */
export interface ScoreDistribution {
  halfTime: ScoreGrid;
  fullTime: ScoreGrid;
  /** fullTime summed by home goals minus away goals, and by total goals: what most markets need. */
  goalDifference: ValueDistribution;
  totalGoals: ValueDistribution;
  /** P(half-time result r1 and full-time result r2) at index r1 * 3 + r2. */
  halfTimeFullTime: Float64Array;
}

/** P(value = lowest + k) is mass[k]. */
export interface ValueDistribution {
  lowest: number;
  mass: Float64Array;
}

const POINT_MASS = Float64Array.of(1);

function period(rates: MatchRates, share: number): Float64Array {
  return share > 0 ? periodScoreMatrix(rates.home * share, rates.away * share, rates.rho) : POINT_MASS;
}

export function scoreDistribution(rates: MatchRates, state: MatchState): ScoreDistribution {
  const shares = remainingShares(state);
  const first = period(rates, shares.firstHalf);
  const second = period(rates, shares.secondHalf);
  const firstSize = Math.round(Math.sqrt(first.length));
  const secondSize = Math.round(Math.sqrt(second.length));
  const { score } = state;

  const halfTimeKnown = state.phase !== 'pre-match' && state.phase !== 'first-half';
  const knownHalfTime = halfTimeKnown ? halfTimeScoreOf(state) : null;
  const halfTime: ScoreGrid = knownHalfTime
    ? { home: knownHalfTime.home, away: knownHalfTime.away, size: 1, mass: POINT_MASS }
    : { home: score.home, away: score.away, size: firstSize, mass: first };

  const fullSize = firstSize + secondSize - 1;
  const full = new Float64Array(fullSize * fullSize);
  for (let i = 0; i < firstSize; i++) {
    for (let j = 0; j < firstSize; j++) {
      const a = first[i * firstSize + j]!;
      if (a === 0) continue;
      for (let k = 0; k < secondSize; k++) {
        const row = (i + k) * fullSize + j;
        const from = k * secondSize;
        for (let l = 0; l < secondSize; l++) full[row + l]! += a * second[from + l]!;
      }
    }
  }
  const fullTime: ScoreGrid = { home: score.home, away: score.away, size: fullSize, mass: full };

  const difference = new Float64Array(2 * fullSize - 1);
  const total = new Float64Array(2 * fullSize - 1);
  for (let i = 0; i < fullSize; i++) {
    for (let j = 0; j < fullSize; j++) {
      const mass = full[i * fullSize + j]!;
      difference[i - j + fullSize - 1]! += mass;
      total[i + j]! += mass;
    }
  }
  return {
    halfTime,
    fullTime,
    goalDifference: { lowest: score.home - score.away - (fullSize - 1), mass: difference },
    totalGoals: { lowest: score.home + score.away, mass: total },
    halfTimeFullTime: halfTimeFullTime(score, knownHalfTime, first, firstSize, second, secondSize),
  };
}

function halfTimeScoreOf(state: MatchState): Score {
  if (state.halfTimeScore) return state.halfTimeScore;
  if (state.phase === 'half-time') return state.score;
  throw new Error(`halfTimeScore is required in phase ${state.phase}`);
}

/**
 * Sums over the first half's cells and the second half's goal difference, which is all a result needs: the joint
 * of the two results in O(cells) instead of O(cells^2), and still the same distribution as fullTime.
 */
function halfTimeFullTime(score: Score, knownHalfTime: Score | null, first: Float64Array, firstSize: number, second: Float64Array, secondSize: number): Float64Array {
  const offset = secondSize - 1;
  const difference = new Float64Array(2 * secondSize - 1);
  for (let k = 0; k < secondSize; k++) {
    for (let l = 0; l < secondSize; l++) difference[k - l + offset]! += second[k * secondSize + l]!;
  }
  const table = new Float64Array(9);
  for (let i = 0; i < firstSize; i++) {
    for (let j = 0; j < firstSize; j++) {
      const a = first[i * firstSize + j]!;
      if (a === 0) continue;
      const sinceKickOff = score.home + i - (score.away + j);
      const halfTimeResult = knownHalfTime ? resultOf(knownHalfTime.home, knownHalfTime.away) : resultOf(sinceKickOff, 0);
      for (let d = 0; d < difference.length; d++) {
        const b = difference[d]!;
        if (b === 0) continue;
        table[halfTimeResult * 3 + resultOf(sinceKickOff + d - offset, 0)]! += a * b;
      }
    }
  }
  return table;
}
