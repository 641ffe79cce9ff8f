import type { Score } from '../../../src/contract/sportsbook-rules';
import { expectedCorrection, lowScoreCorrection, poissonColumn, type LowScoreCorrection } from './dixon-coles';
import { remainingShares } from './match-rates';
import type { MatchRates, MatchState } from './types';

/** P(final score = (home + i, away + j)) is mass[i * size + j]: the goals already in, plus those still to come. */
export interface ScoreGrid {
  home: number;
  away: number;
  size: number;
  mass: Float64Array;
}

/** P(value = lowest + k) is mass[k]. */
export interface ValueDistribution {
  lowest: number;
  mass: Float64Array;
}

/** A match result as an index: home win 0, draw 1, away win 2. */
export type ResultIndex = 0 | 1 | 2;
export const resultOf = (home: number, away: number): ResultIndex => (home > away ? 0 : home === away ? 1 : 2);

/**
 * The one distribution every market is summed from. The model: the full-time score is Dixon-Coles (1997) on the
 * match's expected goals, and the goals are spread over the 90 minutes as the scoring rate runs (45% of them in
 * the first half); equivalently, independent Poisson goals in each half with the whole path weighted by tau of
 * the final score. In play, Bayes on the score so far gives the goals still to come:
 *   P(rest = (i, j) | score (h, a)) = Poisson(lambda_rest)(i) Poisson(mu_rest)(j) tau(h + i, a + j) / Z
 * so before kick-off the full-time scores are exactly the paper's, and once a side has 2 the correction is gone.
 * The half-time score is the first half's part of the same path, so every market, half-time/full-time included,
 * is a sum over one law. Grids stop where a further goal's probability is below 1e-16, and each is normalised
 * over its cells.
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

const POINT_MASS = Float64Array.of(1);
const TAIL = 1e-16;

/**
 * Poisson goals still to come, as far as the probabilities matter (past the mean and below 1e-16 a goal), or
 * certainly none once the period is over: short columns late in a match keep in-play pricing cheap.
 */
export function goalsToCome(rate: number): Float64Array {
  if (!(rate > 0)) return POINT_MASS;
  let most = Math.ceil(rate);
  let term = Math.exp(-rate);
  for (let goals = 1; goals <= most || term >= TAIL; goals++) {
    term *= rate / goals;
    most = Math.max(most, goals);
  }
  return poissonColumn(rate, most + 1);
}

interface Rest {
  score: Score;
  tau: LowScoreCorrection;
  firstHome: Float64Array;
  firstAway: Float64Array;
  secondHome: number;
  secondAway: number;
}

export function scoreDistribution(rates: MatchRates, state: MatchState): ScoreDistribution {
  const shares = remainingShares(state);
  const { score } = state;
  const tau = lowScoreCorrection(rates.home, rates.away, rates.rho);
  const restShare = shares.firstHalf + shares.secondHalf;
  const fullTime = weightedGrid(
    score,
    goalsToCome(rates.home * restShare),
    goalsToCome(rates.away * restShare),
    (i, j) => (score.home + i <= 1 && score.away + j <= 1 ? tau(score.home + i, score.away + j) : 1),
  );

  const knownHalfTime = state.phase === 'pre-match' || state.phase === 'first-half' ? null : halfTimeScoreOf(state);
  const rest: Rest = {
    score,
    tau,
    firstHome: goalsToCome(rates.home * shares.firstHalf),
    firstAway: goalsToCome(rates.away * shares.firstHalf),
    secondHome: rates.home * shares.secondHalf,
    secondAway: rates.away * shares.secondHalf,
  };
  // The first half's goals to come, each cell weighted by how the rest of the match bears on tau.
  const halfTime: ScoreGrid = knownHalfTime
    ? { home: knownHalfTime.home, away: knownHalfTime.away, size: 1, mass: POINT_MASS }
    : weightedGrid(score, rest.firstHome, rest.firstAway, (a, b) =>
        score.home + a <= 1 && score.away + b <= 1
          ? expectedCorrection(score.home + a, score.away + b, rest.secondHome, rest.secondAway, tau)
          : 1,
      );

  const { size, mass } = fullTime;
  const difference = new Float64Array(2 * size - 1);
  const totals = new Float64Array(2 * size - 1);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      difference[i - j + size - 1]! += mass[i * size + j]!;
      totals[i + j]! += mass[i * size + j]!;
    }
  }
  return {
    halfTime,
    fullTime,
    goalDifference: { lowest: score.home - score.away - (size - 1), mass: difference },
    totalGoals: { lowest: score.home + score.away, mass: totals },
    halfTimeFullTime: halfTimeFullTime(rest, knownHalfTime),
  };
}

