/** The three kinds of public record a light-touch check reports (LCCP SR 3.4.4). */
export const PUBLIC_RECORD_KINDS = ['bankruptcy', 'insolvency', 'judgment'] as const;
export type PublicRecordKind = (typeof PUBLIC_RECORD_KINDS)[number];

/** Who is checked, as a bureau matches people. */
export interface CreditReferencePerson {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  postcode: string;
}

export interface CreditReferenceAnswer {
  /** Empty when the person is clear. */
  publicRecords: PublicRecordKind[];
  /** The bureau's reference for this check, kept for the operator's record. */
  reference: string;
}

/** A credit-reference bureau's light-touch (soft) check: public records only, no footprint on the person's file. */
export interface CreditReferenceProvider {
  /** Throws CreditReferenceUnavailableError when there is no usable answer (unreachable, timeout, error status, nonsense). */
  check(person: CreditReferencePerson): Promise<CreditReferenceAnswer>;
}

/** No usable answer from the bureau; the detail is for the operator's record, never for customers. */
export class CreditReferenceUnavailableError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'CreditReferenceUnavailableError';
  }
}
