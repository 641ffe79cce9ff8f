import type { ColumnType, Generated } from 'kysely';

export type P2pCallKind = 'hold' | 'release' | 'settle';

interface P2pWalletCallsTable {
  transaction_id: string;
  kind: P2pCallKind;
  /** Hash of the request, to tell a retry from another call under the same id. */
  fingerprint: string;
  /** The answer a retry gets back; null only inside the call's own transaction. */
  answer: unknown;
  user_id: number;
  market_id: string;
  amount: number;
  ledger_transaction_id: number | null;
  created_at: ColumnType<Date, Date | string, never>;
}

/** A customer's position on a market as the wallet knows it: sums of its postings, pence. */
export interface P2pPositionsTable {
  user_id: number;
  market_id: string;
  /** What the wallet holds now: holds less releases while open, 0 once settled. */
  held: number;
  held_total: number;
  released: number;
  /** The settlement's payment. */
  paid: number;
  status: 'open' | 'settled';
  opened_at: ColumnType<Date, Date | string, never>;
  updated_at: Date;
  settled_at: Date | null;
  /** The match as the exchange named it with its first hold (migration 0023); null for positions opened before. */
  event_name: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A market's totals: every hold, and every release and settlement paid out of it (CHECK paid <= held). */
interface P2pMarketsTable {
  market_id: string;
  held: number;
  paid: number;
  updated_at: Date;
}

/** Written by the users row's trigger as each block begins (migration 0021); polled by the exchange. */
interface PlayerBlocksTable {
  id: Generated<number>;
  user_id: number;
  reason: string;
  began_at: Generated<Date>;
  txid: Generated<string>;
}

export interface P2pWalletTables {
  p2p_wallet_calls: P2pWalletCallsTable;
  p2p_positions: P2pPositionsTable;
  p2p_markets: P2pMarketsTable;
  player_blocks: PlayerBlocksTable;
}