export function halfTimeScoreOf(state: MatchState): Score {
  if (state.halfTimeScore) return state.halfTimeScore;
  if (state.phase === 'half-time') return state.score;
  throw new Error(`halfTimeScore is required in phase ${state.phase}`);
}

/** home[i] away[j] weight(i, j), normalised, offset by the score so far. */
function weightedGrid(
  score: Score,
  home: Float64Array,
  away: Float64Array,
  weight: (i: number, j: number) => number,
): ScoreGrid {
  const size = Math.max(home.length, away.length);
  const mass = new Float64Array(size * size);
  let total = 0;
  for (let i = 0; i < home.length; i++) {
    for (let j = 0; j < away.length; j++) {
      const cell = home[i]! * away[j]! * (i < 2 && j < 2 ? weight(i, j) : 1);
      mass[i * size + j] = cell;
      total += cell;
    }
  }
  for (let k = 0; k < mass.length; k++) mass[k]! /= total;
  return { home: score.home, away: score.away, size, mass };
}

/**
 * The joint of the two results: for each first-half cell still possible, the second half's goal difference
 * decides the full-time result (independent part, through running sums, never by subtracting from 1 so an
 * impossible result stays exactly 0), then tau's excess on the finals up to 1-1, then normalised.
 */
function halfTimeFullTime(
  { score, tau, firstHome, firstAway, secondHome, secondAway }: Rest,
  knownHalfTime: Score | null,
): Float64Array {
  const home = goalsToCome(secondHome);
  const away = goalsToCome(secondAway);
  const offset = away.length - 1;
  const difference = new Float64Array(home.length + away.length - 1);
  for (let k = 0; k < home.length; k++)
    for (let l = 0; l < away.length; l++) difference[k - l + offset]! += home[k]! * away[l]!;
  const below = new Float64Array(difference.length + 1);
  for (let d = 0; d < difference.length; d++) below[d + 1] = below[d]! + difference[d]!;
  const above = new Float64Array(difference.length + 1);
  for (let d = difference.length - 1; d >= 0; d--) above[d] = above[d + 1]! + difference[d]!;
  const clamp = (k: number) => Math.min(Math.max(k, 0), difference.length);
  /** P(second-half difference below -lead), at -lead, above -lead: the second half turning a lead into a result. */
  const secondHalf = (lead: number): [number, number, number] => {
    const level = offset - lead;
    return [
      below[clamp(level)]!,
      level >= 0 && level < difference.length ? difference[level]! : 0,
      above[clamp(level + 1)]!,
    ];
  };

  const halfTimeResult = (a: number, b: number) =>
    knownHalfTime ? resultOf(knownHalfTime.home, knownHalfTime.away) : resultOf(score.home + a, score.away + b);
  const table = new Float64Array(9);
  for (let a = 0; a < firstHome.length; a++) {
    for (let b = 0; b < firstAway.length; b++) {
      const cell = firstHome[a]! * firstAway[b]!;
      const [awayWin, draw, homeWin] = secondHalf(score.home + a - (score.away + b));
      const row = halfTimeResult(a, b) * 3;
      table[row] += cell * homeWin;
      table[row + 1] += cell * draw;
      table[row + 2] += cell * awayWin;
    }
  }
  for (let x = score.home; x <= 1; x++) {
    for (let y = score.away; y <= 1; y++) {
      const excess = tau(x, y) - 1;
      for (let a = 0; a <= x - score.home && a < firstHome.length; a++) {
        for (let b = 0; b <= y - score.away && b < firstAway.length; b++) {
          const c = x - score.home - a;
          const d = y - score.away - b;
          if (c < home.length && d < away.length)
            table[halfTimeResult(a, b) * 3 + resultOf(x, y)]! +=
              firstHome[a]! * firstAway[b]! * home[c]! * away[d]! * excess;
        }
      }
    }
  }
  let total = 0;
  for (let k = 0; k < 9; k++) total += table[k]!;
  for (let k = 0; k < 9; k++) table[k]! /= total;
  return table;
}
