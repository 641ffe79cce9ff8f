import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, type TestContext } from './support/harness';
import { badBodies, rowCounts, sweepBadBodies } from './support/sweep';
import { key, notification, sendNotification } from './support/money';

async function expectQueriesRefused(context: TestContext, token: string, path: string, queries: string[]) {
  const before = await rowCounts(context);
  for (const query of queries) {
    const response = await context.request({
      method: 'GET',
      url: `${path}?${query}`,
      token,
      headers: { 'idempotency-key': key() },
    });
    const described = `${path}?${query.slice(0, 80)} answered ${response.statusCode}: ${response.body.slice(0, 200)}`;
    expect(response.statusCode, described).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, described).toBeLessThan(500);
    expect(typeof response.json().message, described).toBe('string');
  }
  expect(await rowCounts(context)).toEqual(before);
}

describeEachDatabase('bad input on the money routes', (use) => {
  it('answers every bad body to /withdraw and /deposit_js with a 4xx and writes nothing', async () => {
    const context = use();
    const user = await createUser(context);
    const token = (await login(context, user)).accessToken;
    const headers = () => ({ 'idempotency-key': key() });
    let sent = 0;
    sent += await sweepBadBodies(context, {
      method: 'POST',
      url: '/withdraw',
      token: () => token,
      headers,
      validBody: { amount: 500, cardInfo: { expiryDate: '12/39', pan: '4242424242424242', securityCode: '123' } },
    });
    sent += await sweepBadBodies(context, {
      method: 'POST',
      url: '/withdraw',
      token: () => token,
      headers,
      validBody: { amount: 500 },
    });
    sent += await sweepBadBodies(context, {
      method: 'POST',
      url: '/deposit_js',
      token: () => token,
      headers,
      validBody: { amount: 1000 },
    });
    // Without a key, and with a key that is not one.
    sent += await sweepBadBodies(context, {
      method: 'POST',
      url: '/deposit_js',
      token: () => token,
      validBody: { amount: 1000 },
    });
    sent += await sweepBadBodies(context, {
      method: 'POST',
      url: '/withdraw',
      token: () => token,
      headers: () => ({ 'idempotency-key': 'x'.repeat(500) }),
      validBody: { amount: 500 },
    });
    expect(sent).toBeGreaterThan(100);
  }, 120_000);

  it('answers bad queries to the money reads with a 4xx and writes nothing', async () => {
    const context = use();
    const user = await createUser(context);
    const token = (await login(context, user)).accessToken;
    const amounts = [
      '',
      'amount=',
      'amount=abc',
      'amount=-500',
      'amount=5.5',
      'amount=1e3',
      'amount=499',
      'amount=1000001',
      `amount=${'9'.repeat(400)}`,
      'amount=500&amount=600',
      'amount=2000&storeCard=maybe',
      'amount=%00',
    ];
    await expectQueriesRefused(context, token, '/deposit_form', amounts);
    await expectQueriesRefused(context, token, '/payments', [
      'kind=Bet',
      'status=Pending',
      'limit=0',
      'limit=1000',
      'limit=x',
      'kind=Deposit&kind=Withdrawal',
    ]);
    await expectQueriesRefused(context, token, '/transactions', [
      'limit=-1',
      'prevId=abc',
      'from=not-a-date',
      'vertical=bingo',
    ]);
  });

  it('refuses every money route without a signed-in customer', async () => {
    const context = use();
    const before = await rowCounts(context);
    const routes: Array<['GET' | 'POST', string]> = [
      ['GET', '/deposit_form?amount=2000'],
      ['POST', '/deposit_js'],
      ['POST', '/withdraw'],
      ['GET', '/card'],
      ['GET', '/payments'],
      ['GET', '/transactions'],
      ['GET', '/transactions/net-deposits'],
    ];
    for (const [method, url] of routes) {
      const response = await context.request({
        method,
        url,
        payload: method === 'POST' ? { amount: 1000 } : undefined,
        headers: { 'idempotency-key': key(), authorization: 'Bearer not-a-token' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await rowCounts(context)).toEqual(before);
  });

  it('answers every bad, correctly signed notification body with a 4xx and writes nothing', async () => {
    const context = use();
    const before = await rowCounts(context);
    const valid = notification('00000000-0000-4000-8000-000000000000', 2000, { error: 'none', cardToken: 'sbx_x.y' });
    const bodies = badBodies(valid as unknown as Record<string, unknown>);
    for (const body of bodies) {
      const response = await sendNotification(context, body.payload);
      const described = `${body.label} answered ${response.statusCode}: ${response.body.slice(0, 200)}`;
      expect(response.statusCode, described).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, described).toBeLessThan(500);
    }
    expect(bodies.length).toBeGreaterThan(50);
    expect(await rowCounts(context)).toEqual(before);
  });
});
