import type { ColumnType, Generated } from 'kysely';

export type TransactionKind =
  'Deposit' | 'Withdrawal' | 'Stake' | 'Returns' | 'Refund' | 'Adjustment' | 'Exchange hold' | 'Exchange release';
export type Vertical = 'sportsbook' | 'p2p' | 'wallet';

interface WalletsTable {
  user_id: number;
  /** Pence. A CHECK keeps it at or above zero. */
  balance: number;
  currency: Generated<string>;
  updated_at: Date;
}

/** Append-only: rows are never edited to change money; corrections are new postings. */
interface TransactionsTable {
  id: Generated<number>;
  user_id: number;
  created_at: ColumnType<Date, Date | string, never>;
  /** Signed pence. */
  amount: number;
  balance_out: number;
  kind: TransactionKind;
  vertical: Vertical;
  reference: string;
  bet_id: string | null;
  iqs_transaction_id: string | null;
  payment_id: string | null;
}

export interface WalletTables {
  wallets: WalletsTable;
  transactions: TransactionsTable;
}
