import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login } from './support/harness';
import { sweepBadBodies, type SweepRoute } from './support/sweep';

describeEachDatabase('bad input on the foundation routes', (use) => {
  it('answers every bad body with a 4xx and a message, and writes nothing', async () => {
    const context = use();
    const user = await createUser(context, { balance: 500 });
    const token = async () => (await login(context, user)).accessToken;
    const routes: SweepRoute[] = [
      { method: 'POST', url: '/auth/login', validBody: { email: user.email, password: 'wrong-but-long' } },
      { method: 'POST', url: '/auth/refresh_token', validBody: { refreshToken: 'not-a-real-token' } },
      { method: 'POST', url: '/auth/forgot_password', validBody: { email: 'nobody@example.com' } },
      {
        method: 'POST',
        url: '/auth/reset_password',
        validBody: { code: 'nope', newPassword: 'Password12', repeatedPassword: 'Password12' },
      },
      {
        method: 'POST',
        url: '/auth/change_password',
        validBody: { password: 'not-the-password', newPassword: 'Password12', newPasswordRepeated: 'Password13' },
        token,
      },
    ];
    // Logins by the sweep itself write refresh families: take the token first, then sweep with it.
    const fixedToken = await token();
    let sent = 0;
    for (const route of routes)
      sent += await sweepBadBodies(context, { ...route, token: route.token ? () => fixedToken : undefined });
    expect(sent).toBeGreaterThan(100);
  }, 120_000);

  it('refuses a wrong password without locking anyone out through malformed bodies', async () => {
    const context = use();
    const user = await createUser(context);
    await sweepBadBodies(context, {
      method: 'POST',
      url: '/auth/login',
      validBody: { email: user.email, password: 'x' },
    });
    await login(context, user);
  }, 60_000);

  it('answers unknown routes and methods with 404 JSON', async () => {
    const context = use();
    const response = await context.request({ method: 'GET', url: '/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Not found');
  });

  it('sends the security headers', async () => {
    const context = use();
    const response = await context.request({ method: 'GET', url: '/no/such/route' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
