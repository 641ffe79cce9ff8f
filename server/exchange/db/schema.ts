import type { Generated, Kysely } from 'kysely';
import type { AnyDatabaseHandle } from '../../platform/db/database';
import type { FeedStatus } from '../../../src/contract/feed';
import type { MarketStatus, OrderSide, Persistence } from '../../../src/contract/exchange';

interface SessionsTable {
  id: string;
  token_hash: string;
  player_id: number;
  pam_session_id: string;
  currency: string;
  created_at: Date;
  ended_at: Date | null;
}

interface EventsTable {
  id: string;
  home: string;
  away: string;
  starts_at: Date;
  status: FeedStatus;
  home_score: number;
  away_score: number;
  goals: number;
  suspended_until: Date | null;
}

interface MarketsTable {
  id: string;
  event_id: string;
  status: MarketStatus;
  in_play: Generated<boolean>;
  /** The winning selection id, or 'void', once settled. */
  winner: string | null;
}

type StoredOrderStatus = 'pending' | 'refused' | 'executable' | 'execution_complete';

export interface OrdersTable {
  id: string;
  player_id: number;
  market_id: string;
  selection_id: string;
  runner: number;
  side: OrderSide;
  /** Hundredths. */
  price: number;
  size: number;
  size_matched: Generated<number>;
  size_cancelled: Generated<number>;
  size_lapsed: Generated<number>;
  persistence: Persistence;
  status: StoredOrderStatus;
  refusal: string | null;
  request_hash: string;
  placed_at: Date;
  seq: Generated<number>;
  result: 'won' | 'lost' | 'void' | null;
  profit: number | null;
}

interface FillsTable {
  id: Generated<number>;
  market_id: string;
  runner: number;
  price: number;
  stake: number;
  winnings: number;
  back_order_id: string;
  back_player_id: number;
  lay_order_id: string;
  lay_player_id: number;
  created_at: Date;
}

interface HoldsTable {
  player_id: number;
  market_id: string;
  held: number;
  settled: Generated<boolean>;
}

export type WalletCallKind = 'hold' | 'release' | 'settle';

interface WalletCallsTable {
  transaction_id: string;
  call: WalletCallKind;
  player_id: number;
  market_id: string;
  order_id: string | null;
  body: Record<string, unknown>;
  outcome: 'ok' | 'refused' | null;
  refusal: string | null;
  created_at: Date;
  answered_at: Date | null;
  /** The order the calls were made in (migration 0003), kept when they are sent. */
  seq: Generated<string>;
}

interface CursorsTable {
  name: string;
  value: string;
}

export interface ExchangeDatabase {
  'exchange.cursors': CursorsTable;
  'exchange.sessions': SessionsTable;
  'exchange.events': EventsTable;
  'exchange.markets': MarketsTable;
  'exchange.orders': OrdersTable;
  'exchange.fills': FillsTable;
  'exchange.holds': HoldsTable;
  'exchange.wallet_calls': WalletCallsTable;
}

export type ExchangeDb = Kysely<ExchangeDatabase>;

/** The exchange's view of a database handle: same pool, only its own schema's tables in the types. */
export const exchangeDb = (handle: Pick<AnyDatabaseHandle, 'db'>): ExchangeDb => handle.db as unknown as ExchangeDb;
