import type { ExclusionKind } from '../users/tables';

const endFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

/** The login refusal for a customer in a time out or self-exclusion, naming when it ends; undefined when none is running. */
export function exclusionMessage(
  user: { exclusion_kind: ExclusionKind | null; exclusion_until: Date | null; exclusion_permanent: boolean },
  now: Date,
): string | undefined {
  if (!user.exclusion_kind) return undefined;
  if (user.exclusion_permanent) return 'You have permanently self-excluded. This account cannot be used again.';
  if (!user.exclusion_until || user.exclusion_until <= now) return undefined;
  const end = endFormat.format(user.exclusion_until);
  return user.exclusion_kind === 'time-out'
    ? `Your account is in a time out until ${end}. You can log in again after that.`
    : `You have self-excluded until ${end}. You can log in again after that.`;
}
