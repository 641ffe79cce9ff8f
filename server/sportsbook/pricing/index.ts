/** The score model: expected goals, the feed's goal rates, and the one distribution every market is summed from. */
export { FIRST_HALF_SHARE, goalRates, matchRates } from './match-rates';
export { scoreDistribution, type ScoreDistribution } from './score-distribution';
export type {
  FinalResult,
  GoalRates,
  LeagueProfile,
  MarketSpec,
  MatchRates,
  MatchState,
  PricedMarket,
  PricedSelection,
  SelectionOutcome,
  TeamStrength,
} from './types';
