import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login } from './support/harness';
import { HOUR, MINUTE } from '../../server/platform/clock';
import { LOCKED_OUT_MESSAGE } from '../../src/contract/auth';

describeEachDatabase('auth', (use) => {
  it('signs a customer in and answers the token fields of the specification', async () => {
    const context = use();
    const user = await createUser(context);
    const response = await context.request({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, refreshExpiresIn: 12 * 3600 });
    expect(typeof body.accessToken).toBe('string');
    expect(typeof body.refreshToken).toBe('string');
  });

  it('refuses a wrong password with 401 and an unknown e-mail with the same answer', async () => {
    const context = use();
    const user = await createUser(context);
    const wrong = await context.request({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: 'Wrong1234' },
    });
    const unknown = await context.request({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'nobody@example.com', password: 'Wrong1234' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('locks the account at the fifth wrong password in a row, and then refuses even the right one', async () => {
    const context = use();
    const user = await createUser(context);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await context.request({
        method: 'POST',
        url: '/auth/login',
        payload: { email: user.email, password: `Wrong${attempt}xx` },
      });
      statuses.push(response.statusCode);
      if (attempt === 5) expect(response.json().message).toBe(LOCKED_OUT_MESSAGE);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 403]);
    const right = await context.request({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toContain(LOCKED_OUT_MESSAGE);
  });

  it('resets the failure count after a successful sign-in', async () => {
    const context = use();
    const user = await createUser(context);
    for (let attempt = 0; attempt < 4; attempt++)
      await context.request({
        method: 'POST',
        url: '/auth/login',
        payload: { email: user.email, password: 'Wrong1234' },
      });
    await login(context, user);
    const afterReset = await context.request({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: 'Wrong1234' },
    });
    expect(afterReset.statusCode).toBe(401);
  });

  it('rotates refresh tokens, and a reused one revokes its whole family', async () => {
    const context = use();
    const user = await createUser(context);
    const first = await login(context, user);
    const second = await context.request({
      method: 'POST',
      url: '/auth/refresh_token',
      payload: { refreshToken: first.refreshToken },
    });
    expect(second.statusCode).toBe(200);
    const rotated = second.json();
    expect(rotated.refreshToken).not.toBe(first.refreshToken);

    const reuse = await context.request({
      method: 'POST',
      url: '/auth/refresh_token',
      payload: { refreshToken: first.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    const afterReuse = await context.request({
      method: 'POST',
      url: '/auth/refresh_token',
      payload: { refreshToken: rotated.refreshToken },
    });
    expect(afterReuse.statusCode).toBe(401);
    const call = await context.request({ method: 'GET', url: '/balance', token: rotated.accessToken });
    expect(call.statusCode).toBe(401);
  });

  it('ends a refresh family 12 hours after sign-in, counting refreshExpiresIn down', async () => {
    const context = use();
    const user = await createUser(context);
    const tokens = await login(context, user);
    context.clock.advance(11 * HOUR);
    const later = await context.request({
      method: 'POST',
      url: '/auth/refresh_token',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(later.statusCode).toBe(200);
    expect(later.json().refreshExpiresIn).toBe(3600);
    context.clock.advance(HOUR);
    const expired = await context.request({
      method: 'POST',
      url: '/auth/refresh_token',
      payload: { refreshToken: later.json().refreshToken },
    });
    expect(expired.statusCode).toBe(401);
  });

  it('answers 401 to an expired access token', async () => {
    const context = use();
    const user = await createUser(context);
    const tokens = await login(context, user);
    expect((await context.request({ method: 'GET', url: '/balance', token: tokens.accessToken })).statusCode).toBe(200);
    context.clock.advance(15 * MINUTE + 1000);
    const response = await context.request({ method: 'GET', url: '/balance', token: tokens.accessToken });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 to a forged token and to no token', async () => {
    const context = use();
    const none = await context.request({ method: 'GET', url: '/user/details' });
    const forged = await context.request({
      method: 'GET',
      url: '/user/details',
      token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
    });
    expect(none.statusCode).toBe(401);
    expect(forged.statusCode).toBe(401);
  });

  it('logs out by revoking every refresh token and access token of the customer', async () => {
    const context = use();
    const user = await createUser(context);
    const phone = await login(context, user);
    const laptop = await login(context, user);
    const logout = await context.request({ method: 'POST', url: '/auth/logout', token: laptop.accessToken });
    expect(logout.statusCode).toBe(200);
    expect((await context.request({ method: 'GET', url: '/balance', token: phone.accessToken })).statusCode).toBe(401);
    expect(
      (
        await context.request({
          method: 'POST',
          url: '/auth/refresh_token',
          payload: { refreshToken: phone.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers the user details and the balance of the signed-in customer', async () => {
    const context = use();
    const user = await createUser(context, { balance: 1234 });
    const tokens = await login(context, user);
    const details = await context.request({ method: 'GET', url: '/user/details', token: tokens.accessToken });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Test',
      dateOfBirth: '1990-01-01',
    });
    const balance = await context.request({ method: 'GET', url: '/balance', token: tokens.accessToken });
    expect(balance.json()).toEqual({ balance: 1234, currency: 'GBP' });
  });

  it('sends a single-use reset link that sets a new password and unlocks the account', async () => {
    const context = use();
    const user = await createUser(context);
    for (let attempt = 0; attempt < 5; attempt++)
      await context.request({
        method: 'POST',
        url: '/auth/login',
        payload: { email: user.email, password: 'Wrong1234' },
      });
    const forgot = await context.request({
      method: 'POST',
      url: '/auth/forgot_password',
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const mails = (await context.request({ method: 'GET', url: '/outbox.json' })).json() as Array<{
      to: string;
      text: string;
    }>;
    const mail = mails.find((m) => m.to === user.email);
    const code = decodeURIComponent(/token=([^\s]+)/.exec(mail!.text)![1]!);

    const reset = await context.request({
      method: 'POST',
      url: '/auth/reset_password',
      payload: { code, newPassword: 'Brandnew99', repeatedPassword: 'Brandnew99' },
    });
    expect(reset.statusCode).toBe(200);
    await login(context, { email: user.email, password: 'Brandnew99' });
    const again = await context.request({
      method: 'POST',
      url: '/auth/reset_password',
      payload: { code, newPassword: 'Another999', repeatedPassword: 'Another999' },
    });
    expect(again.statusCode).toBe(400);
  });

  it('answers forgot-password the same for unknown e-mails and sends nothing', async () => {
    const context = use();
    const before = (await context.request({ method: 'GET', url: '/outbox.json' })).json().length;
    const response = await context.request({
      method: 'POST',
      url: '/auth/forgot_password',
      payload: { email: 'ghost@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect((await context.request({ method: 'GET', url: '/outbox.json' })).json().length).toBe(before);
  });

  it('refuses an expired reset code', async () => {
    const context = use();
    const user = await createUser(context);
    await context.request({ method: 'POST', url: '/auth/forgot_password', payload: { email: user.email } });
    const mails = (await context.request({ method: 'GET', url: '/outbox.json' })).json() as Array<{
      to: string;
      text: string;
    }>;
    const code = decodeURIComponent(/token=([^\s]+)/.exec(mails.find((m) => m.to === user.email)!.text)![1]!);
    context.clock.advance(HOUR + 1000);
    const reset = await context.request({
      method: 'POST',
      url: '/auth/reset_password',
      payload: { code, newPassword: 'Brandnew99', repeatedPassword: 'Brandnew99' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('changes the password after checking the current one, and revokes the other sessions only', async () => {
    const context = use();
    const user = await createUser(context);
    const other = await login(context, user);
    const current = await login(context, user);
    const wrong = await context.request({
      method: 'POST',
      url: '/auth/change_password',
      token: current.accessToken,
      payload: { password: 'Nope12345', newPassword: 'Changed123', newPasswordRepeated: 'Changed123' },
    });
    expect(wrong.statusCode).toBe(400);
    const mismatch = await context.request({
      method: 'POST',
      url: '/auth/change_password',
      token: current.accessToken,
      payload: { password: user.password, newPassword: 'Changed123', newPasswordRepeated: 'Changed124' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Passwords do not match');
    const changed = await context.request({
      method: 'POST',
      url: '/auth/change_password',
      token: current.accessToken,
      payload: { password: user.password, newPassword: 'Changed123', newPasswordRepeated: 'Changed123' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await context.request({ method: 'GET', url: '/balance', token: current.accessToken })).statusCode).toBe(
      200,
    );
    expect((await context.request({ method: 'GET', url: '/balance', token: other.accessToken })).statusCode).toBe(401);
    await login(context, { email: user.email, password: 'Changed123' });
  });

  it('answers 403 to every call of a suspended customer', async () => {
    const context = use();
    const user = await createUser(context);
    const tokens = await login(context, user);
    await context.services.accounts.suspend(user.id);
    const response = await context.request({ method: 'GET', url: '/balance', token: tokens.accessToken });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('AccountSuspended');
  });
});
