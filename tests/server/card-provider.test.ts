import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDatabase, createUser, login, TEST_CONFIG } from './support/harness';
import { balanceOf, openDeposit, transactionCount } from './support/money';
import { badBodies } from './support/sweep';
import { buildProvidersServer } from '../../server/providers/server';
import { luhnValid, expired } from '../../server/providers/card-payments/sandbox-cards';

describeEachDatabase('sandbox card provider', (use) => {
  let providers: FastifyInstance;

  beforeAll(async () => {
    const context = use();
    // The provider signs with the real time, so the API's clock must agree.
    context.clock.set(new Date());
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    providers = await buildProvidersServer({
      config: { ...TEST_CONFIG, providersPort: 0, host: '127.0.0.1', publicUrl: address },
    });
    await providers.ready();
  });
  afterAll(async () => providers?.close());

  async function pay(
    amount: number,
    card: { cardNumber: string; expiry?: string; securityCode?: string },
    storeCard = false,
  ) {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const { paymentForm, paymentId } = await openDeposit(context, accessToken, amount, storeCard);
    const url = new URL(paymentForm);
    const payload = {
      payment: url.searchParams.get('payment'),
      amount: Number(url.searchParams.get('amount')),
      sig: url.searchParams.get('sig'),
      name: 'Test Customer',
      expiry: '12/39',
      securityCode: '123',
      ...card,
    };
    const response = await providers.inject({ method: 'POST', url: url.pathname, payload });
    return { user, token: accessToken, paymentId, response, url, payload };
  }

  it('serves the hosted card page with its own script file under a CSP without inline script', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const { paymentForm } = await openDeposit(context, accessToken, 2000);
    const url = new URL(paymentForm);
    const page = await providers.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}&parentOrigin=${encodeURIComponent('http://localhost:8080')}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(page.body).toContain('<label for="cardNumber">Card number</label>');
    expect(page.body).toContain('Pay £20.00');
    expect(page.body).not.toMatch(/<script>(?!<)/);
    const script = await providers.inject({ method: 'GET', url: `${url.pathname}.js` });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('postMessage(message, origin)');
    expect(script.body).not.toContain("'*'");
    const edited = await providers.inject({
      method: 'GET',
      url: `${url.pathname}${url.search.replace('amount=2000', 'amount=1')}`,
    });
    expect(edited.statusCode).toBe(400);
  });

  it('pays with 4242 4242 4242 4242: notifies the API, credits once and saves the card when asked', async () => {
    const context = use();
    const { user, token, response, url, payload } = await pay(2000, { cardNumber: '4242 4242 4242 4242' }, true);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    expect(await balanceOf(context, user.id)).toBe(2000);
    // The customer presses Pay again in the same popup: settled once already.
    const again = await providers.inject({ method: 'POST', url: url.pathname, payload });
    expect(again.json()).toEqual({ status: 'success' });
    expect(await balanceOf(context, user.id)).toBe(2000);
    expect(await transactionCount(context, user.id)).toBe(1);
    expect((await context.request({ method: 'GET', url: '/card', token })).json().maskedPan).toBe(
      '**** **** **** 4242',
    );
  });

  it('refuses a credit card, a declined card, a Luhn failure, a past expiry and security code 000, crediting nothing', async () => {
    const context = use();
    const cases: Array<[{ cardNumber: string; expiry?: string; securityCode?: string }, string]> = [
      [{ cardNumber: '5555555555554444' }, 'Credit cards are not accepted'],
      [{ cardNumber: '4000000000000002' }, 'Card declined'],
      [{ cardNumber: '4242424242424241' }, 'Invalid card number'],
      [{ cardNumber: '4242424242424242', expiry: '01/20' }, 'Card expired'],
      [{ cardNumber: '4242424242424242', securityCode: '000' }, 'Card security code check failed'],
    ];
    for (const [card, error] of cases) {
      const { user, token, response, paymentId } = await pay(1000, card, true);
      expect(response.json(), JSON.stringify(card)).toEqual({ status: 'failed', error });
      expect(await balanceOf(context, user.id)).toBe(0);
      const payments = (await context.request({ method: 'GET', url: '/payments', token })).json();
      expect(payments[0]).toMatchObject({ paymentId, status: 'Failed', error });
      expect((await context.request({ method: 'GET', url: '/card', token })).json().maskedPan).toBeNull();
    }
  });

  it('answers every bad body to the card page with a 4xx, never a 500, and settles nothing', async () => {
    const context = use();
    const { paymentId, payload } = await pay(1000, { cardNumber: '' });
    // A body that would pay, were it not for each single fault the sweep puts in.
    const bodies = badBodies({ ...payload, cardNumber: '4242424242424242' } as Record<string, unknown>);
    for (const body of bodies) {
      const response = await providers.inject({
        method: 'POST',
        url: '/card-payments/pay',
        payload: body.payload,
        headers: { 'content-type': body.contentType ?? 'application/json' },
      });
      expect(response.statusCode, `${body.label}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${body.label}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
    }
    const row = await context.database.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Open');
  });

  it('asks for missing card fields without charging or notifying', async () => {
    const context = use();
    const { user, response, paymentId } = await pay(1000, { cardNumber: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Card number required');
    const row = await context.database.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Open');
    expect(await balanceOf(context, user.id)).toBe(0);
  });
});

it('checks Luhn and expiry like a card network', () => {
  expect(luhnValid('4242424242424242')).toBe(true);
  expect(luhnValid('4242424242424243')).toBe(false);
  expect(expired('11/26', new Date('2026-11-30T23:59:59Z'))).toBe(false);
  expect(expired('11/26', new Date('2026-12-01T00:00:00Z'))).toBe(true);
  expect(expired('13/30', new Date('2026-01-01T00:00:00Z'))).toBe(true);
});
