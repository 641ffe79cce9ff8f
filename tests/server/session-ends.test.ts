import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, type TestContext } from './support/harness';

/** The reset codes mailed to one address, oldest first. */
async function resetCodes(context: TestContext, email: string): Promise<string[]> {
  const mails = await context.database.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('subject', '=', 'Reset your password')
    .orderBy('id')
    .execute();
  return mails.map((mail) => decodeURIComponent(/token=([^\s]+)/.exec(mail.text_body)![1]!));
}

describeEachDatabase('sessions and codes that must end', (use) => {
  const forgot = (email: string) => use().request({ method: 'POST', url: '/auth/forgot_password', payload: { email } });
  const reset = (code: string, newPassword: string) =>
    use().request({
      method: 'POST',
      url: '/auth/reset_password',
      payload: { code, newPassword, repeatedPassword: newPassword },
    });

  it('ends every older reset code once one of them resets the password', async () => {
    const context = use();
    const user = await createUser(context);
    await forgot(user.email);
    await forgot(user.email);
    const [older, newer] = await resetCodes(context, user.email);
    expect((await reset(newer!, 'Brandnew99')).statusCode).toBe(200);
    const replay = await reset(older!, 'Attacker99');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('ResetCodeInvalid');
    await login(context, { email: user.email, password: 'Brandnew99' });
  });

  it('ends every outstanding reset code when the customer changes the password', async () => {
    const context = use();
    const user = await createUser(context);
    await forgot(user.email);
    const [code] = await resetCodes(context, user.email);
    const { accessToken } = await login(context, user);
    const changed = await context.request({
      method: 'POST',
      url: '/auth/change_password',
      token: accessToken,
      payload: { password: user.password, newPassword: 'Changed123', newPasswordRepeated: 'Changed123' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(code!, 'Attacker99')).statusCode).toBe(400);
  });

  it('does not bring back the tokens from before a suspension when the customer is unsuspended', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken, refreshToken } = await login(context, user);
    await context.services.accounts.suspend(user.id);
    await context.services.accounts.unsuspend(user.id);
    expect((await context.request({ method: 'GET', url: '/balance', token: accessToken })).statusCode).toBe(401);
    expect(
      (await context.request({ method: 'POST', url: '/auth/refresh_token', payload: { refreshToken } })).statusCode,
    ).toBe(401);
    await login(context, user);
  });
});
