import { randomUUID } from 'node:crypto';
import type { Trx } from '../wallet/ledger';
import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../providers/mail/mailer';
import type { LiveHub } from '../live/hub';
import type {
  ChangePasswordRequest,
  LoginResponse,
  LoginWithCodeRequest,
  ResetPasswordRequest,
  TokenResponse,
} from '../../../src/contract/auth';
import {
  ACCESS_TOKEN_SECONDS,
  LOCKED_OUT_MESSAGE,
  LOCKOUT_AFTER_FAILURES,
  REFRESH_FAMILY_SECONDS,
  RESET_CODE_SECONDS,
  TWO_STEP_INVALID_MESSAGE,
  TWO_STEP_REQUIRED_MESSAGE,
} from '../../../src/contract/auth';
import { GAMSTOP_ACCOUNT_CLOSED } from '../../../src/contract/gamstop';
import { badRequest, forbidden, unauthorized } from '../../platform/errors';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords';
import { opaqueToken, sha256, type AccessTokens } from './tokens';
import { exclusionMessage } from './exclusion-message';
import { LoginLockouts } from './lockouts';
import { SUSPENDED_MESSAGE } from './session-guard';
import type { TwoStepService } from './two-step';
import type { SignInHistoryService } from './sign-in-history';
import type { GamstopService } from '../gamstop/service';

const INVALID_CREDENTIALS = 'Invalid email or password';
const INVALID_REFRESH = 'Your session has expired. Please log in again.';
const INVALID_RESET_CODE = 'This reset link is invalid or has expired. Please ask for a new one.';
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that e-mail, we have sent a link to reset the password.';

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  tokens: AccessTokens;
  mailer: Mailer;
  live: LiveHub;
  publicUrl: string;
  twoStep: Pick<TwoStepService, 'isEnabled' | 'verify'>;
  signIns: Pick<SignInHistoryService, 'latest'>;
  gamstop: Pick<GamstopService, 'screenSignIn'>;
  /** Writes each sign-in attempt (never the password) to the structured log. */
  logAttempt?: (attempt: {
    email: string;
    userId: number | null;
    succeeded: boolean;
    reason: string;
    ip: string;
  }) => void;
}

type MailableUser = { id: number; email: string; first_name: string };

const lockEndFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

export class AuthService {
  private readonly lockouts: LoginLockouts;

  constructor(private readonly deps: AuthServiceDeps) {
    this.lockouts = new LoginLockouts(deps.db, deps.clock);
  }

  private get db() {
    return this.deps.db;
  }
  private now() {
    return this.deps.clock.now();
  }

