import type { ExclusionKind } from '../users/tables';

/** The time out or self-exclusion running at `now`, if any. */
export function exclusionEnd(
  user: { exclusion_kind: ExclusionKind | null; exclusion_until: Date | null; exclusion_permanent: boolean },
  now: Date,
): { permanent: boolean; until: Date | null } | undefined {
  if (!user.exclusion_kind) return undefined;
  if (user.exclusion_permanent) return { permanent: true, until: null };
  if (user.exclusion_until && user.exclusion_until > now) return { permanent: false, until: user.exclusion_until };
  return undefined;
}
