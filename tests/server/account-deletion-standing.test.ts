/**
 * An account is not deleted while a time out, self-exclusion or suspension is in force: deletion erases the identity the
 * registration check matches a returning person against, so a deletion that passed the session check before the block
 * committed (a slow password hash) would let the person register again at once. The deletion reads the users row again
 * under FOR UPDATE, after the wallet lock, inside its transaction.
 */
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from './support/harness';
import { pgRace } from './support/pg-race';
import { registrationPayload, register } from './support/registration';
import { DELETION_DURING_BLOCK } from '../../server/modules/account/service';
import { REGISTRATION_REFUSED_MESSAGE } from '../../server/modules/registration/service';
import { DAY } from '../../server/platform/clock';

type Block = 'self-exclusion' | 'time out' | 'suspension';

let counter = 0;
/** A person of their own (name, phone, date of birth), registered through the API; their id and the body they used. */
async function registered(context: TestContext) {
  counter++;
  const body = registrationPayload({
    firstName: `Delia${'q'.repeat(counter)}`,
    lastName: 'Racewell',
    phone: `+4477008${String(20_000 + counter).slice(-5)}`,
    dateOfBirth: `197${counter % 10}-05-${String((counter % 27) + 1).padStart(2, '0')}`,
    addressPostCode: 'LS1 4AP',
  });
  const response = await register(context, body);
  expect(response.statusCode, response.body).toBe(200);
  const user = await context.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', body.email)
    .executeTakeFirstOrThrow();
  return { id: user.id, body };
}

async function block(context: TestContext, userId: number, kind: Block) {
  const { services } = context;
  if (kind === 'suspension') await services.accounts.suspend(userId);
  else await services.saferGambling.lock(userId, { days: kind === 'time out' ? 1 : 180 });
}

/** The same person under a new e-mail is still refused: the excluded account's identity is intact. */
async function expectReRegistrationRefused(context: TestContext, body: Record<string, unknown>) {
  const again = await register(context, {
    ...body,
    email: `again-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
  });
  expect({ status: again.statusCode, body: again.json() }).toEqual({
    status: 422,
    body: { message: REGISTRATION_REFUSED_MESSAGE, code: 'RegistrationRefused' },
  });
}

async function userRow(context: TestContext, userId: number) {
  return context.database.db
    .selectFrom('users')
    .select(['status', 'email', 'first_name', 'date_of_birth', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

describeEachDatabase('safety holes: account deletion during a block', (use, kind) => {
  it.each<Block>(['self-exclusion', 'time out', 'suspension'])(
    'a deletion that passed the session check before a %s committed is refused, and the person cannot register again',
    async (blockKind) => {
      const context = use();
      const person = await registered(context);
      // The request was let in while the account was in good standing; the block commits before its transaction.
      await block(context, person.id, blockKind);
      await expect(context.services.account.deleteAccount(person.id, 'Password123')).rejects.toMatchObject({
        statusCode: 422,
        message: DELETION_DURING_BLOCK,
        code: 'AccountBlocked',
      });
      expect(await userRow(context, person.id)).toMatchObject({
        status: blockKind === 'suspension' ? 'suspended' : 'active',
        email: person.body.email,
        first_name: person.body.firstName,
        phone: person.body.phone,
      });
      await expectReRegistrationRefused(context, person.body);
    },
  );

  it('an account in good standing, or whose time out has ended, is still deleted', async () => {
    const context = use();
    const active = await registered(context);
    await context.services.account.deleteAccount(active.id, 'Password123');
    expect((await userRow(context, active.id)).status).toBe('deleted');

    const rested = await registered(context);
    await block(context, rested.id, 'time out');
    context.clock.advance(DAY + 1_000);
    await context.services.account.deleteAccount(rested.id, 'Password123');
    expect((await userRow(context, rested.id)).status).toBe('deleted');
  });

  if (kind === 'postgres') {
    const race = pgRace(use);
    afterAll(() => race.close());

    it('a deletion racing a self-exclusion being written waits for it and is refused [postgres only]', async () => {
      const context = use();
      const person = await registered(context);
      const { client: monitor, pid: monitorPid } = await race.connect();
      const exclusion = await race.heldSelfExclusion(person.id);
      const deleting = context.services.account.deleteAccount(person.id, 'Password123').then(
        () => 'deleted',
        (error: { message?: string }) => error.message,
      );
      // Past the password check, the deletion waits on the customer's row, under the wallet lock it already holds.
      await race.until(
        async () => (await race.lockWaiters(monitor, [exclusion.pid, monitorPid])) > 0,
        'the deletion waiting on the exclusion',
      );
      await exclusion.commit();
      expect(await deleting).toBe(DELETION_DURING_BLOCK);
      expect(await userRow(context, person.id)).toMatchObject({
        status: 'active',
        email: person.body.email,
        first_name: person.body.firstName,
      });
      await expectReRegistrationRefused(context, person.body);
    });
  }
});