  /**
   * Password, then (when turned on) the authenticator or a recovery code, then the account's standing and
   * GAMSTOP. A wrong code counts towards the lock exactly as a wrong password does.
   */
  async login(request: LoginWithCodeRequest, ip: string, userAgent?: string): Promise<LoginResponse> {
    const email = request.email.toLowerCase();
    const user = await this.db
      .selectFrom('users')
      .select([
        'id',
        'email',
        'first_name',
        'password_hash',
        'status',
        'exclusion_kind',
        'exclusion_until',
        'exclusion_permanent',
        'exclusion_by_gamstop',
      ])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .where('status', '!=', 'deleted')
      .executeTakeFirst();

    const record = async (succeeded: boolean, reason: string) => {
      this.deps.logAttempt?.({ email, userId: user?.id ?? null, succeeded, reason, ip });
      await this.db
        .insertInto('login_attempts')
        .values({
          email,
          user_id: user?.id ?? null,
          succeeded,
          reason,
          ip,
          user_agent: userAgent?.slice(0, 512) ?? null,
          created_at: this.now(),
        })
        .execute();
    };

    // Known, unknown and locked addresses all cost one password check and meet the same count and lock,
    // so neither the answer nor its timing tells a stranger whether an account exists.
    const locked = await this.lockouts.isLocked(email);
    const passwordRight = user
      ? await verifyPassword(user.password_hash, request.password)
      : await verifyAgainstNothing(request.password);
    if (locked) {
      await record(false, user ? 'locked out' : 'unknown email, locked out');
      throw forbidden(LOCKED_OUT_MESSAGE, 'LockedOut');
    }
    const fail = async (reason: string, message: string, code: string): Promise<never> => {
      const lock = await this.lockouts.recordFailure(email);
      await record(false, `${reason}${lock ? ', now locked out' : ''}`);
      if (lock && user) await this.mailLockNotice(user, lock.until);
      if (lock) throw forbidden(LOCKED_OUT_MESSAGE, 'LockedOut');
      throw unauthorized(message, code);
    };
    if (!user || !passwordRight)
      return fail(user ? 'wrong password' : 'unknown email', INVALID_CREDENTIALS, 'InvalidCredentials');
    if (await this.deps.twoStep.isEnabled(user.id)) {
      if (!request.code) {
        await record(false, 'two-step code asked for');
        throw unauthorized(TWO_STEP_REQUIRED_MESSAGE, 'TwoStepRequired');
      }
      if (!(await this.deps.twoStep.verify(user.id, request.code)))
        return fail('wrong two-step code', TWO_STEP_INVALID_MESSAGE, 'TwoStepCodeInvalid');
    }
    await this.lockouts.clear(email);
    if (user.status === 'suspended') {
      await record(false, 'suspended');
      throw forbidden(`${LOCKED_OUT_MESSAGE} ${SUSPENDED_MESSAGE}`, 'AccountSuspended');
    }
    // A block GAMSTOP caused is GAMSTOP's to end: the check below asks again. One the customer chose stands.
    const exclusion = user.exclusion_by_gamstop ? undefined : exclusionMessage(user, this.now());
    if (exclusion) {
      await record(false, user.exclusion_kind ?? 'excluded');
      throw forbidden(exclusion, 'AccountExcluded');
    }
    const gamstop = await this.deps.gamstop.screenSignIn(user.id).catch(async (error: unknown) => {
      await record(false, 'GAMSTOP unavailable');
      throw error;
    });
    if (gamstop === 'excluded') {
      await record(false, 'GAMSTOP self-exclusion');
      throw forbidden(GAMSTOP_ACCOUNT_CLOSED, 'AccountExcluded');
    }
    const previous = await this.deps.signIns.latest(user.id);
    await record(true, 'signed in');
    return { ...(await this.startFamily(user.id)), previousSignInAt: previous?.toISOString() ?? null };
  }

  /** The owner hears of the lock at once, with a way back in that does not wait for it to end. */
  private async mailLockNotice(user: MailableUser, until: Date): Promise<void> {
    await this.mailResetLink(
      user,
      'Your account is locked for a while',
      `Someone, perhaps you, typed a wrong password for your account ${LOCKOUT_AFTER_FAILURES} times in a row, so signing in is paused until ${lockEndFormat.format(until)} (UK time).\n\nYou can set a new password now with the link below; it also ends the pause.`,
      'If it was not you, your password has not changed and nobody has signed in; setting a new password is still a good idea.',
    );
  }

  /** Forgets wrong-password counts quiet for a day (run hourly by the server). */
  purgeStaleLockouts(): Promise<number> {
    return this.lockouts.purgeStale();
  }

  /** Unlocks the address at once (the operator's unlock). */
  clearLockout(email: string): Promise<void> {
    return this.lockouts.clear(email);
  }

