/**
 * Dixon and Coles (1997), "Modelling Association Football Scores and Inefficiencies in the Football Betting
 * Market": home and away goals are Poisson(lambda) and Poisson(mu), with the four low scores corrected by
 *   tau(0,0) = 1 - lambda mu rho,  tau(0,1) = 1 + lambda rho,  tau(1,0) = 1 + mu rho,  tau(1,1) = 1 - rho,
 * and tau = 1 elsewhere. A negative rho (what the paper fits) makes 0-0 and 1-1 likelier and 1-0 and 0-1 less
 * likely than independent Poisson; the correction moves no probability in or out of the matrix as a whole.
 */

export function dixonColesTau(home: number, away: number, lambda: number, mu: number, rho: number): number {
  if (home === 0 && away === 0) return 1 - lambda * mu * rho;
  if (home === 0 && away === 1) return 1 + lambda * rho;
  if (home === 1 && away === 0) return 1 + mu * rho;
  if (home === 1 && away === 1) return 1 - rho;
  return 1;
}

/**
 * rho within the bounds that keep every tau non-negative (the paper's constraint,
 * max(-1/lambda, -1/mu) <= rho <= min(1/(lambda mu), 1)), so no league rho can make a probability negative.
 */
export function boundedRho(lambda: number, mu: number, rho: number): number {
  const lower = Math.max(lambda > 0 ? -1 / lambda : -Infinity, mu > 0 ? -1 / mu : -Infinity);
  const upper = Math.min(lambda * mu > 0 ? 1 / (lambda * mu) : Infinity, 1);
  return Math.min(Math.max(rho, lower), upper);
}

/** A match's low-score correction as a function of the final score, with rho already bounded. */
export type LowScoreCorrection = (home: number, away: number) => number;

export function lowScoreCorrection(lambda: number, mu: number, rho: number): LowScoreCorrection {
  const bounded = boundedRho(lambda, mu, rho);
  return (home, away) => dixonColesTau(home, away, lambda, mu, bounded);
}

export function poissonColumn(rate: number, size: number): Float64Array {
  const column = new Float64Array(size);
  let term = Math.exp(-rate);
  for (let goals = 0; goals < size; goals++) {
    column[goals] = term;
    term *= rate / (goals + 1);
  }
  return column;
}

/**
 * E[tau(home + I, away + J)] with I and J the goals still to come, Poisson(restHome) and Poisson(restAway): how
 * much likelier than independent Poisson the path through this score is. Only finals up to 1-1 differ from 1.
 */
export function expectedCorrection(
  home: number,
  away: number,
  restHome: number,
  restAway: number,
  tau: LowScoreCorrection,
): number {
  let expected = 1;
  for (let i = 0; home + i <= 1; i++) {
    for (let j = 0; away + j <= 1; j++) {
      expected += poissonAtMostOne(restHome, i) * poissonAtMostOne(restAway, j) * (tau(home + i, away + j) - 1);
    }
  }
  return expected;
}

/** P(Poisson(rate) = goals) for 0 or 1 goals, all expectedCorrection needs. */
const poissonAtMostOne = (rate: number, goals: number): number =>
  goals === 0 ? Math.exp(-rate) : rate * Math.exp(-rate);
