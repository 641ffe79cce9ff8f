import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { ExclusionKind, UserStatus } from '../users/tables';
import { exclusionEnd } from '../safer-gambling/exclusion-end';
import type { AccessClaims, AccessTokens } from './tokens';
import { forbidden, unauthorized } from '../../platform/errors';
import { prebuiltQuery } from '../../platform/db/prebuilt-query';

export const SUSPENDED_MESSAGE = 'This account has been suspended.';

/** What the database says about the session a token belongs to. */
export interface SessionRow {
  status: UserStatus;
  revoked_at: Date | null;
  exclusion_kind: ExclusionKind | null;
  exclusion_until: Date | null;
  exclusion_permanent: boolean;
}

/** The users columns every session check reads besides the family's revocation. */
export const SESSION_USER_COLUMNS = [
  'users.status',
  'users.exclusion_kind',
  'users.exclusion_until',
  'users.exclusion_permanent',
] as const;

/**
 * Decides whether an access token may act now. The token's signature is not enough: its refresh family
 * must not be revoked (logout, password change, exclusion, deletion revoke at once) and the account must
 * be active, so a suspension answers 403 on the very next call.
 */
export class SessionGuard {
  /** Asked on every authenticated request, so built once. */
  private readonly sessionRow: (userId: number, familyId: string) => Promise<SessionRow[]>;

  constructor(
    db: Db,
    private readonly tokens: AccessTokens,
    private readonly clock: Clock,
  ) {
    this.sessionRow = prebuiltQuery(db, (userId: number, familyId: string) =>
      db
        .selectFrom('users')
        .innerJoin('refresh_families', 'refresh_families.user_id', 'users.id')
        .select([...SESSION_USER_COLUMNS, 'refresh_families.revoked_at'])
        .where('users.id', '=', userId)
        .where('refresh_families.id', '=', familyId),
    );
  }

  async check(token: string | undefined): Promise<AccessClaims> {
    const claims = await this.verifyToken(token);
    const [row] = await this.sessionRow(claims.userId, claims.familyId);
    assertSessionActive(row, this.clock.now());
    return claims;
  }

  /** The signature, issuer, audience and expiry only; callers must still apply assertSessionActive to the session row. */
  async verifyToken(token: string | undefined): Promise<AccessClaims> {
    if (!token) throw unauthorized('Missing access token', 'TokenMissing');
    const claims = await this.tokens.verify(token, this.clock.now());
    if (!claims) throw unauthorized('Your session has expired', 'TokenExpired');
    return claims;
  }
}

/**
 * A time out or self-exclusion ends the session even if its revocation never ran (the exclusion commits
 * before revokeAll, and a sign-in racing the exclusion can start a family after it).
 */
export function assertSessionActive(row: SessionRow | undefined, now: Date): void {
  // Suspension revokes the family too; while it lasts the app is told why (the suspended screen), afterwards the old session is simply over.
  if (row?.status === 'suspended') throw forbidden(SUSPENDED_MESSAGE, 'AccountSuspended');
  if (!row || row.revoked_at !== null || row.status === 'deleted' || exclusionEnd(row, now) !== undefined)
    throw unauthorized('Your session has expired', 'TokenExpired');
}
