import type { PublicRecordKind } from './provider';

export const CREDIT_REFERENCE_SANDBOX_PATH = '/credit-reference/v1/checks';

/** The sandbox bureau's records, by last name: Bankrupt, Insolvent and Judgment have one of each kind; anyone else is clear. */
export function sandboxPublicRecords(lastName: string): PublicRecordKind[] {
  const records: Record<string, PublicRecordKind> = {
    bankrupt: 'bankruptcy',
    insolvent: 'insolvency',
    judgment: 'judgment',
  };
  const record = records[lastName.trim().toLowerCase()];
  return record ? [record] : [];
}
