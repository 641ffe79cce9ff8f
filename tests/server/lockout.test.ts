import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, type TestContext } from './support/harness';
import { LOCKED_OUT_MESSAGE } from '../../src/contract/auth';
import { HOUR, MINUTE } from '../../server/platform/clock';

const attempt = (context: TestContext, email: string, password = 'Wrong1234') =>
  context.request({ method: 'POST', url: '/auth/login', payload: { email, password } });

async function failFiveTimes(context: TestContext, email: string) {
  const answers: Array<{ status: number; body: unknown }> = [];
  for (let index = 0; index < 5; index++) {
    const response = await attempt(context, email);
    answers.push({ status: response.statusCode, body: response.json() });
  }
  return answers;
}

describeEachDatabase('lockout', (use) => {
  it('locks for a minute, not for ever: the owner signs in once it ends', async () => {
    const context = use();
    const user = await createUser(context);
    expect((await failFiveTimes(context, user.email)).map((answer) => answer.status)).toEqual([
      401, 401, 401, 401, 403,
    ]);
    const locked = await attempt(context, user.email, user.password);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(LOCKED_OUT_MESSAGE);
    context.clock.advance(MINUTE);
    await login(context, user);
  });

  it('doubles the lock each time it is earned again, until a success', async () => {
    const context = use();
    const user = await createUser(context);
    await failFiveTimes(context, user.email);
    context.clock.advance(MINUTE);
    expect((await failFiveTimes(context, user.email)).at(-1)!.status).toBe(403);
    context.clock.advance(MINUTE);
    expect((await attempt(context, user.email, user.password)).statusCode).toBe(403);
    context.clock.advance(MINUTE);
    await login(context, user);
    expect((await failFiveTimes(context, user.email)).at(-1)!.status).toBe(403);
    context.clock.advance(MINUTE);
    await login(context, user);
  });

  it('tells the owner by mail, with a reset link that lets them back in at once', async () => {
    const context = use();
    const user = await createUser(context);
    await failFiveTimes(context, user.email);
    const mails = await context.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', user.email)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your account is locked for a while');
    const code = decodeURIComponent(/token=([^\s]+)/.exec(mails[0]!.text_body)![1]!);
    const reset = await context.request({
      method: 'POST',
      url: '/auth/reset_password',
      payload: { code, newPassword: 'Regained99', repeatedPassword: 'Regained99' },
    });
    expect(reset.statusCode).toBe(200);
    await login(context, { email: user.email, password: 'Regained99' });
  });

  it('answers an unknown e-mail exactly as a known one, locked or not', async () => {
    const context = use();
    const known = await createUser(context);
    const unknown = `nobody-${known.id}@example.com`;
    expect(await failFiveTimes(context, unknown)).toEqual(await failFiveTimes(context, known.email));
    const lockedKnown = await attempt(context, known.email, known.password);
    const lockedUnknown = await attempt(context, unknown, known.password);
    expect({ status: lockedUnknown.statusCode, body: lockedUnknown.json() }).toEqual({
      status: lockedKnown.statusCode,
      body: lockedKnown.json(),
    });
    expect(lockedUnknown.json()).toEqual({ message: LOCKED_OUT_MESSAGE, code: 'LockedOut' });
  });

  it('lets the operator unlock at once', async () => {
    const context = use();
    const user = await createUser(context);
    await failFiveTimes(context, user.email);
    await context.services.accounts.unlock(user.id);
    await login(context, user);
  });

  it('forgets counts quiet for a day, but never a lock still running', async () => {
    const context = use();
    const quiet = `quiet-${Date.now()}@example.com`;
    const locked = `locked-${Date.now()}@example.com`;
    await attempt(context, quiet);
    context.clock.advance(25 * HOUR);
    await failFiveTimes(context, locked);
    await context.database.db
      .updateTable('login_lockouts')
      .set({
        locked_until: new Date(context.clock.now().getTime() + 2 * HOUR),
        last_failure_at: new Date(context.clock.now().getTime() - 25 * HOUR),
      })
      .where('email', '=', locked)
      .execute();
    await context.services.auth.purgeStaleLockouts();
    const left = await context.database.db
      .selectFrom('login_lockouts')
      .select('email')
      .where('email', 'in', [quiet, locked])
      .execute();
    expect(left.map((row) => row.email)).toEqual([locked]);
  });
});
