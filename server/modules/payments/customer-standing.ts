import type { Clock } from '../../platform/clock';
import type { Trx } from '../wallet/ledger';
import { forbidden, unprocessable } from '../../platform/errors';
import { exclusionEnd } from '../safer-gambling/exclusion-end';
import type { ExclusionKind, UserStatus } from '../users/tables';
import { VERIFICATION_REQUIRED_MESSAGE } from '../../../src/contract/payments';

export const ACCOUNT_CLOSED_TO_PAYMENTS = 'This account cannot make payments now.';

/** Whether a customer may move money now: active, verified, and in no time out or self-exclusion. */
export class CustomerStanding {
  constructor(private readonly clock: Clock) {}

  /**
   * What the money paths need to know of a customer, in one round trip; refuses a customer who is not in
   * good standing (the session check ran before this transaction, and an exclusion may have landed since)
   * and an unverified identity. `lockUser` reads the users row under FOR SHARE (until commit), so no block can
   * commit after the check; only for a transaction that takes no wallet lock after it (wallet first, then users).
   */
  async readAccount(
    trx: Trx,
    userId: number,
    options: { lockUser?: boolean } = {},
  ): Promise<{ cardToken: string | null; maskedPan: string | null; fingerprint: string | null }> {
    const select = trx
      .selectFrom('users')
      .leftJoin('saved_cards', 'saved_cards.user_id', 'users.id')
      .select([
        'users.verification_status',
        'users.status',
        'users.exclusion_kind',
        'users.exclusion_until',
        'users.exclusion_permanent',
        'saved_cards.token',
        'saved_cards.masked_pan',
        'saved_cards.fingerprint',
      ])
      .where('users.id', '=', userId);
    const row = await (options.lockUser ? select.forShare('users') : select).executeTakeFirst();
    if (row && !this.standing(row)) throw forbidden(ACCOUNT_CLOSED_TO_PAYMENTS, 'AccountClosed');
    if (row?.verification_status !== 'passed')
      throw unprocessable(VERIFICATION_REQUIRED_MESSAGE, 'VerificationRequired');
    return { cardToken: row.token, maskedPan: row.masked_pan, fingerprint: row.fingerprint };
  }

  /**
   * `lockUser` reads under FOR SHARE (a block's UPDATE of the row conflicts with it; FOR KEY SHARE would not), for a
   * deposit being opened. Settlement reads plainly: a payment the provider took is not held back by a racing block.
   */
  async inGoodStanding(trx: Trx, userId: number, options: { lockUser?: boolean } = {}): Promise<boolean> {
    const select = trx
      .selectFrom('users')
      .select(['status', 'exclusion_kind', 'exclusion_until', 'exclusion_permanent'])
      .where('id', '=', userId);
    const user = await (options.lockUser ? select.forShare() : select).executeTakeFirst();
    return user !== undefined && this.standing(user);
  }

  /** Active, and in no time out or self-exclusion now. */
  private standing(user: {
    status: UserStatus;
    exclusion_kind: ExclusionKind | null;
    exclusion_until: Date | null;
    exclusion_permanent: boolean;
  }): boolean {
    return user.status === 'active' && exclusionEnd(user, this.clock.now()) === undefined;
  }
}
