import type { Services } from '../services';
import { hashPassword } from '../modules/auth/passwords';

export interface HouseAccountSeed {
  email: string;
  password: string;
  /** The balance it is topped up to, pence. */
  float: number;
}

/**
 * The exchange's house account (its development market maker): a verified customer like any other, funded by an
 * operator's credit up to its float, so its holds and returns go through the PAM's P2P door and ledger. Safe to run
 * on every start: it only tops the balance up, and the password follows the exchange's secret.
 */
export async function seedHouseAccount(services: Services, house: HouseAccountSeed): Promise<number> {
  const { db, clock } = services;
  const now = clock.now();
  const passwordHash = await hashPassword(house.password);
  let user = await db.selectFrom('users').select('id').where('email', '=', house.email).executeTakeFirst();
  if (user) await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
  else {
    user = await db
      .insertInto('users')
      .values({
        email: house.email,
        password_hash: passwordHash,
        first_name: 'Exchange',
        last_name: 'Market Maker',
        date_of_birth: '1990-01-01',
        phone: '+447700900000',
        address1: '1 Exchange Square',
        address2: '',
        address_city: 'London',
        address_post_code: 'EC2A 2AA',
        verification_status: 'passed',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('wallets').values({ user_id: user.id, balance: 0, updated_at: now }).execute();
  }
  const { balance } = await services.wallet.balance(user.id);
  if (balance < house.float) await services.wallet.adjust(user.id, house.float - balance, 'Market maker float');
  return user.id;
}
