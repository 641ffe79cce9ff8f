import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, type TestContext } from './support/harness';
import { badBodies, sweepBadBodies } from './support/sweep';
import { MINUTE } from '../../server/platform/clock';
import { INVALID_REALITY_CHECK_INTERVAL } from '../../src/contract/reality-checks';

const URL = '/responsible-gambling/reality-check';

const status = async (context: TestContext, token: string) =>
  (await context.request({ method: 'GET', url: URL, token })).json();

/** A fresh access token for the same session, as the app refreshes one every few minutes. */
async function refreshed(context: TestContext, refreshToken: string) {
  const response = await context.request({ method: 'POST', url: '/auth/refresh_token', payload: { refreshToken } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { accessToken: string; refreshToken: string };
}

const configure = (context: TestContext, token: string, intervalMinutes: unknown) =>
  context.request({ method: 'PUT', url: URL, token, payload: { intervalMinutes } });

describeEachDatabase('reality checks', (use) => {
  it('are off by default, and once on fall due every interval counted from sign-in', async () => {
    const context = use();
    const user = await createUser(context);
    const signedInAt = context.clock.now();
    const session = await login(context, user);
    let { accessToken } = session;
    expect(await status(context, accessToken)).toEqual({
      intervalMinutes: null,
      sessionStartedAt: signedInAt.toISOString(),
      dueInMs: null,
    });
    context.clock.advance(10 * MINUTE);
    const on = await configure(context, accessToken, 15);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ intervalMinutes: 15, dueInMs: 5 * MINUTE });
    // A reload asks again: the reminder still counts from sign-in, and one missed is still due.
    context.clock.advance(7 * MINUTE);
    ({ accessToken } = await refreshed(context, session.refreshToken));
    expect(await status(context, accessToken)).toMatchObject({ dueInMs: -2 * MINUTE });
    const continued = await context.request({ method: 'POST', url: `${URL}/continue`, token: accessToken });
    expect(continued.json()).toMatchObject({ dueInMs: 13 * MINUTE });
    expect(await status(context, accessToken)).toMatchObject({ dueInMs: 13 * MINUTE });
    // Another session of the same customer has its own sign-in and its own reminders, at the same setting.
    const { accessToken: second } = await login(context, user);
    expect(await status(context, second)).toMatchObject({ intervalMinutes: 15, dueInMs: 15 * MINUTE });
    expect((await configure(context, accessToken, null)).json()).toMatchObject({
      intervalMinutes: null,
      dueInMs: null,
    });
  });

  it('sums deposits, stakes and returns from the ledger since sign-in, not before it', async () => {
    const context = use();
    const user = await createUser(context, { balance: 10_000 });
    const { ledger } = context.services;
    const post = (amount: number, kind: 'Stake' | 'Returns' | 'Deposit' | 'Refund', betId: string | null = 'bet-1') =>
      ledger.transaction((_trx, posting) => posting({ userId: user.id, amount, kind, reference: kind, betId }));
    await post(-400, 'Stake', 'earlier');
    await post(5000, 'Deposit', null);
    context.clock.advance(MINUTE);
    const session = await login(context, user);
    context.clock.advance(MINUTE);
    await post(2000, 'Deposit', null);
    await post(-1000, 'Stake');
    await post(-500, 'Stake', 'bet-2');
    await post(1800, 'Returns');
    await post(-300, 'Stake', 'bet-3');
    await post(300, 'Refund', 'bet-3');
    context.clock.advance(31 * MINUTE + 59_000);
    const { accessToken } = await refreshed(context, session.refreshToken);
    const summary = await context.request({ method: 'GET', url: `${URL}/summary`, token: accessToken });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual({ signedInMinutes: 32, deposits: 2000, stakes: 1500, returns: 1800, net: 300 });
  });

  it('refuses an interval outside 5 to 240 whole minutes, and any bad body, writing nothing', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    for (const bad of [0, 4, 241, 15.5, '15', -15]) {
      const response = await configure(context, accessToken, bad);
      expect([response.statusCode, response.json().message], String(bad)).toEqual([
        400,
        INVALID_REALITY_CHECK_INTERVAL,
      ]);
    }
    const sent = await sweepBadBodies(
      context,
      { method: 'PUT', url: URL, validBody: { intervalMinutes: 15 }, token: () => accessToken },
      badBodies({ intervalMinutes: 15 }).filter((body) => body.label !== 'intervalMinutes = null'),
    );
    expect(sent).toBeGreaterThan(10);
    expect(await status(context, accessToken)).toMatchObject({ intervalMinutes: null });
  });

  it('answers 401 without a session', async () => {
    const context = use();
    for (const [method, url] of [
      ['GET', URL],
      ['PUT', URL],
      ['GET', `${URL}/summary`],
      ['POST', `${URL}/continue`],
    ] as const)
      expect((await context.request({ method, url, payload: {} })).statusCode).toBe(401);
  });
});