  /** Signs the customer in with a new refresh family; registration uses it too. */
  async startFamily(userId: number): Promise<TokenResponse> {
    const now = this.now();
    const familyId = randomUUID();
    const expiresAt = new Date(now.getTime() + REFRESH_FAMILY_SECONDS * 1000);
    await this.db
      .insertInto('refresh_families')
      .values({
        id: familyId,
        user_id: userId,
        created_at: now,
        expires_at: expiresAt,
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
    return this.issue(userId, familyId, expiresAt);
  }

  private async issue(userId: number, familyId: string, familyExpiresAt: Date): Promise<TokenResponse> {
    const now = this.now();
    const refreshToken = opaqueToken();
    await this.db
      .insertInto('refresh_tokens')
      .values({ token_hash: sha256(refreshToken), family_id: familyId, created_at: now, used_at: null })
      .execute();
    return {
      accessToken: await this.deps.tokens.issue({ userId, familyId }, now),
      tokenType: 'Bearer',
      expiresIn: ACCESS_TOKEN_SECONDS,
      refreshExpiresIn: Math.max(0, Math.floor((familyExpiresAt.getTime() - now.getTime()) / 1000)),
      refreshToken,
    };
  }

  async refresh(refreshToken: string): Promise<TokenResponse> {
    const now = this.now();
    const tokenHash = sha256(refreshToken);
    const row = await this.db
      .selectFrom('refresh_tokens')
      .innerJoin('refresh_families', 'refresh_families.id', 'refresh_tokens.family_id')
      .innerJoin('users', 'users.id', 'refresh_families.user_id')
      .select([
        'refresh_tokens.family_id',
        'refresh_families.user_id',
        'refresh_families.expires_at',
        'refresh_families.revoked_at',
        'users.status',
        'users.exclusion_kind',
        'users.exclusion_until',
        'users.exclusion_permanent',
      ])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
    // A running time out or self-exclusion ends the family even if its revocation never ran.
    if (row?.status === 'suspended' && row.expires_at > now) throw forbidden(SUSPENDED_MESSAGE, 'AccountSuspended');
    if (
      !row ||
      row.revoked_at !== null ||
      row.expires_at <= now ||
      row.status === 'deleted' ||
      exclusionMessage(row, now)
    )
      throw unauthorized(INVALID_REFRESH, 'RefreshInvalid');
    // Marking the token used is the atomic step: of two requests with one token, exactly one wins.
    const claimed = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .returning('token_hash')
      .executeTakeFirst();
    if (!claimed) {
      await this.revokeFamily(row.family_id, 'refresh token reused');
      await this.deps.live.disconnect(row.user_id);
      throw unauthorized(INVALID_REFRESH, 'RefreshReused');
    }
    return this.issue(row.user_id, row.family_id, row.expires_at);
  }

  private async revokeFamily(familyId: string, reason: string): Promise<void> {
    await this.db
      .updateTable('refresh_families')
      .set({ revoked_at: this.now(), revoked_reason: reason })
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes every refresh family of the customer (and so every access token), except `keepFamilyId`. */
  async revokeAll(userId: number, reason: string, keepFamilyId?: string): Promise<void> {
    let update = this.db
      .updateTable('refresh_families')
      .set({ revoked_at: this.now(), revoked_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepFamilyId) update = update.where('id', '!=', keepFamilyId);
    await update.execute();
    if (!keepFamilyId) await this.deps.live.disconnect(userId);
  }

  logout(userId: number): Promise<void> {
    return this.revokeAll(userId, 'logout');
  }

  async forgotPassword(emailAddress: string): Promise<void> {
    const email = emailAddress.toLowerCase();
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .where('status', '!=', 'deleted')
      .executeTakeFirst();
    if (!user) return;
    await this.mailResetLink(
      user,
      'Reset your password',
      'We received a request to reset your password.',
      'If you did not ask for this, you can ignore this e-mail; your password has not changed.',
    );
  }

  private async mailResetLink(user: MailableUser, subject: string, why: string, ifNotYou: string): Promise<void> {
    const now = this.now();
    const code = opaqueToken();
    await this.db
      .insertInto('password_resets')
      .values({
        code_hash: sha256(code),
        user_id: user.id,
        created_at: now,
        expires_at: new Date(now.getTime() + RESET_CODE_SECONDS * 1000),
        used_at: null,
      })
      .execute();
    const link = `${this.deps.publicUrl}/?token=${encodeURIComponent(code)}`;
    await this.deps.mailer.send({
      to: user.email,
      subject,
      text: `Hello ${user.first_name},\n\n${why} Use this link within 1 hour:\n\n${link}\n\n${ifNotYou}`,
    });
  }

  async resetPassword(request: ResetPasswordRequest): Promise<void> {
    const now = this.now();
    const passwordHash = await hashPassword(request.newPassword);
    const user = await this.db.transaction().execute(async (trx) => {
      const reset = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('code_hash', '=', sha256(request.code))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      if (!reset) throw badRequest(INVALID_RESET_CODE, 'ResetCodeInvalid');
      await this.endResetCodes(trx, reset.user_id, now);
      const updated = await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', reset.user_id)
        .where('status', '!=', 'deleted')
        .returning(['id', 'email'])
        .executeTakeFirst();
      if (!updated) throw badRequest(INVALID_RESET_CODE, 'ResetCodeInvalid');
      return updated;
    });
    await this.lockouts.clear(user.email);
    await this.revokeAll(user.id, 'password reset');
  }

  /** A new password ends every reset link still in the customer's mailbox: an older one must not set it again. */
  private async endResetCodes(trx: Trx, userId: number, now: Date): Promise<void> {
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  async changePassword(userId: number, familyId: string, request: ChangePasswordRequest): Promise<void> {
    const user = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(user.password_hash, request.password)))
      throw badRequest('Your current password is incorrect', 'WrongPassword');
    const passwordHash = await hashPassword(request.newPassword);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', userId)
        .execute();
      await this.endResetCodes(trx, userId, now);
    });
    await this.revokeAll(userId, 'password changed', familyId);
  }
}
