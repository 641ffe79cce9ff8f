import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, type TestContext, type TestUser } from './support/harness';
import { sweepBadBodies } from './support/sweep';
import { balanceOf, notification, openDeposit } from './support/money';
import { HOUR, MINUTE } from '../../server/platform/clock';

const tokens = new Map<string, { token: string; at: number }>();

/** An access token for the customer, signed in again once the manual clock has moved past its 15 minutes. */
async function tokenFor(context: TestContext, user: TestUser): Promise<string> {
  const cached = tokens.get(`${context.kind}:${user.id}`);
  const now = context.clock.now().getTime();
  if (cached && now - cached.at < 10 * MINUTE) return cached.token;
  const { accessToken } = await login(context, user);
  tokens.set(`${context.kind}:${user.id}`, { token: accessToken, at: now });
  return accessToken;
}

async function signedIn(context: TestContext) {
  const user = await createUser(context);
  return { user, token: await tokenFor(context, user) };
}

const setLimit = async (
  context: TestContext,
  _token: string,
  user: TestUser,
  kind: string,
  amount: number,
  asUser = user,
) =>
  context.request({
    method: 'POST',
    url: '/responsible-gambling/set-limit',
    token: await tokenFor(context, asUser),
    payload: { amount, kind, userId: user.id },
  });

