import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { MINUTE, HOUR } from '../../platform/clock';
import { LOCKOUT_AFTER_FAILURES } from '../../../src/contract/auth';

const FIRST_LOCK_MS = MINUTE;
const LONGEST_LOCK_MS = HOUR;
const STALE_AFTER_MS = 24 * HOUR;

/** The nth lock since the last success (1-based) lasts 1 minute, doubling each time, at most an hour. */
const lockDuration = (lockNumber: number) =>
  Math.min(FIRST_LOCK_MS * 2 ** Math.min(lockNumber - 1, 30), LONGEST_LOCK_MS);

/**
 * Wrong passwords per e-mail address typed. A lock is temporary, so a stranger cannot shut a customer out for
 * good, and it applies to unknown addresses exactly as to known ones, so it tells nobody which accounts exist.
 */
export class LoginLockouts {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async isLocked(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('login_lockouts')
      .select('locked_until')
      .where('email', '=', email)
      .executeTakeFirst();
    return !!row?.locked_until && row.locked_until > this.clock.now();
  }

  /** Counts a wrong password; returns the lock it starts, if this failure is the one that starts it. */
  async recordFailure(email: string): Promise<{ until: Date } | undefined> {
    const counted = await this.db
      .insertInto('login_lockouts')
      .values({ email, failures: 1, lockouts: 0, locked_until: null, last_failure_at: this.clock.now() })
      .onConflict((oc) =>
        oc
          .column('email')
          .doUpdateSet({ failures: sql<number>`login_lockouts.failures + 1`, last_failure_at: this.clock.now() }),
      )
      .returning(['failures', 'lockouts'])
      .executeTakeFirstOrThrow();
    if (counted.failures < LOCKOUT_AFTER_FAILURES) return undefined;
    const until = new Date(this.clock.now().getTime() + lockDuration(counted.lockouts + 1));
    // Of several failures racing past the threshold, exactly one starts the lock.
    const locked = await this.db
      .updateTable('login_lockouts')
      .set({ failures: 0, lockouts: sql<number>`lockouts + 1`, locked_until: until })
      .where('email', '=', email)
      .where('failures', '>=', LOCKOUT_AFTER_FAILURES)
      .returning('lockouts')
      .executeTakeFirst();
    return locked ? { until } : undefined;
  }

  /** Forgets addresses with no wrong password for a day and no lock running; returns how many. */
  async purgeStale(): Promise<number> {
    const now = this.clock.now();
    const result = await this.db
      .deleteFrom('login_lockouts')
      .where('last_failure_at', '<', new Date(now.getTime() - STALE_AFTER_MS))
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** A success, a completed reset or the operator's unlock starts the count afresh. */
  async clear(email: string): Promise<void> {
    await this.db.deleteFrom('login_lockouts').where('email', '=', email.toLowerCase()).execute();
  }
}
