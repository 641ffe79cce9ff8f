import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { MINUTE } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import type { AccessClaims } from '../auth/tokens';
import { ledgerFigures } from '../safer-gambling/ledger-figures';
import type {
  RealityCheckSettingsRequest,
  RealityCheckStatus,
  RealityCheckSummary,
} from '../../../src/contract/reality-checks';

const SESSION_NOT_FOUND = 'Session not found';

/**
 * Reality checks (RTS 13; docs/decisions.md, Reality checks): reminders every so many minutes counted from the session's
 * sign-in, kept with the session so that a reload neither restarts nor loses them. `minuteMs` is a minute's length: the
 * browser tests shorten it, as a test clock would, so that a reminder comes in seconds.
 */
export class RealityChecksService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly minuteMs = MINUTE,
  ) {}

  async status(auth: AccessClaims): Promise<RealityCheckStatus> {
    const [session, setting] = await Promise.all([this.session(auth), this.setting(auth.userId)]);
    const intervalMinutes = setting?.interval_minutes ?? null;
    return {
      intervalMinutes,
      sessionStartedAt: session.started.toISOString(),
      dueInMs: intervalMinutes === null ? null : this.nextDue(session, intervalMinutes) - this.clock.now().getTime(),
    };
  }

  /** Turning reminders on, changing how often, or off (null); the interval still counts from this session's sign-in. */
  async configure(auth: AccessClaims, request: RealityCheckSettingsRequest): Promise<RealityCheckStatus> {
    const now = this.clock.now();
    await this.db
      .insertInto('reality_check_settings')
      .values({ user_id: auth.userId, interval_minutes: request.intervalMinutes, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ interval_minutes: request.intervalMinutes, updated_at: now }),
      )
      .execute();
    return this.status(auth);
  }

  /** Continue on a reminder: the next one is the first interval after now. */
  async acknowledge(auth: AccessClaims): Promise<RealityCheckStatus> {
    const session = await this.session(auth);
    const now = this.clock.now();
    await this.db
      .insertInto('reality_check_sessions')
      .values({ family_id: session.familyId, acknowledged_at: now })
      .onConflict((oc) => oc.column('family_id').doUpdateSet({ acknowledged_at: now }))
      .execute();
    return this.status(auth);
  }

  /** Time signed in, and deposits, stakes and returns from the ledger since sign-in. */
  async summary(auth: AccessClaims): Promise<RealityCheckSummary> {
    const session = await this.session(auth);
    const now = this.clock.now();
    const figures = await ledgerFigures(this.db, auth.userId, session.started, now);
    return {
      signedInMinutes: Math.max(0, Math.floor((now.getTime() - session.started.getTime()) / this.minuteMs)),
      deposits: figures.deposits,
      stakes: figures.staked,
      returns: figures.returns,
      net: figures.returns - figures.staked,
    };
  }

  /** The first whole interval from sign-in after the last Continue (or after sign-in). */
  private nextDue(session: { started: Date; acknowledgedAt: Date | null }, intervalMinutes: number): number {
    const start = session.started.getTime();
    const interval = intervalMinutes * this.minuteMs;
    const since = Math.max(0, (session.acknowledgedAt?.getTime() ?? start) - start);
    return start + (Math.floor(since / interval) + 1) * interval;
  }

  private async session(auth: AccessClaims) {
    const row = await this.db
      .selectFrom('refresh_families')
      .leftJoin('reality_check_sessions', 'reality_check_sessions.family_id', 'refresh_families.id')
      .select(['refresh_families.id', 'refresh_families.created_at', 'reality_check_sessions.acknowledged_at'])
      .where('refresh_families.id', '=', auth.familyId)
      .where('refresh_families.user_id', '=', auth.userId)
      .executeTakeFirst();
    if (!row) throw notFound(SESSION_NOT_FOUND, 'SessionNotFound');
    return { familyId: row.id, started: row.created_at, acknowledgedAt: row.acknowledged_at };
  }

  private setting(userId: number) {
    return this.db
      .selectFrom('reality_check_settings')
      .select('interval_minutes')
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }
}
