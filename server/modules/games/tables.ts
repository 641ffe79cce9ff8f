import type { ColumnType } from 'kysely';

interface LaunchTokensTable {
  /** SHA-256 of the token: the token itself is never stored. */
  token_hash: string;
  user_id: number;
  family_id: string;
  created_at: ColumnType<Date, Date | string, never>;
  expires_at: ColumnType<Date, Date | string, never>;
  /** Migration 0021: the door that takes it (the sportsbook's, iqs, or the exchange's, p2p). */
  game: ColumnType<'iqs' | 'p2p', 'iqs' | 'p2p' | undefined, never>;
}

/** A sportsbook session; it ends with the refresh family it came from. */
interface GameSessionsTable {
  id: string;
  user_id: number;
  family_id: string;
  created_at: ColumnType<Date, Date | string, never>;
  /** Migration 0021: the door that opened it. */
  game: ColumnType<'iqs' | 'p2p', 'iqs' | 'p2p' | undefined, never>;
}

export type BetStatus = 'open' | 'closed';

/** One bet as the PAM knows it: sums of its postings, pence. Open while it may still take or pay money. */
interface BetsTable {
  bet_id: string;
  user_id: number;
  vertical: 'sportsbook' | 'p2p';
  staked: number;
  refunded: number;
  returned: number;
  status: BetStatus;
  placed_at: ColumnType<Date, Date | string, never>;
  updated_at: Date;
  closed_at: Date | null;
  /** Migration 0020: the free-bet token that staked it, and its amount (never a Stake posting of cash). */
  free_bet_id: ColumnType<string | null, string | null | undefined, string | null>;
  free_bet_stake: ColumnType<number, number | undefined, number>;
  /** Migration 0021: the most the bet may return, the sum of its debits' maxReturn (null for bets staked before). */
  max_return: ColumnType<number | null, number | null | undefined, number | null>;
}

export type WalletCallKind = 'debit' | 'credit' | 'rollback';

interface WalletCallsTable {
  transaction_id: string;
  kind: WalletCallKind;
  /** Hash of the request; null for a debit known only from its rollback. */
  fingerprint: string | null;
  /** The answer a retry gets back. */
  answer: unknown;
  user_id: number;
  bet_id: string;
  amount: number;
  original_transaction_id: string | null;
  rolled_back_by: string | null;
  ledger_transaction_id: number | null;
  /** Migration 0020: a debit that used a free-bet token instead of cash. */
  free_bet_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | string, never>;
}

export interface GamesTables {
  launch_tokens: LaunchTokensTable;
  game_sessions: GameSessionsTable;
  bets: BetsTable;
  wallet_calls: WalletCallsTable;
}
