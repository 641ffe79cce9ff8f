import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { LiveHub } from '../live/hub';

/** The sign-in side of an account's standing (AuthService). */
export interface AccountAccess {
  /** Ends every session: refresh families revoked, live connections closed on every instance. */
  revokeAll(userId: number, reason: string): Promise<void>;
  clearLockout(email: string): Promise<void>;
}

/** Operator-side changes to an account's standing. */
export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly live: LiveHub,
    private readonly access: AccountAccess,
  ) {}

  async suspend(userId: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ status: 'suspended', updated_at: this.clock.now() })
      .where('id', '=', userId)
      .where('status', '=', 'active')
      .execute();
    await this.live.send(userId, { type: 'userSuspension' });
    // Unsuspending must not bring back a session the customer and the operator believe ended.
    await this.access.revokeAll(userId, 'suspended');
  }

  async unsuspend(userId: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ status: 'active', updated_at: this.clock.now() })
      .where('id', '=', userId)
      .where('status', '=', 'suspended')
      .execute();
  }

  async unlock(userId: number): Promise<void> {
    const user = await this.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    await this.access.clearLockout(user.email);
  }
}
