/**
 * The seam between the catalogue (events, match state, markets and their live prices: feed/ and catalogue/) and
 * the bets side (placement, settlement, operator: bets/). Bets read prices only through a Catalogue, so a
 * placement is checked against exactly what was last pushed to browsers.
 */
import type { EventStatus, MarketStatus, Price, Score, SelectionStatus } from '../../../src/contract/sportsbook-rules';
import type { FinalResult, GoalTime, MarketSpec, MatchRates, MatchState } from '../pricing/types';

/** Everything placement needs to know about one selection right now. */
export interface SelectionQuote {
  selectionId: string;
  marketId: string;
  eventId: string;
  /** 'Rovers v United'. */
  eventName: string;
  kickoffAt: Date;
  marketName: string;
  selectionName: string;
  spec: MarketSpec;
  selectionKey: string;
  /** The price browsers were last sent; null when not offered. */
  price: Price | null;
  /**
   * The effective status: suspended when the event is suspended (a goal, half time, the operator) or the market
   * is; closed when the market is closed, settled or void, or the event is no longer scheduled or live.
   */
  status: SelectionStatus;
  marketStatus: MarketStatus;
  eventStatus: EventStatus;
  /** The event's seq when this quote was made. */
  seq: number;
  score: Score;
}

/**
 * How a market ends: a result to settle its selections by, or void (every bet on it at 1.00); an outright ends with
 * its winners' selection keys (more than one: a dead heat).
 */
export type MarketOutcome =
  { kind: 'result'; result: FinalResult } | { kind: 'void' } | { kind: 'winners'; winners: string[] };

/** Announced once per market when it is settled or voided (in one batch per event at full time). */
export interface MarketsResolved {
  eventId: string;
  markets: Array<{ marketId: string; spec: MarketSpec; outcome: MarketOutcome }>;
}

export interface Catalogue {
  /** The current quote of a selection, from memory; undefined for an unknown id. */
  quote(selectionId: string): SelectionQuote | undefined;
  /**
   * What the match's prices are made from now (a Bet Builder is priced from it), and its goals so far when known (the
   * first goal's markets stand on them); undefined for an unknown event.
   */
  matchPricing(eventId: string): { rates: MatchRates; state: MatchState; goals?: readonly GoalTime[] } | undefined;
  /** Called after markets are resolved and the resolution is stored; settlement listens. */
  onMarketsResolved(listener: (resolved: MarketsResolved) => Promise<void> | void): () => void;
  /** Operator actions, each stored before it is announced. */
  suspendMarket(marketId: string): Promise<void>;
  reopenMarket(marketId: string): Promise<void>;
  voidMarket(marketId: string): Promise<void>;
  /** Ends the match with this result now (or corrects the simulated one before settlement) and resolves its markets. */
  resultEvent(eventId: string, result: FinalResult): Promise<void>;
  /** Every market of the event is void. */
  abandonEvent(eventId: string): Promise<void>;
}
