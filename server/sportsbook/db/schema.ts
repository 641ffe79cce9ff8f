import type { ColumnType, Generated, Kysely } from 'kysely';
import type { AnyDatabaseHandle } from '../../platform/db/database';
import type { BetsDatabase } from '../bets/tables';
import type { GoalTime } from '../pricing/types';

interface CompetitionsTable {
  id: string;
  name: string;
  country: string;
  home_goals: number;
  away_goals: number;
  rho: number;
  sort_order: number;
}

interface TeamsTable {
  id: string;
  competition_id: string;
  name: string;
  attack: number;
  defence: number;
}

export interface EventsTable {
  id: string;
  competition_id: string;
  home_team_id: string;
  away_team_id: string;
  kickoff_at: Date;
  status: 'scheduled' | 'live' | 'ended' | 'settled' | 'abandoned';
  phase: 'pre-match' | 'first-half' | 'half-time' | 'second-half' | 'full-time';
  minute: number;
  home_score: Generated<number>;
  away_score: Generated<number>;
  half_time_home: number | null;
  half_time_away: number | null;
  seq: number;
  suspended_until: Date | null;
  rate_home: number;
  rate_away: number;
  rho: number;
  /** In the order scored (0003). */
  goals: ColumnType<GoalTime[], string | undefined, string>;
  created_at: Date;
  updated_at: Date;
}

interface MarketStatesTable {
  market_id: string;
  event_id: string;
  operator_suspended: Generated<boolean>;
  resolution: 'settled' | 'void' | null;
  updated_at: Date;
}

interface MarketResolutionsTable {
  market_id: string;
  event_id: string;
  market_key: string;
  outcome: 'result' | 'void';
  half_time_home: number | null;
  half_time_away: number | null;
  full_time_home: number | null;
  full_time_away: number | null;
  /** Null when the result came without goal times (0003). */
  goals: ColumnType<GoalTime[] | null, string | null | undefined, string | null>;
  resolved_at: Date;
}

/** A league's season (0009): its fixtures with their results, the outright's prices and how it ended. */
export interface SeasonsTable {
  id: string;
  competition_id: string;
  number: number;
  status: 'running' | 'settled' | 'void';
  fixtures: ColumnType<StoredFixture[], string, string>;
  prices: ColumnType<StoredPrice[] | null, string | null, string | null>;
  winners: ColumnType<string[] | null, string | null, string | null>;
  seq: number;
  started_at: Date;
  updated_at: Date;
  settled_at: Date | null;
}

export interface StoredFixture {
  round: number;
  home: string;
  away: string;
  eventId: string | null;
  /** The full-time score once the match is settled. */
  score: { home: number; away: number } | null;
  /** The score of the match in play that the outright's prices count (absent: 0-0); a goal since suspends it. */
  pricedScore?: { home: number; away: number };
}

export interface StoredPrice {
  teamId: string;
  probability: number;
  price: { num: number; den: number } | null;
}

/** The catalogue's tables (0001_catalogue). The bets side extends this interface with its own (0002_bets). */
interface CatalogueTables {
  'sportsbook.competitions': CompetitionsTable;
  'sportsbook.teams': TeamsTable;
  'sportsbook.events': EventsTable;
  'sportsbook.market_states': MarketStatesTable;
  'sportsbook.market_resolutions': MarketResolutionsTable;
  'sportsbook.seasons': SeasonsTable;
}

interface SportsbookDatabase extends CatalogueTables, BetsDatabase {}

export type SportsbookDb = Kysely<SportsbookDatabase>;

/** The sportsbook's view of a database handle: same pool, only its own schema's tables in the types. */
export const sportsbookDb = (handle: Pick<AnyDatabaseHandle, 'db'>): SportsbookDb =>
  handle.db as unknown as SportsbookDb;
