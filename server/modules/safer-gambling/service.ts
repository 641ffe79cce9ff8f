import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { AuthService } from '../auth/service';
import type {
  LockAccountRequest,
  LockAccountResponse,
  ProfitLossRequest,
  ProfitLossResponse,
} from '../../../src/contract/safer-gambling';
import { INVALID_LOCK, isAllowedLockDays, TIME_OUT_MAX_DAYS } from '../../../src/contract/safer-gambling';
import { badRequest, notFound } from '../../platform/errors';
import { exclusionEnd } from './exclusion-end';
import { ledgerFigures } from './ledger-figures';

const DAY_MS = 24 * 3600_000;

export class SaferGamblingService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly auth: Pick<AuthService, 'revokeAll'>,
  ) {}

  /** Staked and returned in the range (ledgerFigures says what counts as each). */
  async profitLoss(userId: number, range: ProfitLossRequest): Promise<ProfitLossResponse> {
    const { staked, returns } = await ledgerFigures(this.db, userId, new Date(range.from), new Date(range.to));
    return { staked, returns, diff: returns - staked };
  }

  /**
   * A time out (1 to 30 days) or a self-exclusion (6 months to 5 years, or permanent), in force at once.
   * Nothing shortens one already running: a shorter request leaves the longer one in place, and says so.
   */
  async lock(userId: number, request: LockAccountRequest): Promise<LockAccountResponse> {
    const now = this.clock.now();
    const permanently = request.permanently === true;
    const days = request.days ?? 0;
    if (!permanently && !isAllowedLockDays(days)) {
      throw badRequest(INVALID_LOCK, 'ValidationError');
    }
    const requestedKind = permanently || days > TIME_OUT_MAX_DAYS ? 'self-exclusion' : 'time-out';
    const requestedUntil = permanently ? null : new Date(now.getTime() + days * DAY_MS);

    const result = await this.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select(['exclusion_kind', 'exclusion_until', 'exclusion_permanent'])
        .where('id', '=', userId)
        .where('status', '!=', 'deleted')
        .forUpdate()
        .executeTakeFirst();
      if (!user) throw notFound('No user data found.');
      const existing = exclusionEnd(user, now);
      const keepExisting =
        existing !== undefined && (existing.permanent || (!permanently && existing.until! >= requestedUntil!));
      const kind = keepExisting ? user.exclusion_kind! : requestedKind;
      const until = keepExisting ? (existing.permanent ? null : existing.until!) : requestedUntil;
      const permanent = keepExisting ? existing.permanent : permanently;
      await trx
        .updateTable('users')
        .set({
          exclusion_kind: kind,
          exclusion_until: until,
          exclusion_permanent: permanent,
          updated_at: now,
          // A customer who self-excludes is sent no marketing of any kind.
          ...(requestedKind === 'self-exclusion' || kind === 'self-exclusion'
            ? { marketing_email: false, marketing_phone: false, marketing_sms: false }
            : {}),
        })
        .where('id', '=', userId)
        .execute();
      return { kind, until, permanent, keepExisting };
    });

    await this.auth.revokeAll(userId, result.kind);
    const untilText = result.until ? result.until.toISOString() : null;
    const message = result.keepExisting
      ? `Your existing ${result.kind === 'time-out' ? 'time out' : 'self-exclusion'} ${result.permanent ? 'is permanent' : `lasts longer, until ${untilText}`} and stays in force.`
      : result.permanent
        ? 'You have permanently self-excluded.'
        : `Your account is locked until ${untilText}.`;
    return { duration: days, permanently, kind: result.kind, until: untilText, message };
  }
}
