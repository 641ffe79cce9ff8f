import type { ColumnType } from 'kysely';

interface RealityCheckSettingsTable {
  user_id: number;
  /** null: reminders off (the default). */
  interval_minutes: number | null;
  updated_at: Date;
}

interface RealityCheckSessionsTable {
  /** The session (refresh family) whose reminders these are. */
  family_id: string;
  /** The last reminder Continue was pressed on: the next is the first interval after it. */
  acknowledged_at: ColumnType<Date, Date | string, Date | string>;
}

export interface RealityCheckTables {
  reality_check_settings: RealityCheckSettingsTable;
  reality_check_sessions: RealityCheckSessionsTable;
}
