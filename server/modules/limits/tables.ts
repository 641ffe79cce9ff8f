import type { ColumnType, Generated } from 'kysely';
import type { LimitDecision, LimitKind } from '../../../src/contract/limits';

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

interface LimitDecisionsTable {
  id: Generated<string>;
  user_id: number;
  /** set or declined answers the question before a first deposit; reviewed is a six-monthly review seen. */
  decision: LimitDecision;
  created_at: ColumnType<Date, Date | string, never>;
}

export interface LimitsTables {
  limit_decisions: LimitDecisionsTable;
  deposit_limits: DepositLimitsTable;
  deposit_limit_changes: DepositLimitChangesTable;
}
