import type { Db } from '../../db/schema';
import type { Trx } from '../wallet/ledger';
import type { Clock } from '../../platform/clock';
import { DAY } from '../../platform/clock';
import { AppError, forbidden, unprocessable } from '../../platform/errors';
import { GamstopUnavailableError, type GamstopPerson, type GamstopProvider } from '../../providers/gamstop/provider';
import {
  GAMSTOP_ACCOUNT_CLOSED,
  GAMSTOP_ERROR_CODES,
  GAMSTOP_REGISTRATION_REFUSED,
  GAMSTOP_UNAVAILABLE,
} from '../../../src/contract/gamstop';
import type { GamstopOccasion, GamstopOutcome } from './tables';

/** A clear answer younger than this lets a deposit (or a sign-in while GAMSTOP is down) go ahead without asking again. */
const GAMSTOP_FRESH_FOR_MS = DAY;

export interface GamstopServiceDeps {
  db: Db;
  clock: Clock;
  provider: GamstopProvider;
  /** Ends every session of a customer GAMSTOP has just excluded (AuthService.revokeAll). */
  revokeSessions: (userId: number, reason: string) => Promise<void>;
}

export interface GamstopCheckRecord {
  id: number;
  at: string;
  occasion: GamstopOccasion;
  outcome: GamstopOutcome;
  userId: number | null;
  email: string | null;
  uniqueId: string | null;
  detail: string | null;
}

const unavailable = () => new AppError(503, GAMSTOP_UNAVAILABLE, GAMSTOP_ERROR_CODES.unavailable);

/**
 * The national self-exclusion check (LCCP SR 3.5.5): before an account is opened, at every sign-in and before a
 * deposit when the last answer is over a day old. No answer never counts as "not excluded": the step waits.
 */
export class GamstopService {
  constructor(private readonly deps: GamstopServiceDeps) {}

  /** Asks GAMSTOP and records the check; GAMSTOP's own faults come back as 'unavailable', never as an exception. */
  private async ask(
    person: GamstopPerson,
    occasion: GamstopOccasion,
    userId: number | null,
  ): Promise<{ outcome: GamstopOutcome; checkId: number }> {
    let outcome: GamstopOutcome;
    let uniqueId: string | null = null;
    let detail: string | null = null;
    try {
      const answer = await this.deps.provider.check(person);
      outcome = answer.exclusion;
      uniqueId = answer.uniqueId;
    } catch (error) {
      outcome = 'unavailable';
      detail = (
        error instanceof GamstopUnavailableError
          ? error.message
          : `unexpected failure: ${error instanceof Error ? error.message : String(error)}`
      ).slice(0, 500);
    }
    const row = await this.deps.db
      .insertInto('gamstop_checks')
      .values({ user_id: userId, occasion, outcome, unique_id: uniqueId, detail, created_at: this.deps.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { outcome, checkId: row.id };
  }

  /** Before an account is created: a Y refuses (only the check's row is kept), no answer waits. Returns the check to link to the new account. */
  async screenRegistration(person: GamstopPerson): Promise<number> {
    const { outcome, checkId } = await this.ask(person, 'registration', null);
    if (outcome === 'Y') throw unprocessable(GAMSTOP_REGISTRATION_REFUSED, GAMSTOP_ERROR_CODES.excluded);
    if (outcome === 'unavailable') throw unavailable();
    return checkId;
  }

  /** The registration's check belongs to the account it let open. */
  async linkCheck(trx: Trx, checkId: number, userId: number): Promise<void> {
    await trx.updateTable('gamstop_checks').set({ user_id: userId }).where('id', '=', checkId).execute();
  }

  /**
   * At sign-in, once the password (and code) are right: 'excluded' when GAMSTOP says Y (the account is now
   * blocked). With no answer, a clear answer from the last day stands; otherwise the sign-in waits.
   */
  async screenSignIn(userId: number): Promise<'clear' | 'excluded'> {
    const outcome = await this.checkAccount(userId, 'sign-in');
    if (outcome === 'Y') return 'excluded';
    if (outcome === 'unavailable' && !(await this.recentlyClear(userId))) throw unavailable();
    return 'clear';
  }

  /** Before a deposit: asks again when the last clear answer is over a day old. */
  async assertDepositAllowed(userId: number): Promise<void> {
    if (await this.recentlyClear(userId)) return;
    const outcome = await this.checkAccount(userId, 'deposit');
    if (outcome === 'Y') throw forbidden(GAMSTOP_ACCOUNT_CLOSED, GAMSTOP_ERROR_CODES.excluded);
    if (outcome === 'unavailable') throw unavailable();
  }

  /** The latest checks, newest first, for the operator. */
  async list(limit: number): Promise<GamstopCheckRecord[]> {
    const rows = await this.deps.db
      .selectFrom('gamstop_checks')
      .leftJoin('users', 'users.id', 'gamstop_checks.user_id')
      .select([
        'gamstop_checks.id',
        'gamstop_checks.created_at',
        'gamstop_checks.occasion',
        'gamstop_checks.outcome',
        'gamstop_checks.user_id',
        'users.email',
        'gamstop_checks.unique_id',
        'gamstop_checks.detail',
      ])
      .orderBy('gamstop_checks.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      at: row.created_at.toISOString(),
      occasion: row.occasion,
      outcome: row.outcome,
      userId: row.user_id,
      email: row.email,
      uniqueId: row.unique_id,
      detail: row.detail,
    }));
  }

