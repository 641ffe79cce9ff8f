import type { EventPhase, Score } from '../../../src/contract/sportsbook-rules';
import type {
  GoalRates,
  LeagueProfile,
  MarketSpec,
  MatchRates,
  MatchState,
  PricedMarket,
  TeamStrength,
} from '../pricing/types';

/**
 * What the service asks of the score model (pricing/, markets/). Given through constructors, so the catalogue
 * and the feed are built on the real model in production and in tests alike, one import away (services.ts).
 */
export interface ScoreModel {
  matchRates(home: TeamStrength, away: TeamStrength, league: LeagueProfile): MatchRates;
  marketCatalogue(homeName: string, awayName: string): MarketSpec[];
  priceEvent(rates: MatchRates, state: MatchState, catalogue: MarketSpec[]): PricedMarket[];
  goalRates(rates: MatchRates, state: MatchState): GoalRates;
  certainMarketKeys(rates: MatchRates, state: MatchState, catalogue: readonly MarketSpec[]): Set<string>;
}

export const matchState = (record: {
  phase: EventPhase;
  minute: number;
  score: Score;
  halfTimeScore: Score | null;
}): MatchState => ({
  phase: record.phase,
  minute: record.minute,
  score: record.score,
  halfTimeScore: record.halfTimeScore,
});
