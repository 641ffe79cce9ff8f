import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import type { LiveHub } from '../live/hub';

/** Ends every session of a customer: refresh families revoked, live connections closed on every instance. */
export interface SessionRevoker {
  revokeAll(userId: number, reason: string): Promise<void>;
}

/** Operator-side changes to an account's standing. */
export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly live: LiveHub,
    private readonly sessions: SessionRevoker,
  ) {}

  async suspend(userId: number): Promise<void> {
    await this.db.updateTable('users').set({ status: 'suspended', updated_at: this.clock.now() }).where('id', '=', userId).where('status', '=', 'active').execute();
    await this.live.send(userId, { type: 'userSuspension' });
    // Unsuspending must not bring back a session the customer and the operator believe ended.
    await this.sessions.revokeAll(userId, 'suspended');
  }

  async unsuspend(userId: number): Promise<void> {
    await this.db.updateTable('users').set({ status: 'active', updated_at: this.clock.now() }).where('id', '=', userId).where('status', '=', 'suspended').execute();
  }

  async unlock(userId: number): Promise<void> {
    await this.db.updateTable('users').set({ locked_out: false, failed_logins: 0, updated_at: this.clock.now() }).where('id', '=', userId).execute();
  }
}
