import { scoreDistribution } from './score-distribution';
import type { MatchRates, MatchState } from './types';

/** A club's standing now: what the rest of the season adds to. */
export interface Standing {
  teamId: string;
  points: number;
  goalsFor: number;
  goalsAgainst: number;
}

/** A match still to finish: its expected goals, and its state when already in play (the goals so far count). */
export interface RemainingMatch {
  home: string;
  away: string;
  rates: MatchRates;
  state?: MatchState;
}

export interface OutrightSimulation {
  standings: readonly Standing[];
  remaining: readonly RemainingMatch[];
  runs: number;
  seed: number;
  /** Points for a win and a draw. */
  points: { win: number; draw: number };
}

export const OUTRIGHT_RUNS = 10_000;

const PRE_MATCH: MatchState = { phase: 'pre-match', minute: 0, score: { home: 0, away: 0 }, halfTimeScore: null };

/** Mulberry32: a small, fast, seeded generator; the same seed gives the same season every time. */
function seededUniform(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A match's final scores as a table to draw from: cumulative mass and the score of each cell. */
interface ScoreSampler {
  cumulative: Float64Array;
  home: Int32Array;
  away: Int32Array;
}

function samplerOf(match: RemainingMatch): ScoreSampler {
  const grid = scoreDistribution(match.rates, match.state ?? PRE_MATCH).fullTime;
  const cells = grid.size * grid.size;
  const cumulative = new Float64Array(cells);
  const home = new Int32Array(cells);
  const away = new Int32Array(cells);
  let total = 0;
  for (let i = 0; i < grid.size; i++) {
    for (let j = 0; j < grid.size; j++) {
      const at = i * grid.size + j;
      total += grid.mass[at]!;
      cumulative[at] = total;
      home[at] = grid.home + i;
      away[at] = grid.away + j;
    }
  }
  // Normalised here too, so a draw of u in [0, 1) always lands in a cell.
  for (let at = 0; at < cells; at++) cumulative[at]! /= total;
  return { cumulative, home, away };
}

function draw(sampler: ScoreSampler, u: number): number {
  const { cumulative } = sampler;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (cumulative[middle]! > u) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Each club's chance of winning the league, by playing the rest of the season `runs` times from the score model
 * (every remaining match's final score drawn from its Dixon-Coles distribution, in play from the score so far) and
 * ranking each finished table by points, goal difference, goals scored. A run where n clubs finish level on all three
 * counts 1/n to each: by the dead-heat rule a bet on one of them is paid on 1/n of its stake, so this share is what a
 * fair price must be made from, and the chances sum to exactly 1.
 */
export function simulateOutright({
  standings,
  remaining,
  runs,
  seed,
  points,
}: OutrightSimulation): Map<string, number> {
  const count = standings.length;
  const index = new Map(standings.map((standing, at) => [standing.teamId, at]));
  const basePoints = Int32Array.from(standings, (standing) => standing.points);
  const baseDifference = Int32Array.from(standings, (standing) => standing.goalsFor - standing.goalsAgainst);
  const baseFor = Int32Array.from(standings, (standing) => standing.goalsFor);
  const matches = remaining
    .filter((match) => index.has(match.home) && index.has(match.away))
    .map((match) => ({ home: index.get(match.home)!, away: index.get(match.away)!, sampler: samplerOf(match) }));
  const shares = new Float64Array(count);
  const pts = new Int32Array(count);
  const difference = new Int32Array(count);
  const scored = new Int32Array(count);
  const random = seededUniform(seed);
  const tied: number[] = [];

  for (let run = 0; run < runs; run++) {
    pts.set(basePoints);
    difference.set(baseDifference);
    scored.set(baseFor);
    for (const match of matches) {
      const cell = draw(match.sampler, random());
      const h = match.sampler.home[cell]!;
      const a = match.sampler.away[cell]!;
      scored[match.home]! += h;
      scored[match.away]! += a;
      difference[match.home]! += h - a;
      difference[match.away]! += a - h;
      if (h > a) pts[match.home]! += points.win;
      else if (h < a) pts[match.away]! += points.win;
      else {
        pts[match.home]! += points.draw;
        pts[match.away]! += points.draw;
      }
    }
    tied.length = 0;
    for (let club = 0; club < count; club++) {
      if (tied.length === 0) {
        tied.push(club);
        continue;
      }
      const top = tied[0]!;
      const order = pts[club]! - pts[top]! || difference[club]! - difference[top]! || scored[club]! - scored[top]!;
      if (order > 0) {
        tied.length = 0;
        tied.push(club);
      } else if (order === 0) tied.push(club);
    }
    const share = 1 / tied.length;
    for (const club of tied) shares[club]! += share;
  }
  return new Map(standings.map((standing, at) => [standing.teamId, runs > 0 ? shares[at]! / runs : 0]));
}
