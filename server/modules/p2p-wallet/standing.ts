import type { VerificationStatus } from '../users/tables';
import { exclusionEnd } from '../safer-gambling/exclusion-end';
import { blockedFromBetting, type PlayerStanding } from '../games/standing';
import type { BlockReason } from '../../../src/contract/p2p-wallet';

export type StandingRow = PlayerStanding & { verification_status: VerificationStatus; locked_out: boolean };

/**
 * Why the sportsbook door's rule (blockedFromBetting) refuses this player a stake, in words the exchange can log;
 * null when it does not. The gravest reason is given when several apply.
 */
export function blockReason(row: StandingRow, now: Date): BlockReason | null {
  if (!blockedFromBetting(row, now)) return null;
  if (row.status === 'deleted') return 'deleted';
  if (row.status === 'suspended') return 'suspended';
  const exclusion = exclusionEnd(row, now);
  if (exclusion) return row.exclusion_kind!;
  if (row.locked_out) return 'locked-out';
  return 'unverified';
}
