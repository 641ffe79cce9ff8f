import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, operator } from './support/harness';
import { DAY } from '../../server/platform/clock';

/** GET /free-bets: the customer's usable free bets, for the account menu (issue 28), on both databases. */
describeEachDatabase('the customer free-bets list', (use) => {
  it('lists the free bets the customer can stake now, soonest to expire first; none of another customer; expired ones go', async () => {
    const context = use();
    const user = await createUser(context);
    const other = await createUser(context);
    expect((await operator(context, 'free-bet', 'grant', user.email, '500', '--days', '7')).statusCode).toBe(200);
    expect((await operator(context, 'free-bet', 'grant', user.email, '250', '--days', '2')).statusCode).toBe(200);
    expect((await operator(context, 'free-bet', 'grant', other.email, '1000')).statusCode).toBe(200);
    const { accessToken } = await login(context, user);

    const listed = await context.request({ method: 'GET', url: '/free-bets', token: accessToken });
    expect(listed.statusCode, listed.body).toBe(200);
    const freeBets = listed.json().freeBets as Array<{ freeBetId: string; amount: number; expiresAt: string }>;
    expect(freeBets.map((token) => token.amount)).toEqual([250, 500]);
    expect(Date.parse(freeBets[0]!.expiresAt)).toBe(context.clock.now().getTime() + 2 * DAY);

    context.clock.advance(3 * DAY);
    const later = await context.request({
      method: 'GET',
      url: '/free-bets',
      token: (await login(context, user)).accessToken,
    });
    expect(later.json().freeBets.map((token: { amount: number }) => token.amount)).toEqual([500]);
  });

  it('answers 401 without a session, listing nothing', async () => {
    const context = use();
    const response = await context.request({ method: 'GET', url: '/free-bets' });
    expect(response.statusCode).toBe(401);
  });
});
