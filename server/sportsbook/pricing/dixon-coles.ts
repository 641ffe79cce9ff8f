/**
 * Dixon and Coles (1997), "Modelling Association Football Scores and Inefficiencies in the Football Betting
 * Market": home and away goals are Poisson(lambda) and Poisson(mu), with the four low scores corrected by
 *   tau(0,0) = 1 - lambda mu rho,  tau(0,1) = 1 + lambda rho,  tau(1,0) = 1 + mu rho,  tau(1,1) = 1 - rho,
 * and tau = 1 elsewhere. A negative rho (what the paper fits) makes 0-0 and 1-1 likelier and 1-0 and 0-1 less
 * likely than independent Poisson; the correction moves no probability in or out of the matrix as a whole.
 */

/** Goals per side in one period's matrix: P(more than 10 in a half) is below 1e-9 for any sane rate. */
export const MAX_PERIOD_GOALS = 10;

export function dixonColesTau(home: number, away: number, lambda: number, mu: number, rho: number): number {
  if (home === 0 && away === 0) return 1 - lambda * mu * rho;
  if (home === 0 && away === 1) return 1 + lambda * rho;
  if (home === 1 && away === 0) return 1 + mu * rho;
  if (home === 1 && away === 1) return 1 - rho;
  return 1;
}

/**
 * rho within the bounds that keep every tau non-negative (the paper's constraint), so a low-scoring period with
 * a strong league rho never gives a negative probability.
 */
export function boundedRho(lambda: number, mu: number, rho: number): number {
  const lower = Math.max(lambda > 0 ? -1 / lambda : -Infinity, mu > 0 ? -1 / mu : -Infinity, -1);
  const upper = Math.min(lambda * mu > 0 ? 1 / (lambda * mu) : Infinity, 1);
  return Math.min(Math.max(rho, lower), upper);
}

function poissonColumn(rate: number, size: number): Float64Array {
  const column = new Float64Array(size);
  let term = Math.exp(-rate);
  for (let goals = 0; goals < size; goals++) {
    column[goals] = term;
    term *= rate / (goals + 1);
  }
  return column;
}

/**
 * P(home scores i and away scores j) in one period, row-major over (MAX_PERIOD_GOALS + 1)^2 cells, the
 * truncated tail spread back proportionally so the matrix sums to 1.
 */
export function periodScoreMatrix(lambda: number, mu: number, rho: number): Float64Array {
  const size = MAX_PERIOD_GOALS + 1;
  const home = poissonColumn(lambda, size);
  const away = poissonColumn(mu, size);
  const r = boundedRho(lambda, mu, rho);
  const matrix = new Float64Array(size * size);
  let total = 0;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const cell = home[i]! * away[j]! * (i < 2 && j < 2 ? dixonColesTau(i, j, lambda, mu, r) : 1);
      matrix[i * size + j] = cell;
      total += cell;
    }
  }
  for (let k = 0; k < matrix.length; k++) matrix[k]! /= total;
  return matrix;
}
