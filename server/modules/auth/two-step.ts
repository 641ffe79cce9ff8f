import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { badRequest, conflict } from '../../platform/errors';
import {
  RECOVERY_CODE_COUNT,
  TWO_STEP_INVALID_MESSAGE,
  TWO_STEP_ISSUER,
  type DisableTwoStepRequest,
  type TwoStepEnrolment,
  type TwoStepStatus,
} from '../../../src/contract/auth';
import type { SecretBox } from './secret-box';
import { sha256 } from './tokens';
import { verifyPassword } from './passwords';

const PERIOD_SECONDS = 30;
/** One step either side: a phone clock a little off, or a code typed as it turned over. */
const WINDOW = 1;
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

const WRONG_PASSWORD_MESSAGE = 'Your current password is incorrect';
const TWO_STEP_NOT_ON = 'Two-step sign-in is not turned on.';
const TWO_STEP_ALREADY_ON = 'Two-step sign-in is already on.';
const NO_ENROLMENT = 'Start again: scan a new QR code first.';

/** Recovery codes are typed by people: case, spaces and hyphens do not matter. */
const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/** 10 characters from a 30-letter alphabet (about 49 bits), shown as XXXXX-XXXXX. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238). The secret is sealed at rest and never returned
 * after enrolment; each 30-second step is accepted once (a replayed code is refused); recovery codes are
 * stored as hashes and work once each.
 */
export class TwoStepService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly box: SecretBox,
    /** Ends the customer's other sessions (AuthService.revokeAll keeping this one): signed in with the password alone, they must sign in again. */
    private readonly revokeOtherSessions: (userId: number, reason: string, keepFamilyId: string) => Promise<void>,
  ) {}

  async status(userId: number): Promise<TwoStepStatus> {
    const enabled = await this.isEnabled(userId);
    if (!enabled) return { enabled: false, recoveryCodesLeft: 0 };
    const left = await this.db
      .selectFrom('two_step_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { enabled: true, recoveryCodesLeft: Number(left.count) };
  }

  async isEnabled(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('two_step')
      .select('enabled_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return !!row?.enabled_at;
  }

  /** A new secret waiting for its first code; starting again replaces one not yet confirmed. */
  async startEnrolment(userId: number, email: string): Promise<TwoStepEnrolment> {
    if (await this.isEnabled(userId)) throw conflict(TWO_STEP_ALREADY_ON, 'TwoStepAlreadyOn');
    const secret = new OTPAuth.Secret({ size: 20 });
    const sealed = this.box.seal(secret.base32);
    const now = this.clock.now();
    await this.db
      .insertInto('two_step')
      .values({ user_id: userId, secret_sealed: sealed, enabled_at: null, last_step: 0, created_at: now })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret_sealed: sealed, enabled_at: null, last_step: 0 })
          .where('two_step.enabled_at', 'is', null),
      )
      .execute();
    const otpauthUri = this.totp(secret.base32, email).toString();
    return { qrCode: await QRCode.toDataURL(otpauthUri, { margin: 1, width: 240 }), secret: secret.base32, otpauthUri };
  }

  /** The first right code turns two-step sign-in on and signs out the other sessions; the recovery codes come back this once. */
  async confirmEnrolment(userId: number, familyId: string, code: string): Promise<string[]> {
    const row = await this.db
      .selectFrom('two_step')
      .select(['secret_sealed', 'enabled_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (row?.enabled_at) throw conflict(TWO_STEP_ALREADY_ON, 'TwoStepAlreadyOn');
    if (!row) throw badRequest(NO_ENROLMENT, 'NoEnrolment');
    const secret = this.openSecret(row.secret_sealed);
    const step = secret === undefined ? undefined : this.matchingStep(secret, code);
    if (step === undefined) throw badRequest(TWO_STEP_INVALID_MESSAGE, 'TwoStepCodeInvalid');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.db.transaction().execute(async (trx) => {
      const enabled = await trx
        .updateTable('two_step')
        .set({ enabled_at: this.clock.now(), last_step: step })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst();
      if (!enabled) throw conflict(TWO_STEP_ALREADY_ON, 'TwoStepAlreadyOn');
      await trx.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('two_step_recovery_codes')
        .values(
          codes.map((recovery) => ({
            code_hash: sha256(normaliseRecoveryCode(recovery)),
            user_id: userId,
            used_at: null,
          })),
        )
        .execute();
    });
    await this.revokeOtherSessions(userId, 'two-step sign-in turned on', familyId);
    return codes;
  }

  /**
   * Whether `code` is a current authenticator code not used before, or an unused recovery code; either is
   * spent by the check. Two requests with one code: the conditional update lets exactly one through.
   */
  async verify(userId: number, code: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('two_step')
      .select(['secret_sealed', 'enabled_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row?.enabled_at) return false;
    const digits = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits)) {
      const secret = this.openSecret(row.secret_sealed);
      // A key sealed under another server secret (JWT_SECRET changed) matches no code; recovery codes still work.
      if (secret === undefined) return false;
      const step = this.matchingStep(secret, digits);
      if (step === undefined) return false;
      const spent = await this.db
        .updateTable('two_step')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where('last_step', '<', step)
        .returning('user_id')
        .executeTakeFirst();
      return spent !== undefined;
    }
    const used = await this.db
      .updateTable('two_step_recovery_codes')
      .set({ used_at: this.clock.now() })
      .where('code_hash', '=', sha256(normaliseRecoveryCode(code)))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .returning('code_hash')
      .executeTakeFirst();
    return used !== undefined;
  }

  /** Turning it off takes the password and a code: a stolen session alone cannot. */
  async disable(userId: number, request: DisableTwoStepRequest): Promise<void> {
    const user = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(user.password_hash, request.password)))
      throw badRequest(WRONG_PASSWORD_MESSAGE, 'WrongPassword');
    if (!(await this.isEnabled(userId))) throw conflict(TWO_STEP_NOT_ON, 'TwoStepNotOn');
    if (!(await this.verify(userId, request.code))) throw badRequest(TWO_STEP_INVALID_MESSAGE, 'TwoStepCodeInvalid');
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('two_step').where('user_id', '=', userId).execute();
    });
  }

  private openSecret(sealed: string): string | undefined {
    try {
      return this.box.open(sealed);
    } catch {
      return undefined;
    }
  }

  private totp(secretBase32: string, label: string) {
    return new OTPAuth.TOTP({
      issuer: TWO_STEP_ISSUER,
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_SECONDS,
      secret: OTPAuth.Secret.fromBase32(secretBase32),
    });
  }

  /** The time step the code belongs to, within the window around now; undefined when it matches none. */
  private matchingStep(secretBase32: string, code: string): number | undefined {
    const totp = this.totp(secretBase32, '');
    const timestamp = this.clock.now().getTime();
    const delta = totp.validate({ token: code, timestamp, window: WINDOW });
    if (delta === null) return undefined;
    return totp.counter({ timestamp }) + delta;
  }
}
