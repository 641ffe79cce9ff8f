import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, TEST_CONFIG } from './support/harness';
import { launchToken, openSession, walletCall } from './support/games';
import { HOUR } from '../../server/platform/clock';
import { LAUNCH_TOKEN_SECONDS } from '../../src/contract/games';

describeEachDatabase('games: launch and sportsbook sessions', (use) => {
  it('gives a logged-out visitor the anonymous sportsbook address, at the route asked for', async () => {
    const context = use();
    const home = await context.request({ method: 'GET', url: '/games/iqs' });
    expect(home.statusCode).toBe(200);
    expect(home.json()).toEqual({ url: `${TEST_CONFIG.sportsbookUrl}/` });
    const match = await context.request({ method: 'GET', url: '/games/iqs?route=/event/abc-123' });
    expect(match.json()).toEqual({ url: `${TEST_CONFIG.sportsbookUrl}/event/abc-123` });
    expect(await context.database.db.selectFrom('launch_tokens').select('token_hash').execute()).toEqual([]);
  });

  it('gives a signed-in customer a one-time launch token in the fragment, stored only hashed', async () => {
    const context = use();
    const user = await createUser(context, { balance: 1234 });
    const { accessToken } = await login(context, user);
    const response = await context.request({ method: 'GET', url: '/games/iqs?route=/bets', token: accessToken });
    expect(response.statusCode).toBe(200);
    const url: string = response.json().url;
    expect(url).toMatch(new RegExp(`^${TEST_CONFIG.sportsbookUrl}/bets#launch=[A-Za-z0-9_-]{43}$`));
    const token = url.split('#launch=')[1]!;
    const stored = await context.database.db
      .selectFrom('launch_tokens')
      .select(['token_hash', 'user_id'])
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);

    const session = await walletCall(context, 'authenticate', { token });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({
      playerId: user.id,
      sessionId: expect.any(String),
      currency: 'GBP',
      balance: 1234,
    });
    const balance = await walletCall(context, 'balance', { playerId: user.id, sessionId: session.json().sessionId });
    expect(balance.statusCode).toBe(200);
    expect(balance.json()).toEqual({ balance: 1234, currency: 'GBP' });
  });

  it('refuses a launch token used twice', async () => {
    const context = use();
    const user = await createUser(context);
    const token = await launchToken(context, (await login(context, user)).accessToken);
    expect((await walletCall(context, 'authenticate', { token })).statusCode).toBe(200);
    const again = await walletCall(context, 'authenticate', { token });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: expect.any(String), code: 'InvalidToken' });
  });

  it('refuses a launch token after 60 seconds', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const early = await launchToken(context, accessToken);
    const late = await launchToken(context, accessToken);
    context.clock.advance((LAUNCH_TOKEN_SECONDS - 1) * 1000);
    expect((await walletCall(context, 'authenticate', { token: early })).statusCode).toBe(200);
    context.clock.advance(1000);
    const expired = await walletCall(context, 'authenticate', { token: late });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('InvalidToken');
  });

  it('forgets launch tokens never traded once they expire', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const tokensOf = () =>
      context.database.db.selectFrom('launch_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    await launchToken(context, accessToken);
    await launchToken(context, accessToken);
    expect(await tokensOf()).toHaveLength(2);
    context.clock.advance(LAUNCH_TOKEN_SECONDS * 1000);
    const fresh = await launchToken(context, accessToken);
    expect(await tokensOf()).toHaveLength(1);
    expect((await walletCall(context, 'authenticate', { token: fresh })).statusCode).toBe(200);
  });

  it('refuses a launch token minted before a logout, and ends the sportsbook session with it', async () => {
    const context = use();
    const user = await createUser(context, { balance: 500 });
    const session = await openSession(context, user);
    const unused = await launchToken(context, session.accessToken);
    expect(
      (await context.request({ method: 'POST', url: '/auth/logout', token: session.accessToken })).statusCode,
    ).toBe(200);
    const traded = await walletCall(context, 'authenticate', { token: unused });
    expect(traded.statusCode).toBe(401);
    expect(traded.json().code).toBe('InvalidToken');
    const balance = await walletCall(context, 'balance', { playerId: session.playerId, sessionId: session.sessionId });
    expect(balance.statusCode).toBe(401);
    expect(balance.json().code).toBe('SessionExpired');
  });

  it('refuses an unknown launch token', async () => {
    const context = use();
    const response = await walletCall(context, 'authenticate', { token: 'made-up-token' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('InvalidToken');
  });

  it('answers 401 for a bad or expired access token given explicitly, as other routes do', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    expect((await context.request({ method: 'GET', url: '/games/iqs', token: 'not-a-jwt' })).statusCode).toBe(401);
    expect(
      (await context.request({ method: 'GET', url: '/games/iqs', headers: { authorization: 'Basic abc' } })).statusCode,
    ).toBe(401);
    await context.request({ method: 'POST', url: '/auth/logout', token: accessToken });
    const revoked = await context.request({ method: 'GET', url: '/games/iqs', token: accessToken });
    expect(revoked.statusCode).toBe(401);
    expect(
      await context.database.db
        .selectFrom('launch_tokens')
        .select('token_hash')
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
  });

  it('refuses a route that could leave the sportsbook origin', async () => {
    const context = use();
    for (const route of [
      '//evil.example/x',
      'https://evil.example',
      'event/abc',
      '/a//b',
      '/a\\b',
      `/${'a'.repeat(200)}`,
      '/#x',
    ]) {
      const response = await context.request({ method: 'GET', url: `/games/iqs?route=${encodeURIComponent(route)}` });
      expect(response.statusCode, route).toBe(400);
      expect(response.json().message).toBe('Invalid route');
    }
  });

  it('ends a sportsbook session on suspension for good: unsuspension does not bring it back', async () => {
    const context = use();
    const user = await createUser(context, { balance: 100 });
    const session = await openSession(context, user);
    const body = { playerId: session.playerId, sessionId: session.sessionId };
    expect((await walletCall(context, 'balance', body)).statusCode).toBe(200);
    await context.services.accounts.suspend(user.id);
    expect((await walletCall(context, 'balance', body)).json().code).toBe('SessionExpired');
    await context.services.accounts.unsuspend(user.id);
    const after = await walletCall(context, 'balance', body);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SessionExpired');
  });

  it('ends a sportsbook session when its sign-in passes 12 hours', async () => {
    const context = use();
    const user = await createUser(context, { balance: 100 });
    const session = await openSession(context, user);
    const body = { playerId: session.playerId, sessionId: session.sessionId };
    expect((await walletCall(context, 'balance', body)).statusCode).toBe(200);
    context.clock.advance(12 * HOUR);
    const expired = await walletCall(context, 'balance', body);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('SessionExpired');
  });

  it("refuses a balance for another player's session, an unknown session and an unknown player", async () => {
    const context = use();
    const user = await createUser(context);
    const other = await createUser(context);
    const session = await openSession(context, user);
    expect(
      (await walletCall(context, 'balance', { playerId: other.id, sessionId: session.sessionId })).json().code,
    ).toBe('SessionExpired');
    expect(
      (await walletCall(context, 'balance', { playerId: user.id, sessionId: 'no-such-session' })).json().code,
    ).toBe('SessionExpired');
    const unknown = await walletCall(context, 'balance', { playerId: 2_000_000_000, sessionId: session.sessionId });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('UnknownPlayer');
  });

  it('lets the app frame the sportsbook origin', async () => {
    const context = use();
    const response = await context.request({ method: 'GET', url: '/games/iqs' });
    expect(response.headers['content-security-policy']).toContain(`frame-src 'self' ${TEST_CONFIG.sportsbookUrl}`);
  });
});
