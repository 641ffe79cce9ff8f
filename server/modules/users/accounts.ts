import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import type { LiveHub } from '../live/hub';

/** Operator-side changes to an account's standing. */
export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly live: LiveHub,
  ) {}

  async suspend(userId: number): Promise<void> {
    await this.db.updateTable('users').set({ status: 'suspended', updated_at: this.clock.now() }).where('id', '=', userId).where('status', '=', 'active').execute();
    await this.live.send(userId, { type: 'userSuspension' });
  }

  async unsuspend(userId: number): Promise<void> {
    await this.db.updateTable('users').set({ status: 'active', updated_at: this.clock.now() }).where('id', '=', userId).where('status', '=', 'suspended').execute();
  }

  async unlock(userId: number): Promise<void> {
    await this.db.updateTable('users').set({ locked_out: false, failed_logins: 0, updated_at: this.clock.now() }).where('id', '=', userId).execute();
  }
}
