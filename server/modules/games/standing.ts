import type { ExclusionKind, UserStatus, VerificationStatus } from '../users/tables';
import type { Trx } from '../wallet/ledger';
import { exclusionEnd } from '../safer-gambling/exclusion-end';

export interface PlayerStanding {
  status: UserStatus;
  exclusion_kind: ExclusionKind | null;
  exclusion_until: Date | null;
  exclusion_permanent: boolean;
}

export interface SessionStanding extends PlayerStanding {
  /** The refresh family's; null columns when the session is unknown. */
  revoked_at: Date | null;
  family_expires_at: Date | null;
}

/**
 * Whether the sign-in a sportsbook session came from is still alive: not revoked (logout, password change,
 * exclusion, deletion), not past its 12 hours, and the account active and in no time out or self-exclusion (checked
 * directly too, as the session guard does, since an exclusion commits before its revocation runs).
 */
export function sessionLive(row: SessionStanding, now: Date): boolean {
  return (
    row.family_expires_at !== null &&
    row.revoked_at === null &&
    row.family_expires_at > now &&
    row.status === 'active' &&
    exclusionEnd(row, now) === undefined
  );
}

/** Every block a customer can be under refuses a stake: suspended, deleted, locked out, unverified, timed out or self-excluded. */
export function blockedFromBetting(
  row: PlayerStanding & { verification_status: VerificationStatus; locked_out: boolean },
  now: Date,
): boolean {
  return (
    row.status !== 'active' ||
    row.locked_out ||
    row.verification_status !== 'passed' ||
    exclusionEnd(row, now) !== undefined
  );
}

/**
 * A customer's standing for blockedFromBetting, read under FOR SHARE on their users row until the caller's transaction
 * commits: every block updates that row, so none can commit between this read and what the caller then writes.
 */
export function readStandingLocked(trx: Trx, userId: number) {
  return trx
    .selectFrom('users')
    .select(['status', 'locked_out', 'verification_status', 'exclusion_kind', 'exclusion_until', 'exclusion_permanent'])
    .where('id', '=', userId)
    .forShare()
    .executeTakeFirst();
}
