import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { AuthService } from '../auth/service';
import type { UsersService } from '../users/service';
import type { OpenBetsCheck } from '../bets/open-bets';
import type { OpenWithdrawalsCheck } from './open-withdrawals';
import type { AvatarFiles } from './avatars';
import type { UserProfile } from '../../../src/contract/user';
import type { UpdateDetailsRequest } from '../../../src/contract/account';
import {
  EMAIL_CANNOT_CHANGE,
  MARKETING_DURING_EXCLUSION,
  USER_HAS_OPEN_BETS,
  WALLET_NOT_ZERO,
  WRONG_PASSWORD,
} from '../../../src/contract/account';
import { detectImageType } from './avatars';
import { badRequest, notFound, unprocessable, AppError } from '../../platform/errors';
import { verifyPassword } from '../auth/passwords';
import { exclusionEnd } from '../safer-gambling/exclusion-end';
import { lockWallet } from '../wallet/wallet-lock';

/** What an erased account keeps in its personal fields; the row itself stays (records are kept 6 years). */
export const ERASED_DATE_OF_BIRTH = '1900-01-01';
export const tombstoneEmail = (userId: number) => `deleted-${userId}@invalid`;

const UNSUPPORTED_IMAGE = 'Please choose a PNG, JPEG or WebP picture';
/**
 * Deletion erases the identity that registration matches a returning person against (registration/service.ts): during a
 * time out, a self-exclusion or a suspension it would let the person open a new account at once (LCCP SR 3.5.3). No one
 * in one can sign in to ask; this refuses a deletion that passed the session check before the block committed.
 */
export const DELETION_DURING_BLOCK =
  'Your account cannot be deleted while a time out, self-exclusion or suspension is in force. Please contact customer support.';

export interface AccountServiceDeps {
  db: Db;
  clock: Clock;
  auth: AuthService;
  users: UsersService;
  openBets: OpenBetsCheck;
  openWithdrawals: OpenWithdrawalsCheck;
  avatars: AvatarFiles;
}