const getLimits = async (context: TestContext, user: TestUser) => {
  const response = await context.request({
    method: 'GET',
    url: '/responsible-gambling/get-limits',
    token: await tokenFor(context, user),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** A completed deposit as the money module settles one: wallet locked, limits checked, then posted. */
const deposit = (context: TestContext, userId: number, amount: number) =>
  context.services.ledger.transaction(async (trx, post) => {
    await trx.selectFrom('wallets').select('user_id').where('user_id', '=', userId).forUpdate().execute();
    await context.services.limits.assertWithinLimits(trx, userId, amount, context.clock.now());
    return post({ userId, amount, kind: 'Deposit', reference: 'test deposit' });
  });

describeEachDatabase('deposit limits', (use) => {
  it('answers no limits for a new customer, keyed daily, weekly and monthly', async () => {
    const context = use();
    const { user } = await signedIn(context);
    expect(await getLimits(context, user)).toEqual({ daily: null, weekly: null, monthly: null });
  });

  it('applies the first limit of a kind at once, with the whole amount remaining', async () => {
    const context = use();
    const { user, token } = await signedIn(context);
    const response = await setLimit(context, token, user, 'Daily', 1000);
    expect(response.statusCode).toBe(200);
    expect(response.json().limit.pending).toBeUndefined();
    const limits = await getLimits(context, user);
    expect(limits.daily).toMatchObject({
      kind: 'Daily',
      amount: 1000,
      active: true,
      effectiveFrom: context.clock.now().toISOString(),
      remaining: { remainingAmount: 1000 },
    });
    expect(limits.daily.pending).toBeUndefined();
  });

  it('holds an increase for 24 hours, then puts it in force', async () => {
    const context = use();
    const { user, token } = await signedIn(context);
    await setLimit(context, token, user, 'Daily', 1000);
    const increase = await setLimit(context, token, user, 'Daily', 5000);
    expect(increase.statusCode).toBe(200);
    const due = new Date(context.clock.now().getTime() + 24 * HOUR).toISOString();
    expect(increase.json().limit).toMatchObject({ amount: 1000, pending: { amount: 5000, effectiveFrom: due } });

    context.clock.advance(24 * HOUR - MINUTE);
    expect((await getLimits(context, user)).daily).toMatchObject({ amount: 1000, pending: { amount: 5000 } });
    context.clock.advance(MINUTE);
    const after = (await getLimits(context, user)).daily;
    expect(after).toMatchObject({ amount: 5000, effectiveFrom: due });
    expect(after.pending).toBeUndefined();
  });

  it('applies a decrease at once and drops a waiting increase', async () => {
    const context = use();
    const { user, token } = await signedIn(context);
    await setLimit(context, token, user, 'Weekly', 10_000);
    await setLimit(context, token, user, 'Weekly', 20_000);
    const decrease = await setLimit(context, token, user, 'Weekly', 4000);
    expect(decrease.statusCode).toBe(200);
    const now = (await getLimits(context, user)).weekly;
    expect(now.amount).toBe(4000);
    expect(now.pending).toBeUndefined();
    context.clock.advance(25 * HOUR);
    expect((await getLimits(context, user)).weekly.amount).toBe(4000);
  });

  it('removes a limit only after 24 hours', async () => {
    const context = use();
    const { user, token } = await signedIn(context);
    await setLimit(context, token, user, 'Monthly', 30_000);
    const { id } = (await getLimits(context, user)).monthly;
    const removal = await context.request({ method: 'DELETE', url: `/responsible-gambling/delete-limit/${id}`, token });
    expect(removal.statusCode).toBe(200);
    const due = new Date(context.clock.now().getTime() + 24 * HOUR).toISOString();
    expect(removal.json().effectiveFrom).toBe(due);
    expect((await getLimits(context, user)).monthly).toMatchObject({
      amount: 30_000,
      pending: { amount: null, effectiveFrom: due },
    });
    context.clock.advance(24 * HOUR - 1);
    expect((await getLimits(context, user)).monthly.amount).toBe(30_000);
    context.clock.advance(1);
    expect((await getLimits(context, user)).monthly).toBeNull();
  });

  it('keeps daily <= weekly <= monthly, naming the conflict', async () => {
    const context = use();
    const { user, token } = await signedIn(context);
    await setLimit(context, token, user, 'Monthly', 5000);
    const daily = await setLimit(context, token, user, 'Daily', 6000);
    expect(daily.statusCode).toBe(422);
    expect(daily.json().message).toBe('Daily limit higher than monthly limit');
    await setLimit(context, token, user, 'Daily', 2000);
    const weekly = await setLimit(context, token, user, 'Weekly', 1000);
    expect(weekly.statusCode).toBe(422);
    expect(weekly.json().message).toBe('Weekly limit lower than daily limit');
    expect((await getLimits(context, user)).weekly).toBeNull();
  });

  it("refuses a limit for someone else with 422 and a deletion of someone else's limit with 404", async () => {
    const context = use();
    const { user: other, token: otherToken } = await signedIn(context);
    const { user, token } = await signedIn(context);
    const forOther = await setLimit(context, token, other, 'Daily', 1000, user);
    expect(forOther.statusCode).toBe(422);
    await setLimit(context, otherToken, other, 'Daily', 1000);
    const { id } = (await getLimits(context, other)).daily;
    const removal = await context.request({ method: 'DELETE', url: `/responsible-gambling/delete-limit/${id}`, token });
    expect(removal.statusCode).toBe(404);
    expect((await getLimits(context, other)).daily.pending).toBeUndefined();
  });

  it('counts deposits in the rolling window and refuses one that would pass the limit', async () => {
    const context = use();
    context.clock.set('2027-01-04T12:00:00.000Z');
    const { user, token } = await signedIn(context);
    await setLimit(context, token, user, 'Daily', 1000);
    await deposit(context, user.id, 600);
    expect((await getLimits(context, user)).daily.remaining.remainingAmount).toBe(400);
    await expect(deposit(context, user.id, 500)).rejects.toMatchObject({
      statusCode: 422,
      message: 'Daily limit exceeded. You can deposit up to £4.00 now; more from 5 Jan 2027, 12:00 (UK time).',
    });
    expect((await context.services.wallet.balance(user.id)).balance).toBe(600);
    context.clock.advance(24 * HOUR);
    expect((await getLimits(context, user)).daily.remaining.remainingAmount).toBe(1000);
    await deposit(context, user.id, 1000);
    await setLimit(context, token, user, 'Weekly', 1500);
    // Both limits leave nothing; more may be deposited once the weekly window lets go of the first 600.
    await expect(deposit(context, user.id, 100)).rejects.toMatchObject({
      message: 'Daily limit exceeded. You cannot deposit more now; more from 11 Jan 2027, 12:00 (UK time).',
    });
    context.clock.advance(24 * HOUR);
    await expect(deposit(context, user.id, 100)).rejects.toMatchObject({
      message: 'Weekly limit exceeded. You cannot deposit more now; more from 11 Jan 2027, 12:00 (UK time).',
    });
  });

  it('says at the boundary how much may still be deposited and when that grows, the earliest deposit first', async () => {
    const context = use();
    context.clock.set('2027-02-01T12:00:00.000Z');
    const { user, token } = await signedIn(context);
    await setLimit(context, token, user, 'Daily', 1000);
    const refusal = (amount: number) =>
      deposit(context, user.id, amount).then(
        () => 'accepted',
        (error: Error) => error.message,
      );
    // Nothing deposited yet: the whole limit is left and nothing is waiting to leave the window.
    expect(await refusal(1001)).toBe('Daily limit exceeded. You can deposit up to £10.00 now.');
    await deposit(context, user.id, 300);
    context.clock.advance(2 * HOUR);
    await deposit(context, user.id, 300);
    expect(await refusal(401)).toBe(
      'Daily limit exceeded. You can deposit up to £4.00 now; more from 2 Feb 2027, 12:00 (UK time).',
    );
    expect(await refusal(400)).toBe('accepted');
    expect(await refusal(1)).toBe(
      'Daily limit exceeded. You cannot deposit more now; more from 2 Feb 2027, 12:00 (UK time).',
    );
    // One millisecond before the first deposit leaves the window, still nothing; at that moment, its 300.
    context.clock.set(new Date(Date.parse('2027-02-02T12:00:00.000Z') - 1));
    expect(await refusal(1)).toMatch(/cannot deposit more now; more from 2 Feb 2027, 12:00/);
    context.clock.set('2027-02-02T12:00:00.000Z');
    expect(await refusal(301)).toBe(
      'Daily limit exceeded. You can deposit up to £3.00 now; more from 2 Feb 2027, 14:00 (UK time).',
    );
  });

  it('names a waiting increase as the moment more may be deposited when it comes before any deposit leaves', async () => {
    const context = use();
    context.clock.set('2027-03-01T12:00:00.000Z');
    const { user, token } = await signedIn(context);
    await setLimit(context, token, user, 'Weekly', 1000);
    await deposit(context, user.id, 1000);
    await expect(deposit(context, user.id, 1)).rejects.toMatchObject({
      message: 'Weekly limit exceeded. You cannot deposit more now; more from 8 Mar 2027, 12:00 (UK time).',
    });
    await setLimit(context, token, user, 'Weekly', 2000);
    await expect(deposit(context, user.id, 1)).rejects.toMatchObject({
      message: 'Weekly limit exceeded. You cannot deposit more now; more from 2 Mar 2027, 12:00 (UK time).',
    });
  });

  it('lets only one of two concurrent deposits through when together they would pass the limit', async () => {
    const context = use();
    const { user, token } = await signedIn(context);
    await setLimit(context, token, user, 'Daily', 1000);
    const results = await Promise.allSettled([
      deposit(context, user.id, 700),
      deposit(context, user.id, 700),
      deposit(context, user.id, 700),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await context.services.wallet.balance(user.id)).balance).toBe(700);
  });

  it('the real deposit path refuses a deposit over the limit, and of two concurrent settlements lets only one pass', async () => {
    const context = use();
    // British Summer Time: the customer reads UK time, an hour ahead of UTC.
    context.clock.set('2027-04-01T12:00:00.000Z');
    const { user } = await signedIn(context);
    await setLimit(context, '', user, 'Daily', 3000);
    const token = await tokenFor(context, user);
    const over = await context.request({ method: 'GET', url: '/deposit_form?amount=3500', token });
    expect([over.statusCode, over.json().message]).toEqual([
      422,
      'Daily limit exceeded. You can deposit up to £30.00 now.',
    ]);

    const a = await openDeposit(context, token, 2000);
    const b = await openDeposit(context, token, 2000);
    const results = await Promise.all([
      context.services.payments.handleNotification(notification(a.paymentId, 2000)),
      context.services.payments.handleNotification(notification(b.paymentId, 2000)),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['Completed', 'Failed']);
    expect(results.find((result) => result.status === 'Failed')?.error).toBe(
      'Daily limit exceeded. You can deposit up to £10.00 now; more from 2 Apr 2027, 13:00 (UK time).',
    );
    expect(await balanceOf(context, user.id)).toBe(2000);
    expect((await getLimits(context, user)).daily.remaining.remainingAmount).toBe(1000);
  });

  it('refuses bad input on set-limit without writing anything', async () => {
    const context = use();
    const { user, token } = await signedIn(context);
    // A monthly limit makes every plausible-looking daily amount the sweep tries (12345, huge numbers) a refusal too.
    await setLimit(context, token, user, 'Monthly', 10_000);
    const sent = await sweepBadBodies(context, {
      method: 'POST',
      url: '/responsible-gambling/set-limit',
      validBody: { amount: 1000, kind: 'Daily', userId: user.id },
      token: () => token,
    });
    expect(sent).toBeGreaterThan(20);
    const zero = await setLimit(context, token, user, 'Daily', 0);
    expect(zero.json().message).toBe('Please enter a valid amount');
  });

  it('refuses bad ids on delete-limit and every call without a token', async () => {
    const context = use();
    const { token } = await signedIn(context);
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999', '%00', 'x'.repeat(500)]) {
      const response = await context.request({
        method: 'DELETE',
        url: `/responsible-gambling/delete-limit/${id}`,
        token,
      });
      expect(response.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, id).toBeLessThan(500);
    }
    expect(
      (await context.request({ method: 'DELETE', url: '/responsible-gambling/delete-limit/999999', token })).statusCode,
    ).toBe(404);
    for (const [method, url] of [
      ['GET', '/responsible-gambling/get-limits'],
      ['POST', '/responsible-gambling/set-limit'],
      ['DELETE', '/responsible-gambling/delete-limit/1'],
    ] as const) {
      expect((await context.request({ method, url })).statusCode).toBe(401);
    }
  });
});
