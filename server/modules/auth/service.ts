import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Trx } from '../wallet/ledger';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import type { Mailer } from '../../providers/mail/mailer';
import type { LiveHub } from '../live/hub';
import type { ChangePasswordRequest, LoginRequest, ResetPasswordRequest, TokenResponse } from '../../../src/contract/auth';
import { ACCESS_TOKEN_SECONDS, LOCKED_OUT_MESSAGE, LOCKOUT_AFTER_FAILURES, REFRESH_FAMILY_SECONDS, RESET_CODE_SECONDS } from '../../../src/contract/auth';
import { badRequest, forbidden, unauthorized } from '../../errors';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords';
import { opaqueToken, sha256, type AccessTokens } from './tokens';
import { exclusionMessage } from './exclusion-message';
import { SUSPENDED_MESSAGE } from './session-guard';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const INVALID_REFRESH = 'Your session has expired. Please log in again.';
export const INVALID_RESET_CODE = 'This reset link is invalid or has expired. Please ask for a new one.';
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that e-mail, we have sent a link to reset the password.';

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  tokens: AccessTokens;
  mailer: Mailer;
  live: LiveHub;
  publicUrl: string;
  /** Writes each sign-in attempt (never the password) to the structured log. */
  logAttempt?: (attempt: { email: string; userId: number | null; succeeded: boolean; reason: string; ip: string }) => void;
}

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  private get db() {
    return this.deps.db;
  }
  private now() {
    return this.deps.clock.now();
  }

  async login(request: LoginRequest, ip: string): Promise<TokenResponse> {
    const email = request.email.toLowerCase();
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'status', 'locked_out', 'exclusion_kind', 'exclusion_until', 'exclusion_permanent'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .where('status', '!=', 'deleted')
      .executeTakeFirst();

    const record = async (succeeded: boolean, reason: string) => {
      this.deps.logAttempt?.({ email, userId: user?.id ?? null, succeeded, reason, ip });
      await this.db
        .insertInto('login_attempts')
        .values({ email, user_id: user?.id ?? null, succeeded, reason, ip, created_at: this.now() })
        .execute();
    };

    if (!user) {
      await verifyAgainstNothing(request.password);
      await record(false, 'unknown email');
      throw unauthorized(INVALID_CREDENTIALS, 'InvalidCredentials');
    }
    if (user.locked_out) {
      await record(false, 'locked out');
      throw forbidden(LOCKED_OUT_MESSAGE, 'LockedOut');
    }
    if (!(await verifyPassword(user.password_hash, request.password))) {
      const counted = await this.db
        .updateTable('users')
        .set({
          failed_logins: sql<number>`failed_logins + 1`,
          locked_out: sql<boolean>`failed_logins + 1 >= ${LOCKOUT_AFTER_FAILURES}`,
        })
        .where('id', '=', user.id)
        .returning(['locked_out'])
        .executeTakeFirstOrThrow();
      await record(false, counted.locked_out ? 'wrong password, now locked out' : 'wrong password');
      if (counted.locked_out) throw forbidden(LOCKED_OUT_MESSAGE, 'LockedOut');
      throw unauthorized(INVALID_CREDENTIALS, 'InvalidCredentials');
    }
    if (user.status === 'suspended') {
      await record(false, 'suspended');
      throw forbidden(`${LOCKED_OUT_MESSAGE} ${SUSPENDED_MESSAGE}`, 'AccountSuspended');
    }
    const exclusion = exclusionMessage(user, this.now());
    if (exclusion) {
      await record(false, user.exclusion_kind ?? 'excluded');
      throw forbidden(exclusion, 'AccountExcluded');
    }
    await this.db.updateTable('users').set({ failed_logins: 0 }).where('id', '=', user.id).execute();
    await record(true, 'signed in');
    return this.startFamily(user.id);
  }

  /** Signs the customer in with a new refresh family; registration uses it too. */
  async startFamily(userId: number): Promise<TokenResponse> {
    const now = this.now();
    const familyId = randomUUID();
    const expiresAt = new Date(now.getTime() + REFRESH_FAMILY_SECONDS * 1000);
    await this.db.insertInto('refresh_families').values({ id: familyId, user_id: userId, created_at: now, expires_at: expiresAt, revoked_at: null, revoked_reason: null }).execute();
    return this.issue(userId, familyId, expiresAt);
  }

  private async issue(userId: number, familyId: string, familyExpiresAt: Date): Promise<TokenResponse> {
    const now = this.now();
    const refreshToken = opaqueToken();
    await this.db.insertInto('refresh_tokens').values({ token_hash: sha256(refreshToken), family_id: familyId, created_at: now, used_at: null }).execute();
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
      .select(['refresh_tokens.family_id', 'refresh_families.user_id', 'refresh_families.expires_at', 'refresh_families.revoked_at', 'users.status', 'users.exclusion_kind', 'users.exclusion_until', 'users.exclusion_permanent'])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
    // A running time out or self-exclusion ends the family even if its revocation never ran.
    if (row?.status === 'suspended' && row.expires_at > now) throw forbidden(SUSPENDED_MESSAGE, 'AccountSuspended');
    if (!row || row.revoked_at !== null || row.expires_at <= now || row.status === 'deleted' || exclusionMessage(row, now)) throw unauthorized(INVALID_REFRESH, 'RefreshInvalid');
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
    await this.db.updateTable('refresh_families').set({ revoked_at: this.now(), revoked_reason: reason }).where('id', '=', familyId).where('revoked_at', 'is', null).execute();
  }

  /** Revokes every refresh family of the customer (and so every access token), except `keepFamilyId`. */
  async revokeAll(userId: number, reason: string, keepFamilyId?: string): Promise<void> {
    let update = this.db.updateTable('refresh_families').set({ revoked_at: this.now(), revoked_reason: reason }).where('user_id', '=', userId).where('revoked_at', 'is', null);
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
    const now = this.now();
    const code = opaqueToken();
    await this.db
      .insertInto('password_resets')
      .values({ code_hash: sha256(code), user_id: user.id, created_at: now, expires_at: new Date(now.getTime() + RESET_CODE_SECONDS * 1000), used_at: null })
      .execute();
    const link = `${this.deps.publicUrl}/?token=${encodeURIComponent(code)}`;
    await this.deps.mailer.send({
      to: user.email,
      subject: 'Reset your password',
      text: `Hello ${user.first_name},\n\nWe received a request to reset your password. Use this link within 1 hour:\n\n${link}\n\nIf you did not ask for this, you can ignore this e-mail; your password has not changed.`,
    });
  }

  async resetPassword(request: ResetPasswordRequest): Promise<void> {
    const now = this.now();
    const passwordHash = await hashPassword(request.newPassword);
    const userId = await this.db.transaction().execute(async (trx) => {
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
        .set({ password_hash: passwordHash, failed_logins: 0, locked_out: false, updated_at: now })
        .where('id', '=', reset.user_id)
        .where('status', '!=', 'deleted')
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw badRequest(INVALID_RESET_CODE, 'ResetCodeInvalid');
      return updated.id;
    });
    await this.revokeAll(userId, 'password reset');
  }

  /** A new password ends every reset link still in the customer's mailbox: an older one must not set it again. */
  private async endResetCodes(trx: Trx, userId: number, now: Date): Promise<void> {
    await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  }

  async changePassword(userId: number, familyId: string, request: ChangePasswordRequest): Promise<void> {
    const user = await this.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
    if (!(await verifyPassword(user.password_hash, request.password))) throw badRequest('Your current password is incorrect', 'WrongPassword');
    const passwordHash = await hashPassword(request.newPassword);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
      await this.endResetCodes(trx, userId, now);
    });
    await this.revokeAll(userId, 'password changed', familyId);
  }
}