/** The customer's own changes to their account: details, picture, deletion. */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  private get db() {
    return this.deps.db;
  }

  async updateDetails(userId: number, request: UpdateDetailsRequest): Promise<UserProfile> {
    const user = await this.db
      .selectFrom('users')
      .select(['email', 'exclusion_kind', 'exclusion_until', 'exclusion_permanent'])
      .where('id', '=', userId)
      .where('status', '!=', 'deleted')
      .executeTakeFirst();
    if (!user) throw notFound('No user data found.');
    if (request.email.toLowerCase() !== user.email.toLowerCase())
      throw unprocessable(EMAIL_CANNOT_CHANGE, 'EmailCannotChange');
    const now = this.deps.clock.now();
    const selfExcluded =
      user.exclusion_kind === 'self-exclusion' &&
      (user.exclusion_permanent || (user.exclusion_until !== null && user.exclusion_until > now));
    const anyMarketing = request.marketingOffersEmail || request.marketingOffersPhone || request.marketingOffersSms;
    if (selfExcluded && anyMarketing) throw unprocessable(MARKETING_DURING_EXCLUSION, 'MarketingDuringExclusion');
    await this.db
      .updateTable('users')
      .set({
        address1: request.address1,
        address2: request.address2,
        address_city: request.addressCity,
        address_post_code: request.addressPostCode,
        phone: request.phone,
        marketing_email: request.marketingOffersEmail,
        marketing_phone: request.marketingOffersPhone,
        marketing_sms: request.marketingOffersSms,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    return this.deps.users.details(userId);
  }

  /**
   * Stores a new picture (checked by content) and removes the one it replaces. The customer's row is locked
   * while the address is swapped, so of uploads racing each other every replaced file is removed by exactly one.
   */
  async changeAvatar(userId: number, bytes: Buffer): Promise<{ avatarUrl: string }> {
    const extension = detectImageType(bytes);
    if (!extension) throw new AppError(415, UNSUPPORTED_IMAGE, 'UnsupportedImage');
    const avatarUrl = await this.deps.avatars.save(bytes, extension);
    let replaced: string | null;
    try {
      replaced = await this.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('users')
          .select('avatar_url')
          .where('id', '=', userId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('users')
          .set({ avatar_url: avatarUrl, updated_at: this.deps.clock.now() })
          .where('id', '=', userId)
          .execute();
        return row.avatar_url;
      });
    } catch (error) {
      await this.deps.avatars.remove(avatarUrl);
      throw error;
    }
    await this.deps.avatars.remove(replaced);
    return { avatarUrl };
  }

  readAvatar(name: string) {
    return this.deps.avatars.read(name);
  }

  /**
   * Erases the customer's personal fields and closes the account, keeping its records. Refused while money
   * is held (balance or a pending withdrawal) or a bet is open, or while a time out, self-exclusion or suspension is
   * in force; the wallet row, then the users row, is locked so that no posting or block can land between the checks
   * and the erasure.
   */
  async deleteAccount(userId: number, password: string): Promise<void> {
    const user = await this.db
      .selectFrom('users')
      .select(['email', 'password_hash', 'avatar_url'])
      .where('id', '=', userId)
      .where('status', '!=', 'deleted')
      .executeTakeFirst();
    if (!user) throw notFound('No user data found.');
    if (!(await verifyPassword(user.password_hash, password))) throw badRequest(WRONG_PASSWORD, 'WrongPassword');
    const now = this.deps.clock.now();
    await this.db.transaction().execute(async (trx) => {
      // Lock order: the wallet, then the customer's row (as the deposits' and debits' paths take them).
      const balance = await lockWallet(trx, userId);
      // Read again under FOR UPDATE: a block (each updates this row) committed since the session check is seen here, and one
      // sent now waits for the deletion (whose revocation then ends the session anyway).
      const standing = await trx
        .selectFrom('users')
        .select(['status', 'exclusion_kind', 'exclusion_until', 'exclusion_permanent'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!standing || standing.status === 'deleted') throw notFound('No user data found.');
      if (standing.status !== 'active' || exclusionEnd(standing, now) !== undefined)
        throw unprocessable(DELETION_DURING_BLOCK, 'AccountBlocked');
      if ((balance ?? 0) !== 0 || (await this.deps.openWithdrawals.hasOpenWithdrawals(userId, trx)))
        throw unprocessable(WALLET_NOT_ZERO, 'WalletNotZero');
      if (await this.deps.openBets.hasOpenBets(userId, trx)) throw unprocessable(USER_HAS_OPEN_BETS, 'UserHasOpenBets');
      const email = tombstoneEmail(userId);
      await trx
        .updateTable('users')
        .set({
          email,
          password_hash: '!',
          first_name: '',
          last_name: '',
          date_of_birth: ERASED_DATE_OF_BIRTH,
          phone: '',
          address1: '',
          address2: '',
          address_city: '',
          address_post_code: '',
          avatar_url: null,
          marketing_email: false,
          marketing_phone: false,
          marketing_sms: false,
          click_key: null,
          status: 'deleted',
          updated_at: now,
        })
        .where('id', '=', userId)
        .execute();
      await trx.updateTable('login_attempts').set({ email }).where('user_id', '=', userId).execute();
      // Not records the law asks us to keep: a stored card, unused reset codes, and mail copies naming the customer.
      await trx.deleteFrom('saved_cards').where('user_id', '=', userId).execute();
      await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      await trx
        .deleteFrom('mail_outbox')
        .where((eb) => eb(eb.fn('lower', ['to_address']), '=', user.email.toLowerCase()))
        .execute();
    });
    await this.deps.avatars.remove(user.avatar_url);
    await this.deps.auth.revokeAll(userId, 'account deleted');
  }
}
