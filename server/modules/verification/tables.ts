import type { ColumnType, Generated } from 'kysely';

type IdentityCheckStatus = 'pending' | 'passed' | 'failed' | 'canceled';

interface IdentityChecksTable {
  reference: string;
  user_id: number;
  status: Generated<IdentityCheckStatus>;
  created_at: ColumnType<Date, Date | string, never>;
  completed_at: Date | null;
}

export interface VerificationTables {
  identity_checks: IdentityChecksTable;
}
