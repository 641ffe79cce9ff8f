import type { ColumnType } from 'kysely';

interface PromotionsTable {
  /** Upper case; customers type it in any case. */
  code: string;
  title: string;
  description: string;
  starts_at: Date;
  ends_at: Date | null;
  created_at: ColumnType<Date, Date | string, never>;
  /** Migration 0020: applying the code grants a free bet of this many pence, valid this many days. */
  free_bet_amount: ColumnType<number | null, number | null | undefined, number | null>;
  free_bet_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 0023: the bonus terms the 19 January 2026 rules limit (src/contract/bonus-terms.ts). */
  wagering_multiple: ColumnType<number, number | undefined, number>;
  qualifying_product: ColumnType<string | null, string | null | undefined, string | null>;
  reward_product: ColumnType<string | null, string | null | undefined, string | null>;
}

interface PromotionOptInsTable {
  user_id: number;
  code: string;
  at: Date;
}

export interface PromotionsTables {
  promotions: PromotionsTable;
  promotion_opt_ins: PromotionOptInsTable;
}
