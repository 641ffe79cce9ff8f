import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDatabase, createUser, login, TEST_CONFIG } from './support/harness';
import { balanceOf, key } from './support/money';
import { badBodies } from './support/sweep';
import { buildProvidersServer } from '../../server/providers/server';

describeEachDatabase('sandbox wallet sheet', (use) => {
  let providers: FastifyInstance;

  beforeAll(async () => {
    const context = use();
    // The sheet stamps its tokens with the real time, so the API's clock must agree.
    context.clock.set(new Date());
    providers = await buildProvidersServer({ config: { ...TEST_CONFIG, providersPort: 0, host: '127.0.0.1' } });
    await providers.ready();
  });
  afterAll(async () => providers?.close());

  async function sheetFor(amount: number) {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const answer = await context.request({
      method: 'GET',
      url: `/wallet_sheet?wallet=GooglePay&amount=${amount}`,
      token: accessToken,
    });
    return { user, token: accessToken, url: new URL(answer.json().sheetUrl) };
  }

  it('shows the wallet cards under a CSP, refuses an edited link, and its token pays the deposit it was made for', async () => {
    const context = use();
    const { user, token, url } = await sheetFor(2500);
    const page = await providers.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(page.body).toContain('Visa Debit •••• 5556');
    expect(page.body).toContain('Mastercard Credit •••• 4444');
    expect(page.body).toContain('Pay £25.00');
    const edited = await providers.inject({ method: 'GET', url: `${url.pathname}${url.search.replace('2500', '1')}` });
    expect(edited.statusCode).toBe(400);

    const confirm = {
      wallet: 'GooglePay',
      amount: 2500,
      sig: url.searchParams.get('sig'),
      card: 'visa-debit-2',
      cardholderName: 'Test Customer',
    };
    const confirmed = await providers.inject({ method: 'POST', url: url.pathname, payload: confirm });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const paid = await context.request({
      method: 'POST',
      url: '/deposit_wallet',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 2500, wallet: 'GooglePay', token: confirmed.json().token },
    });
    expect(paid.json()).toMatchObject({ status: 'Completed', balance: 2500 });
    expect(await balanceOf(context, user.id)).toBe(2500);

    const edits = await providers.inject({ method: 'POST', url: url.pathname, payload: { ...confirm, amount: 1 } });
    expect([edits.statusCode, edits.json().message]).toEqual([400, 'Payment link not valid']);
    for (const body of badBodies(confirm)) {
      const response = await providers.inject({
        method: 'POST',
        url: url.pathname,
        payload: body.payload,
        headers: { 'content-type': body.contentType ?? 'application/json' },
      });
      expect(response.statusCode, body.label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, body.label).toBeLessThan(500);
    }
  });
});
