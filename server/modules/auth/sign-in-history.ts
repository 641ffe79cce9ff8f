import type { Db } from '../../db/schema';
import { SIGN_IN_HISTORY_LENGTH, type SignInHistory } from '../../../src/contract/auth';
import { describeDevice } from './device';

/** The customer's own successful sign-ins, newest first, from the record every attempt leaves (login_attempts). */
export class SignInHistoryService {
  constructor(private readonly db: Db) {}

  async recent(userId: number): Promise<SignInHistory> {
    const rows = await this.db
      .selectFrom('login_attempts')
      .select(['created_at', 'user_agent'])
      .where('user_id', '=', userId)
      .where('succeeded', '=', true)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(SIGN_IN_HISTORY_LENGTH)
      .execute();
    // No location database: the place is honestly unknown rather than guessed from the address.
    return {
      signIns: rows.map((row) => ({
        at: row.created_at.toISOString(),
        device: describeDevice(row.user_agent),
        place: null,
      })),
    };
  }

  /** The latest successful sign-in so far: read before a new one is recorded, it is the previous sign-in the app shows. */
  async latest(userId: number): Promise<Date | null> {
    const row = await this.db
      .selectFrom('login_attempts')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('succeeded', '=', true)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }
}
