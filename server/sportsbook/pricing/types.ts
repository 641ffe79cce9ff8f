/**
 * The seam between the score model (pricing/, markets/) and the sportsbook service (feed/, bets/): the service
 * stores match state and asks the model for prices and results; the model knows nothing of databases or money.
 */
import type { EventPhase, MarketType, Price, Score, SelectionStatus } from '../../../src/contract/sportsbook-rules';

/** A team's strength relative to its league's average (1.0 = average). */
export interface TeamStrength {
  attack: number;
  /** Goals conceded relative to the league's average: below 1 is a good defence. */
  defence: number;
}

/** A league's average goals per match for home and away sides, and its Dixon-Coles low-score correlation. */
export interface LeagueProfile {
  homeGoals: number;
  awayGoals: number;
  rho: number;
}

/** Expected goals over a whole match from kick-off, and the Dixon-Coles rho. */
export interface MatchRates {
  home: number;
  away: number;
  rho: number;
}

/** What is known of a match at a moment. */
export interface MatchState {
  phase: EventPhase;
  /** Minutes played, 0 to 90 (fractions allowed). */
  minute: number;
  score: Score;
  /** Known once the first half is over. */
  halfTimeScore: Score | null;
}

/**
 * One market of an event before prices. `key` is stable within an event and made of [A-Za-z0-9._:-]
 * ('match-result', 'total-goals:2.5', 'asian-handicap:-0.5'); so are selection keys ('home', 'over', '2-1',
 * 'home-draw'). The service makes ids from them: market `${eventId}~${key}`, selection `${marketId}~${selectionKey}`.
 */
export interface MarketSpec {
  key: string;
  type: MarketType;
  line: number | null;
  /** Customer words, with team names: 'Match Result', 'Total Goals Over/Under 2.5', 'Asian Handicap Rovers -0.5'. */
  name: string;
  selections: Array<{ key: string; name: string }>;
}

export interface PricedSelection {
  key: string;
  /**
   * The model's fair probability of winning, before margin, given the selection is not void (what the price is
   * made from, so a market's probabilities sum to 1; double chance's to 2).
   */
  probability: number;
  /** The chance the selection ends void (a draw in draw no bet, a whole line landing); 0 for most. */
  voidProbability: number;
  /** On the price ladder, after the market's margin; null when not offered (decided, or too unlikely to price). */
  price: Price | null;
  /**
   * 'open' exactly when priced, else 'closed'. A closed selection of an open market may be priced again later
   * (a correct score growing likelier); once the market is closed, it stays closed.
   */
  status: SelectionStatus;
}

export interface PricedMarket {
  key: string;
  /** closed when the market is decided or its period is over (a first-half market after half time). */
  status: 'open' | 'closed';
  selections: PricedSelection[];
}

export type SelectionOutcome = 'won' | 'lost' | 'void' | 'half-won' | 'half-lost';

/**
 * A goal and the minute of the match clock it was scored in, 1 to 90: "Goals scored in first-half stoppage time
 * count as scored in the 45th minute, and goals scored in second-half stoppage time count as scored in the 90th."
 */
export interface GoalTime {
  side: 'home' | 'away';
  minute: number;
}

export interface FinalResult {
  halfTime: Score;
  fullTime: Score;
  /**
   * Every goal in the order scored, when known; markets on the first goal are void without them (an operator's
   * result given as scores only). Ignored unless they add up to both scores.
   */
  goals?: GoalTime[] | null;
}

/** Per-minute scoring rates at this moment of the match, for the feed to draw goals from the same model. */
export interface GoalRates {
  home: number;
  away: number;
}
