import { isBuildableMarket, type Price } from '../../../src/contract/sportsbook-rules';
import { jointScores } from '../pricing/joint-scores';
import type { MarketSpec, MatchRates, MatchState } from '../pricing/types';
import { MIN_OFFERED_PROBABILITY, offeredPrice } from './margins';
import { settleSelection } from './index';

/**
 * The Bet Builder's margin, on the combination's own probability: wider than a single market's, as UK books price
 * theirs, and the model's dependence between legs is itself an estimate.
 */
export const BET_BUILDER_MARGIN = 0.12;

/** Whether a market can be part of a Bet Builder (the contract's rule, which the frame shares). */
export const isBuildable = (spec: MarketSpec): boolean => isBuildableMarket(spec);

export interface BuilderLeg {
  spec: MarketSpec;
  selectionKey: string;
}

export type BuilderPrice =
  | { kind: 'priced'; probability: number; price: Price }
  /** impossible: no score wins every leg; unlikely: too long a shot to price with any confidence (under 0.2%). */
  | { kind: 'impossible' | 'unlikely'; probability: number };

/**
 * The probability that every leg wins, summed over the joint half-time and full-time scores, then the margin and
 * the ladder as for any selection: never more generous than the combination's own fair price 1 / P(all), since the
 * margin and the ladder only shorten it. That is the only bound. Legs that help each other (a home win and over 2.5)
 * are likelier together than apart, so they are also shorter than the product of their fair prices; legs that work
 * against each other (a home win and under 1.5) are less likely together, so their price can rightly be longer than
 * that product (8/1 against 8.67 for those two before kick-off).
 */
export function priceBetBuilder(rates: MatchRates, state: MatchState, legs: readonly BuilderLeg[]): BuilderPrice {
  let probability = 0;
  for (const cell of jointScores(rates, state)) {
    const result = { halfTime: cell.halfTime, fullTime: cell.fullTime };
    if (legs.every((leg) => settleSelection(leg.spec, leg.selectionKey, result) === 'won')) probability += cell.mass;
  }
  if (probability === 0) return { kind: 'impossible', probability };
  const price = offeredPrice(probability, BET_BUILDER_MARGIN);
  if (probability < MIN_OFFERED_PROBABILITY || !price) return { kind: 'unlikely', probability };
  return { kind: 'priced', probability, price };
}
