import type { MarketType, Price } from '../../../src/contract/sportsbook-rules';
import { toLadder } from '../../../src/contract/rules/odds';

/**
 * The bookmaker's margin per market type, as the overround the raw prices carry (0.05: the implied probabilities
 * of a fair-summing-to-1 market sum to 1.05). Roughly where UK books sit: tight on the main lines, wide on the
 * many-way markets where customers accept it.
 */
export const MARKET_MARGINS: Readonly<Record<MarketType, number>> = {
  'match-result': 0.05,
  'double-chance': 0.05,
  'draw-no-bet': 0.05,
  'total-goals': 0.06,
  'both-teams-to-score': 0.07,
  'correct-score': 0.15,
  'first-half-result': 0.07,
  'half-time-full-time': 0.15,
  'asian-handicap': 0.05,
  'three-way-handicap': 0.07,
  'first-team-to-score': 0.07,
  'first-goal-time': 0.12,
  // A league winner from 10 to 16 clubs: wide, as outrights are, where the long season leaves most of the doubt.
  outright: 0.15,
};

/** A selection fairer than this (0.2%, about 500/1) is not offered: too unlikely to price with any confidence. */
export const MIN_OFFERED_PROBABILITY = 0.002;

/**
 * Proportional margin: every selection's implied probability is its fair probability times (1 + margin), so the
 * raw decimal price is 1 / (p (1 + margin)) and the market's raw implied probabilities sum to (1 + margin) times
 * its fair sum. Simple and transparent, at the cost of putting the same relative margin on favourites and
 * outsiders (no favourite-longshot shading), and of offering no price shorter than about 1/(1 + margin): a
 * near-certain selection has none.
 */
export function rawDecimalOdds(probability: number, margin: number): number {
  return 1 / (probability * (1 + margin));
}

/** The offered price: the raw price snapped down onto the ladder, or null when not offered. */
export function offeredPrice(probability: number, margin: number): Price | null {
  if (!(probability >= MIN_OFFERED_PROBABILITY)) return null;
  return toLadder(rawDecimalOdds(probability, margin));
}
