import type { EventPhase, EventStatus, Score } from '../../../src/contract/sportsbook-rules';
import type { GoalTime, MatchRates } from '../pricing/types';

/** The stored state of one event: what the feed and the operator change, and the model prices from. */
export interface EventRecord {
  id: string;
  competitionId: string;
  homeTeamId: string;
  awayTeamId: string;
  kickoffAt: Date;
  status: EventStatus;
  phase: EventPhase;
  minute: number;
  score: Score;
  halfTimeScore: Score | null;
  /** Every goal so far, in the order scored, at its match minute. */
  goals: GoalTime[];
  /** Bumped by one on every change that is pushed. */
  seq: number;
  /** Set while a goal holds every market suspended; cleared (a change of its own) once it has passed. */
  suspendedUntil: Date | null;
  rates: MatchRates;
}

export interface MarketState {
  operatorSuspended: boolean;
  resolution: 'settled' | 'void' | null;
}

export interface CompetitionRecord {
  id: string;
  name: string;
  country: string;
  homeGoals: number;
  awayGoals: number;
  rho: number;
  sortOrder: number;
}

export interface TeamRecord {
  id: string;
  competitionId: string;
  name: string;
  attack: number;
  defence: number;
}

/** Events still in play or waiting for play; the rest are over. */
export const isOpenStatus = (status: EventStatus) => status === 'scheduled' || status === 'live';
export const isFinishedStatus = (status: EventStatus) => status === 'settled' || status === 'abandoned';
