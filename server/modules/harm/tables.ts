import type { ColumnType, Generated } from 'kysely';
import type { HarmMarkerKind } from '../../../src/contract/harm';
import type { PublicRecordKind } from '../../providers/credit-reference/provider';

/** A marker of harm seen in what the PAM records (LCCP SR 3.4.3); one per (customer, kind, key), however often computed. */
interface HarmMarkersTable {
  id: Generated<number>;
  user_id: number;
  kind: HarmMarkerKind;
  /** What makes this marker the same when computed again (the evidence's anchor: a day, a payment, a limit change). */
  marker_key: string;
  evidence: ColumnType<unknown, string, never>;
  observed_at: ColumnType<Date, Date, never>;
  created_at: ColumnType<Date, Date, never>;
  /** When the customer acknowledged the safer-gambling message that told them of it. */
  acknowledged_at: Date | null;
}

export type CreditCheckStatus = 'pending' | 'clear' | 'hit';

/** A light-touch financial vulnerability check (SR 3.4.4), pending until the bureau gives a usable answer. */
interface CreditReferenceChecksTable {
  id: Generated<number>;
  user_id: number;
  status: CreditCheckStatus;
  /** The 30-day net deposits, pence, that called for it. */
  net_deposits: number;
  public_records: ColumnType<PublicRecordKind[] | null, string | null, string | null>;
  reference: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  created_at: ColumnType<Date, Date, never>;
  answered_at: Date | null;
}

/** Every time the bureau was asked, and what came of it: an answer, or the failure that leaves the check pending. */
interface CreditReferenceAttemptsTable {
  id: Generated<number>;
  check_id: number;
  outcome: 'clear' | 'hit' | 'failed';
  detail: string | null;
  at: ColumnType<Date, Date, never>;
}

/** An account queued for an operator's review; at most one open per customer. */
interface InteractionReviewsTable {
  id: Generated<number>;
  user_id: number;
  reason: string;
  created_at: ColumnType<Date, Date, never>;
  reviewed_at: Date | null;
  outcome: string | null;
}

export interface HarmTables {
  harm_markers: HarmMarkersTable;
  credit_reference_checks: CreditReferenceChecksTable;
  credit_reference_attempts: CreditReferenceAttemptsTable;
  interaction_reviews: InteractionReviewsTable;
}
