import type { ColumnType, Generated, Kysely } from 'kysely';
import type { BetKind, BetStatus, LegResult, PriceChangePolicy } from '../../../src/contract/sportsbook-rules';
import type { SystemType } from '../../../src/contract/sportsbook-rules';
import type { MarketSpec } from '../pricing/types';

/** The tables of migration 0002_bets (schema sportsbook): sessions, bets and their legs, the wallet outbox, the payout cap. */
interface SessionsTable {
  id: string;
  token_hash: string;
  player_id: string;
  pam_session_id: string;
  currency: string;
  created_at: Date;
  ended_at: Date | null;
}

export interface BetsTable {
  id: string;
  player_id: string;
  session_id: string;
  kind: BetKind;
  stake: number;
  status: BetStatus;
  potential_returns: number;
  returns: number | null;
  capped_by: Generated<number>;
  reason: string | null;
  reason_code: string | null;
  request_hash: string;
  debit_call_id: string;
  placed_at: Date;
  settled_at: Date | null;
  /** A Bet Builder's one price (0004); null for singles and accumulators. */
  price_num: ColumnType<number | null, number | null | undefined, number | null>;
  price_den: ColumnType<number | null, number | null | undefined, number | null>;
  /** An in-play bet's hold ends then (0005); null when never held or once decided. */
  held_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  price_changes: ColumnType<PriceChangePolicy, PriceChangePolicy | undefined, PriceChangePolicy>;
  /** A system bet's type, stake per line and lines (0006); null for other kinds. */
  system_type: ColumnType<SystemType | null, SystemType | null | undefined, SystemType | null>;
  stake_per_line: ColumnType<number | null, number | null | undefined, number | null>;
  lines: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 0007: what partial cash outs took off the stake and paid (the stake column is what still rides). */
  cashed_out_stake: Generated<number>;
  cashed_out: Generated<number>;
  /** Migration 0008: the PAM's free-bet token that staked this bet, if one did. */
  free_bet_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BetLegsTable {
  bet_id: string;
  position: number;
  selection_id: string;
  market_id: string;
  event_id: string;
  event_name: string;
  kickoff_at: Date;
  market_name: string;
  selection_name: string;
  spec: ColumnType<MarketSpec, string, string>;
  selection_key: string;
  price_num: number;
  price_den: number;
  result: Generated<LegResult>;
  score_home: number | null;
  score_away: number | null;
  /** Migration 0009: a dead heat's number of clubs tied (result 'dead-heat'). */
  dead_heat_ways: ColumnType<number | null, number | null | undefined, number | null>;
}

export type WalletCallKind = 'debit' | 'credit' | 'rollback';
export type WalletCallState = 'pending' | 'done' | 'failed';

export interface WalletCallsTable {
  id: string;
  kind: WalletCallKind;
  bet_id: string;
  body: ColumnType<Record<string, unknown>, string, string>;
  state: WalletCallState;
  answer: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  created_at: Date;
  updated_at: Date;
}

/** One press of Cash Out (migration 0007), keyed by the request id the browser made. */
export interface CashOutsTable {
  request_id: string;
  bet_id: string;
  player_id: string;
  full_cash_out: boolean;
  offer_seen: number;
  amount_asked: number | null;
  state: 'pending' | 'accepted' | 'refused';
  paid: number | null;
  stake_cashed: number | null;
  refusal_code: string | null;
  refusal: string | null;
  created_at: Date;
  decided_at: Date | null;
}

export interface BetsDatabase {
  'sportsbook.sessions': SessionsTable;
  'sportsbook.bets': BetsTable;
  'sportsbook.bet_legs': BetLegsTable;
  'sportsbook.wallet_calls': WalletCallsTable;
  'sportsbook.payout_players': { player_id: string };
  'sportsbook.payout_nets': {
    bet_id: string;
    player_id: string;
    stake: number;
    returns: number;
    settled_at: Date;
    part: ColumnType<string, string | undefined, never>;
  };
  'sportsbook.cash_outs': CashOutsTable;
}

export type BetsDb = Kysely<BetsDatabase>;
