import type { ColumnType, Generated } from 'kysely';
import type { LimitKind } from '../../../src/contract/limits';

interface DepositLimitsTable {
  id: Generated<number>;
  user_id: number;
  kind: LimitKind;
  /** Pence, in force since effective_from. */
  amount: number;
  effective_from: Date;
  /** The waiting change: amount null with pending_from set is a deletion. */
  pending_amount: number | null;
  pending_from: Date | null;
  created_at: ColumnType<Date, Date | string, never>;
  updated_at: Date;
}

interface DepositLimitChangesTable {
  id: Generated<number>;
  user_id: number;
  kind: LimitKind;
  /** null records a deletion. */
  amount: number | null;
  effective_from: Date;
  created_at: ColumnType<Date, Date | string, never>;
}

export interface LimitsTables {
  deposit_limits: DepositLimitsTable;
  deposit_limit_changes: DepositLimitChangesTable;
}
