import type { ColumnType } from 'kysely';

export type FreeBetStatus = 'available' | 'used' | 'expired';

/** A free-bet token (migration 0020): granted, then used once by a bet, or expired; a refused bet gives it back. */
interface FreeBetsTable {
  id: string;
  user_id: number;
  amount: number;
  /** Who granted it: 'operator: <reason>' or 'promo: <CODE>'. */
  source: string;
  status: FreeBetStatus;
  granted_at: ColumnType<Date, Date | string, never>;
  expires_at: ColumnType<Date, Date | string, never>;
  used_at: Date | null;
  used_bet_id: string | null;
  returned_at: Date | null;
  expired_at: Date | null;
}

export interface FreeBetsTables {
  free_bets: FreeBetsTable;
}
