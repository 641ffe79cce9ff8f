import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login } from './support/harness';
import { DAY } from '../../server/platform/clock';

/**
 * The exclusion commits before its revokeAll runs, and a sign-in that checked the customer just before the
 * exclusion can start a refresh family just after it: the session check itself must refuse a customer in
 * a time out or self-exclusion, whatever the state of their tokens.
 */
describeEachDatabase('sessions of a customer in a time out or self-exclusion', (use) => {
  it('an unrevoked refresh token of a timed-out or self-excluded customer issues nothing', async () => {
    const context = use();
    const user = await createUser(context);
    const { refreshToken } = await login(context, user);
    await context.database.db
      .updateTable('users')
      .set({ exclusion_kind: 'time-out', exclusion_until: new Date(context.clock.now().getTime() + DAY) })
      .where('id', '=', user.id)
      .execute();
    const refreshed = await context.request({ method: 'POST', url: '/auth/refresh_token', payload: { refreshToken } });
    expect(refreshed.statusCode).toBe(401);
  });

  it('an unrevoked token of a timed-out or self-excluded customer is refused everywhere, and works again once a time out ends', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken: token } = await login(context, user);
    const urls = ['/balance', '/payments', '/card', '/deposit_form?amount=2000'];
    for (const url of urls) expect((await context.request({ method: 'GET', url, token })).statusCode, url).toBe(200);

    const until = new Date(context.clock.now().getTime() + DAY);
    await context.database.db
      .updateTable('users')
      .set({ exclusion_kind: 'time-out', exclusion_until: until })
      .where('id', '=', user.id)
      .execute();
    for (const url of urls) expect((await context.request({ method: 'GET', url, token })).statusCode, url).toBe(401);

    await context.database.db
      .updateTable('users')
      .set({ exclusion_kind: 'self-exclusion', exclusion_until: null, exclusion_permanent: true })
      .where('id', '=', user.id)
      .execute();
    for (const url of urls) expect((await context.request({ method: 'GET', url, token })).statusCode, url).toBe(401);

    await context.database.db
      .updateTable('users')
      .set({
        exclusion_kind: 'time-out',
        exclusion_until: new Date(context.clock.now().getTime() - 1000),
        exclusion_permanent: false,
      })
      .where('id', '=', user.id)
      .execute();
    expect((await context.request({ method: 'GET', url: '/balance', token })).statusCode).toBe(200);
  });
});
