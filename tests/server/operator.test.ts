import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, operator, TEST_SECRETS } from './support/harness';

describeEachDatabase('operator commands through the server', (use) => {
  const call = (command: string, args: string[]) => operator(use(), command, ...args);

  it('credits a customer through the ledger', async () => {
    const context = use();
    const user = await createUser(context, { balance: 100 });
    const response = await call('credit', [user.email, '1000', 'goodwill', 'gesture']);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.balance).toBe(1100);
    const rows = await context.database.db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows.at(-1)).toMatchObject({
      amount: 1000,
      kind: 'Adjustment',
      reference: 'goodwill gesture',
      balance_out: 1100,
    });
  });

  it('offers no operator route over HTTP, with or without the key: the key never crosses TCP', async () => {
    const context = use();
    const user = await createUser(context);
    const response = await context.request({
      method: 'POST',
      url: '/operator/credit',
      payload: { args: [user.email, '1000', 'x'] },
      headers: { 'x-operator-key': TEST_SECRETS.operatorKey },
      remoteAddress: '127.0.0.1',
    });
    expect(response.statusCode).toBe(404);
    expect((await context.services.wallet.balance(user.id)).balance).toBe(0);
  });

  it('refuses bad arguments without changing anything', async () => {
    const context = use();
    const user = await createUser(context, { balance: 100 });
    for (const args of [
      [],
      [user.email],
      [user.email, 'ten', 'x'],
      [user.email, '1.5', 'x'],
      ['nobody@example.com', '100', 'x'],
      [user.email, '-100', 'x'],
    ]) {
      const response = await call('credit', args);
      expect(response.statusCode, JSON.stringify(args)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(args)).toBeLessThan(500);
    }
    expect((await call('no-such-command', [])).statusCode).toBe(404);
    expect((await context.services.wallet.balance(user.id)).balance).toBe(100);
  });

  it('suspends, unsuspends and unlocks', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    expect((await call('suspend', [user.email])).statusCode).toBe(200);
    expect((await context.request({ method: 'GET', url: '/balance', token: accessToken })).statusCode).toBe(403);
    expect((await call('unsuspend', [user.email])).statusCode).toBe(200);
    expect((await context.request({ method: 'GET', url: '/balance', token: accessToken })).statusCode).toBe(401);
    await login(context, user);
    for (let attempt = 0; attempt < 5; attempt++)
      await context.request({
        method: 'POST',
        url: '/auth/login',
        payload: { email: user.email, password: 'Wrong1234' },
      });
    expect(
      (
        await context.request({
          method: 'POST',
          url: '/auth/login',
          payload: { email: user.email, password: user.password },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('unlock', [user.email])).statusCode).toBe(200);
    await login(context, user);
  });
});
