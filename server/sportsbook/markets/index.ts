/**
 * The markets of a football match: what they are (marketCatalogue), what they cost now (priceEvent) and how they
 * settle (settleSelection). Every price comes from one score distribution per call, so the markets of an event
 * never contradict each other.
 */
import type { MarketType } from '../../../src/contract/sportsbook-rules';
import { scoreDistribution } from '../pricing/score-distribution';
import type {
  FinalResult,
  MarketSpec,
  MatchRates,
  MatchState,
  PricedMarket,
  PricedSelection,
  SelectionOutcome,
} from '../pricing/types';
import { asianHandicap } from './asian-handicap';
import { bothTeamsToScore } from './both-teams-to-score';
import { correctScore } from './correct-score';
import { doubleChance } from './double-chance';
import { drawNoBet } from './draw-no-bet';
import { firstGoalTime } from './first-goal-time';
import { firstHalfResult } from './first-half-result';
import { firstTeamToScore } from './first-team-to-score';
import { halfTimeFullTime } from './half-time-full-time';
import { MARKET_MARGINS, offeredPrice } from './margins';
import { checkedKey, type MarketRule, type SelectionChances } from './market-rule';
import { matchResult } from './match-result';
import { threeWayHandicap } from './three-way-handicap';
import { totalGoals } from './total-goals';

export { MARKET_MARGINS, rawDecimalOdds } from './margins';
export { relatedOutcomes } from './related-outcomes';
export type { SelectionChances } from './market-rule';

/** The markets of one match; an outright belongs to a league's season (outrights/), not to a match. */
export type MatchMarketType = Exclude<MarketType, 'outright'>;

/** In the order a match page lists them. */
export const MARKET_RULES: Readonly<Record<MatchMarketType, MarketRule>> = {
  'match-result': matchResult,
  'double-chance': doubleChance,
  'draw-no-bet': drawNoBet,
  'total-goals': totalGoals,
  'both-teams-to-score': bothTeamsToScore,
  'correct-score': correctScore,
  'first-half-result': firstHalfResult,
  'half-time-full-time': halfTimeFullTime,
  'asian-handicap': asianHandicap,
  'three-way-handicap': threeWayHandicap,
  'first-team-to-score': firstTeamToScore,
  'first-goal-time': firstGoalTime,
};

/** Every market of a match between these teams (names as customers see them). Stable keys; 45 markets. */
export function marketCatalogue(home: string, away: string): MarketSpec[] {
  return Object.values(MARKET_RULES).flatMap((rule) => rule.specs({ home, away }));
}

/**
 * Prices for the catalogue at this moment of the match. A market is closed at full time, after its period, or
 * once decided (see isDecided). A selection has no price, and is closed, when it can no longer win, is less likely
 * than MIN_OFFERED_PROBABILITY, or would be shorter than 1/500; in an open market such a selection can be priced
 * again at a later moment (4-4 grows likelier at 3-3). Selections that can be void (draw no bet, whole lines) are
 * priced on their chance given no void.
 */
export function priceEvent(
  rates: MatchRates,
  state: MatchState,
  catalogue: readonly MarketSpec[],
  margins: Readonly<Record<MarketType, number>> = MARKET_MARGINS,
): PricedMarket[] {
  const distribution = scoreDistribution(rates, state);
  return catalogue.map((spec) => {
    const rule = ruleOf(spec.type);
    const chances = rule.chances(spec, distribution, state);
    const closed = state.phase === 'full-time' || rule.periodOver?.(state) === true || isDecided(chances);
    const selections = spec.selections.map(({ key }, index): PricedSelection => {
      const { win, void: voidChance, lose } = chances[index]!;
      const probability = win + lose > 0 ? win / (win + lose) : 0;
      const price = closed || win === 0 ? null : offeredPrice(probability, margins[spec.type]);
      return { key, probability, voidProbability: voidChance, price, status: price ? 'open' : 'closed' };
    });
    return { key: spec.key, status: closed ? 'closed' : 'open', selections };
  });
}

/**
 * The keys of the markets whose every selection can now settle only one way (Over 2.5 at 2-1, both teams to score at
 * 1-1, the first-half result after half time, the first goal's markets once it is scored): settled on the score so
 * far, they settle as they will at full time, which is how the Betting Rules keep them standing when a match is
 * abandoned. A market that can still go two ways (Over 2.0 at 2-0 can win or be void; the full-time half of
 * half time/full time) is not among them.
 */
export function certainMarketKeys(rates: MatchRates, state: MatchState, catalogue: readonly MarketSpec[]): Set<string> {
  if (state.phase === 'pre-match') return new Set();
  const distribution = scoreDistribution(rates, state);
  const oneWay = (chance: SelectionChances) =>
    [chance.win, chance.void, chance.lose].filter((mass) => mass > 0).length === 1;
  return new Set(
    catalogue
      .filter((spec) => ruleOf(spec.type).chances(spec, distribution, state).every(oneWay))
      .map((spec) => spec.key),
  );
}

/**
 * Decided once at most one selection can still win: the others can only lose or be void, so the market has
 * nothing left to offer (Over 0.5 after a goal; Over 2.0 at 2-0, which can only win or be void).
 */
const isDecided = (chances: readonly SelectionChances[]): boolean =>
  chances.filter((chance) => chance.win > 0).length <= 1;

/**
 * How likely each way one selection can settle is now, from the same distribution its market is priced from: a
 * half-won or half-lost score counts half to win (or lose) and half to void, so win x odds + void is the selection's
 * expected return per unit staked exactly, quarter lines included. Throws on a key not in the spec.
 */
export function selectionChances(
  rates: MatchRates,
  state: MatchState,
  spec: MarketSpec,
  selectionKey: string,
): SelectionChances {
  const index = spec.selections.findIndex((selection) => selection.key === checkedKey(spec, selectionKey));
  return ruleOf(spec.type).chances(spec, scoreDistribution(rates, state), state)[index]!;
}

/** How a selection settles on the official result (Betting Rules, Section B). Throws on a key not in the spec. */
export function settleSelection(spec: MarketSpec, selectionKey: string, result: FinalResult): SelectionOutcome {
  return ruleOf(spec.type).settle(spec, selectionKey, result);
}

function ruleOf(type: MarketType): MarketRule {
  if (type === 'outright') throw new Error('an outright is priced and settled by its season, not by a match');
  return MARKET_RULES[type];
}
