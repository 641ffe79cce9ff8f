import type { ColumnType } from 'kysely';

export interface PromotionsTable {
  /** Upper case; customers type it in any case. */
  code: string;
  title: string;
  description: string;
  starts_at: Date;
  ends_at: Date | null;
  created_at: ColumnType<Date, Date | string, never>;
}

export interface PromotionOptInsTable {
  user_id: number;
  code: string;
  at: Date;
}

export interface PromotionsTables {
  promotions: PromotionsTable;
  promotion_opt_ins: PromotionOptInsTable;
}
