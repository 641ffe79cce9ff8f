import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, type TestContext } from './support/harness';
import { MAX_WAITING_DEPOSITS, TOO_MANY_WAITING_DEPOSITS } from '../../server/modules/payments/card-page-deposits';
import { HOUR } from '../../server/platform/clock';

const openPayments = async (context: TestContext, userId: number) =>
  (
    await context.database.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'Open')
      .execute()
  ).length;

describeEachDatabase('deposit forms waiting to be paid', (use) => {
  it('stops making Open payment rows once a customer has many waiting, until the hour has passed', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const form = () => context.request({ method: 'GET', url: '/deposit_form?amount=2000', token: accessToken });
    for (let index = 0; index < MAX_WAITING_DEPOSITS; index++) expect((await form()).statusCode).toBe(200);
    const refused = await form();
    expect([refused.statusCode, refused.json().message]).toEqual([429, TOO_MANY_WAITING_DEPOSITS]);
    expect(await openPayments(context, user.id)).toBe(MAX_WAITING_DEPOSITS);
    context.clock.advance(HOUR);
    const { accessToken: later } = await login(context, user);
    expect((await context.request({ method: 'GET', url: '/deposit_form?amount=2000', token: later })).statusCode).toBe(
      200,
    );
  });
});

describeEachDatabase(
  'deposit form rate',
  (use) => {
    it('slows down one customer asking for forms, whatever their address', async () => {
      const context = use();
      const user = await createUser(context);
      const { accessToken } = await login(context, user);
      const statuses: number[] = [];
      for (let index = 0; index < 4; index++)
        statuses.push(
          (
            await context.request({
              method: 'GET',
              url: '/deposit_form?amount=2000',
              token: accessToken,
              remoteAddress: `198.51.100.${index + 1}`,
            })
          ).statusCode,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await openPayments(context, user.id)).toBe(3);
    });
  },
  { rateLimits: { depositForm: { max: 3, timeWindow: 60_000 } } },
);
