import type { ColumnType, Generated } from 'kysely';

export type GamstopOccasion = 'registration' | 'sign-in' | 'deposit';
export type GamstopOutcome = 'Y' | 'P' | 'N' | 'unavailable';

/** Every GAMSTOP check and its answer; no personal data, only whose account it was once one exists. */
interface GamstopChecksTable {
  id: Generated<number>;
  user_id: number | null;
  occasion: GamstopOccasion;
  outcome: GamstopOutcome;
  unique_id: string | null;
  /** Why there was no answer (for the operator); null when GAMSTOP answered. */
  detail: string | null;
  created_at: ColumnType<Date, Date | string, never>;
}

export interface GamstopTables {
  gamstop_checks: GamstopChecksTable;
}
