import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, type TestContext } from './support/harness';
import { notification, openDeposit, sendNotification, balanceOf } from './support/money';
import { LIMIT_QUESTION_FIRST, LIMIT_QUESTION_UNANSWERED } from '../../src/contract/limits';
import { addMonths } from '../../server/modules/limits/limit-question';

const question = async (context: TestContext, token: string) =>
  (await context.request({ method: 'GET', url: '/responsible-gambling/limit-question', token })).json();

const decisions = async (context: TestContext, userId: number) =>
  (
    await context.database.db
      .selectFrom('limit_decisions')
      .select(['decision', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
  ).map((row) => [row.decision, row.created_at.toISOString()]);

describeEachDatabase('the deposit-limit question before a first deposit', (use) => {
  it('refuses a first deposit with a clear error until the customer sets a limit or declines, and changes nothing', async () => {
    const context = use();
    const user = await createUser(context, { limitAnswered: false });
    const { accessToken } = await login(context, user);
    expect(await question(context, accessToken)).toMatchObject({
      mustAnswer: true,
      lastDecision: null,
      reviewDue: false,
    });
    const refused = await context.request({ method: 'GET', url: '/deposit_form?amount=2000', token: accessToken });
    expect([refused.statusCode, refused.json().message, refused.json().code]).toEqual([
      422,
      LIMIT_QUESTION_UNANSWERED,
      'LimitQuestionUnanswered',
    ]);
    const payments = await context.database.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(payments).toEqual([]);
  });

  it('allows the first deposit once the customer declines, recording the decline with its time', async () => {
    const context = use();
    const user = await createUser(context, { limitAnswered: false });
    const { accessToken } = await login(context, user);
    const declined = await context.request({
      method: 'POST',
      url: '/responsible-gambling/decline-limit',
      token: accessToken,
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ mustAnswer: false, lastDecision: 'declined', reviewDue: false });
    expect(await decisions(context, user.id)).toEqual([['declined', context.clock.now().toISOString()]]);
    const { paymentId } = await openDeposit(context, accessToken, 2000);
    expect((await sendNotification(context, notification(paymentId, 2000))).statusCode).toBe(200);
    expect(await balanceOf(context, user.id)).toBe(2000);
  });

  it('takes a limit set as the answer', async () => {
    const context = use();
    const user = await createUser(context, { limitAnswered: false });
    const { accessToken } = await login(context, user);
    const set = await context.request({
      method: 'POST',
      url: '/responsible-gambling/set-limit',
      token: accessToken,
      payload: { amount: 5000, kind: 'Weekly', userId: user.id },
    });
    expect(set.statusCode).toBe(200);
    expect(await question(context, accessToken)).toMatchObject({ mustAnswer: false, lastDecision: 'set' });
    await openDeposit(context, accessToken, 2000);
  });

  it('refuses a review before the question is answered', async () => {
    const context = use();
    const user = await createUser(context, { limitAnswered: false });
    const { accessToken } = await login(context, user);
    const review = await context.request({
      method: 'POST',
      url: '/responsible-gambling/limit-review',
      token: accessToken,
    });
    expect([review.statusCode, review.json().message]).toEqual([422, LIMIT_QUESTION_FIRST]);
    expect(await decisions(context, user.id)).toEqual([]);
  });

  it('asks no question of a customer who deposited before it existed, and reminds them to review at once', async () => {
    const context = use();
    const user = await createUser(context, { limitAnswered: false });
    await context.services.ledger.transaction((_trx, post) =>
      post({ userId: user.id, amount: 1000, kind: 'Deposit', reference: 'Earlier deposit', vertical: 'wallet' }),
    );
    const { accessToken } = await login(context, user);
    expect(await question(context, accessToken)).toMatchObject({ mustAnswer: false, reviewDue: true });
    await openDeposit(context, accessToken, 2000);
  });
});

describeEachDatabase('the six-monthly review of limits', (use) => {
  it('is due six calendar months after the answer, not a millisecond before, and again six months after a review', async () => {
    const context = use();
    context.clock.set('2026-02-10T09:30:00.000Z');
    const user = await createUser(context, { limitAnswered: false });
    const { accessToken } = await login(context, user);
    await context.request({ method: 'POST', url: '/responsible-gambling/decline-limit', token: accessToken });
    context.clock.set('2026-08-10T09:29:59.999Z');
    const token = async () => (await login(context, user)).accessToken;
    expect(await question(context, await token())).toMatchObject({
      reviewDue: false,
      nextReviewAt: '2026-08-10T09:30:00.000Z',
    });
    context.clock.set('2026-08-10T09:30:00.000Z');
    const current = await token();
    expect(await question(context, current)).toMatchObject({ reviewDue: true });
    const reviewed = await context.request({
      method: 'POST',
      url: '/responsible-gambling/limit-review',
      token: current,
    });
    expect(reviewed.json()).toMatchObject({
      reviewDue: false,
      lastDecision: 'reviewed',
      nextReviewAt: '2027-02-10T09:30:00.000Z',
    });
    expect((await decisions(context, user.id)).map(([decision]) => decision)).toEqual(['declined', 'reviewed']);
  });

  it('counts months by the calendar, ending on a shorter month’s last day', () => {
    expect(addMonths(new Date('2026-08-31T12:00:00.000Z'), 6).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(addMonths(new Date('2027-08-31T00:00:00.000Z'), 6).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2026-01-15T00:00:00.000Z'), 6).toISOString()).toBe('2026-07-15T00:00:00.000Z');
  });

  it('answers 401 without a session and refuses other methods', async () => {
    const context = use();
    expect((await context.request({ method: 'GET', url: '/responsible-gambling/limit-question' })).statusCode).toBe(
      401,
    );
    expect((await context.request({ method: 'POST', url: '/responsible-gambling/decline-limit' })).statusCode).toBe(
      401,
    );
  });
});
