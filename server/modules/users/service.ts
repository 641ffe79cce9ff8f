import type { Db } from '../../db/schema';
import type { UserProfile } from '../../../src/contract/user';
import { notFound } from '../../platform/errors';

export class UsersService {
  constructor(private readonly db: Db) {}

  async details(userId: number): Promise<UserProfile> {
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .where('status', '!=', 'deleted')
      .executeTakeFirst();
    if (!user) throw notFound('No user data found.');
    return {
      id: user.id,
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      avatarUrl: user.avatar_url,
      createdAt: user.created_at.toISOString(),
      dateOfBirth: user.date_of_birth,
      phone: user.phone,
      address1: user.address1,
      address2: user.address2,
      addressCity: user.address_city,
      addressPostCode: user.address_post_code,
      marketingOffersEmail: user.marketing_email,
      marketingOffersPhone: user.marketing_phone,
      marketingOffersSms: user.marketing_sms,
      verificationStatus: user.verification_status,
    };
  }

  /** The operator accepted the customer's documents: deposits, bets and withdrawals are open to them. */
  async markVerified(userId: number, now: Date): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ verification_status: 'passed', updated_at: now })
      .where('id', '=', userId)
      .execute();
  }

  /** A deleted account is found only when asked for, by its tombstone address (`deleted-<id>@invalid`). */
  async findIdByEmail(email: string, options: { includeDeleted?: boolean } = {}): Promise<number | undefined> {
    let query = this.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
    if (!options.includeDeleted) query = query.where('status', '!=', 'deleted');
    const user = await query.executeTakeFirst();
    return user?.id;
  }
}