  /** Asks about an existing customer and acts on the answer: Y blocks, any other answer ends a block GAMSTOP caused. */
  private async checkAccount(userId: number, occasion: GamstopOccasion): Promise<GamstopOutcome> {
    const user = await this.deps.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'date_of_birth', 'email', 'address_post_code', 'phone'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const person = {
      firstName: user.first_name,
      lastName: user.last_name,
      dateOfBirth: user.date_of_birth,
      email: user.email,
      postcode: user.address_post_code,
      mobile: user.phone,
    };
    const { outcome } = await this.ask(person, occasion, userId);
    if (outcome === 'Y') await this.block(userId);
    if (outcome === 'P' || outcome === 'N') await this.lift(userId);
    return outcome;
  }

  private async recentlyClear(userId: number): Promise<boolean> {
    const latest = await this.deps.db
      .selectFrom('gamstop_checks')
      .select(['outcome', 'created_at'])
      .where('user_id', '=', userId)
      .where('outcome', '!=', 'unavailable')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return (
      !!latest &&
      latest.outcome !== 'Y' &&
      latest.created_at.getTime() > this.deps.clock.now().getTime() - GAMSTOP_FRESH_FOR_MS
    );
  }

  /**
   * Self-excluded until GAMSTOP says otherwise: betting (PlayerBlocked), deposits, sessions and marketing stop at
   * once. A self-exclusion or time out the customer chose here is left as it is: it already stops all of that.
   */
  private async block(userId: number): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ marketing_email: false, marketing_phone: false, marketing_sms: false, updated_at: now })
        .where('id', '=', userId)
        .execute();
      await trx
        .updateTable('users')
        .set({
          exclusion_kind: 'self-exclusion',
          exclusion_until: null,
          exclusion_permanent: true,
          exclusion_by_gamstop: true,
        })
        .where('id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('exclusion_by_gamstop', '=', true),
            eb('exclusion_kind', 'is', null),
            eb.and([
              eb('exclusion_permanent', '=', false),
              eb.or([eb('exclusion_until', 'is', null), eb('exclusion_until', '<=', now)]),
            ]),
          ]),
        )
        .execute();
    });
    await this.deps.revokeSessions(userId, 'GAMSTOP self-exclusion');
  }

  private async lift(userId: number): Promise<void> {
    await this.deps.db
      .updateTable('users')
      .set({
        exclusion_kind: null,
        exclusion_until: null,
        exclusion_permanent: false,
        exclusion_by_gamstop: false,
        updated_at: this.deps.clock.now(),
      })
      .where('id', '=', userId)
      .where('exclusion_by_gamstop', '=', true)
      .execute();
  }
}
