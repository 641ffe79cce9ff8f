import type { VerificationNotification } from '../../../src/contract/registration';

/** What the provider checks: the details the customer registered with. */
export interface IdentityCheckRequest {
  /** Our reference for the check; the provider's notification names it. */
  reference: string;
  firstName: string;
  lastName: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  address1: string;
  address2: string;
  addressCity: string;
  addressPostCode: string;
}

/** An identity verification service that checks the customer in its own window and tells us the result. */
export interface IdentityVerificationProvider {
  /** The address of the provider's page for this check; the app adds `parentOrigin`. */
  startCheck(request: IdentityCheckRequest): Promise<{ url: string }>;
  /** Checks a result notification's signature and freshness over its raw body; throws on anything doubtful. */
  verifyNotification(rawBody: string, signatureHeader: string | undefined, now: Date): VerificationNotification;
}
