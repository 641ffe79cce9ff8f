import type { Services } from '../services';
import { hashPassword } from '../modules/auth/passwords';
import { DAY, HOUR } from '../platform/clock';
import { Ledger } from '../modules/wallet/ledger';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'Demo12345';

/** A verified demo customer with a balance and some history, so a fresh `npm start` has something to show. */
export async function seedDemo(services: Services): Promise<void> {
  const { db, clock } = services;
  const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  if (existing) return;
  const now = clock.now();
  const user = await db
    .insertInto('users')
    .values({
      email: DEMO_EMAIL,
      password_hash: await hashPassword(DEMO_PASSWORD),
      first_name: 'Alex',
      last_name: 'Demo',
      date_of_birth: '1990-04-15',
      phone: '+447700900123',
      address1: '10 Downing Street',
      address2: 'Westminster',
      address_city: 'London',
      address_post_code: 'SW1A 2AA',
      verification_status: 'passed',
      created_at: new Date(now.getTime() - 60 * DAY),
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('wallets').values({ user_id: user.id, balance: 0, updated_at: now }).execute();
  // Asked at sign-up, as every customer is before a first deposit, and chose no limit then.
  await db
    .insertInto('limit_decisions')
    .values({ user_id: user.id, decision: 'declined', created_at: new Date(now.getTime() - 60 * DAY) })
    .execute();
  // Money only: demo bets are placed through the sportsbook and the wallet API, so the bets record and the ledger agree.
  const history: Array<{ amount: number; kind: 'Deposit' | 'Withdrawal'; reference: string }> = [
    { amount: 5000, kind: 'Deposit', reference: 'Demo deposit' },
    { amount: -2000, kind: 'Withdrawal', reference: 'Demo withdrawal' },
    { amount: 2000, kind: 'Deposit', reference: 'Demo deposit' },
  ];
  // Spread over past days, so the time filters of the history have something to show.
  for (const [index, entry] of history.entries()) {
    const at = new Date(now.getTime() - (history.length - index) * 3 * DAY + index * HOUR);
    const ledger = new Ledger(db, { now: () => at }, services.live);
    await ledger.transaction((_trx, post) => post({ userId: user.id, ...entry, vertical: 'wallet' }));
  }
}
