import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDatabase, login, TEST_CONFIG, TEST_SECRETS, type TestContext } from './support/harness';
import { sweepBadBodies, rowCounts } from './support/sweep';
import { registrationPayload, register } from './support/registration';
import { DUPLICATE_EMAIL_MESSAGE, REGISTRATION_MESSAGES } from '../../src/contract/registration';
import { INVALID_POSTCODE_MESSAGE } from '../../src/contract/address';
import { signBody, SIGNATURE_HEADER } from '../../server/platform/signing/body-signature';
import { buildProvidersServer } from '../../server/providers/server';
import { IDENTITY_NOTIFICATION_PATH } from '../../server/providers/identity/pages';

const payload = registrationPayload;

async function userByEmail(context: TestContext, email: string) {
  return context.database.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

function notification(
  reference: string,
  result: 'passed' | 'failed' | 'canceled',
  at: Date,
  secret = TEST_SECRETS.providerSecret,
) {
  const body = JSON.stringify({ reference, result });
  return {
    method: 'POST' as const,
    url: IDENTITY_NOTIFICATION_PATH,
    payload: body,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, body, at) },
  };
}

async function registeredCheck(context: TestContext) {
  const body = payload();
  const response = await register(context, body);
  expect(response.statusCode).toBe(200);
  const user = (await userByEmail(context, body.email))!;
  const check = await context.database.db
    .selectFrom('identity_checks')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return { body, user, reference: check.reference, avCheckUrl: response.json().avCheckUrl as string };
}

describeEachDatabase('registration', (use) => {
  it('creates the customer, an empty wallet and a pending identity check, and answers the verification page', async () => {
    const context = use();
    const body = payload();
    const response = await register(context, body);
    expect(response.statusCode).toBe(200);
    const { avCheckUrl } = response.json();
    expect(avCheckUrl.startsWith(`${TEST_CONFIG.providersUrl}/identity-verification?session=`)).toBe(true);

    const user = (await userByEmail(context, body.email))!;
    expect(user).toMatchObject({
      first_name: 'Jane',
      last_name: 'Smith-Jones',
      date_of_birth: '1990-04-15',
      phone: '+447700900123',
      address1: '10 Downing Street',
      address2: 'Westminster',
      address_city: 'London',
      address_post_code: 'SW1A 2AA',
      gender: 'Male',
      marketing_email: true,
      marketing_phone: false,
      marketing_sms: false,
      promotion_code: 'WELCOME10',
      referral_code: null,
      click_key: 'aff-click-42',
      verification_status: 'pending',
      status: 'active',
    });
    expect(user.password_hash.startsWith('$argon2id$')).toBe(true);
    const wallet = await context.database.db
      .selectFrom('wallets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(wallet.balance)).toBe(0);
    const checks = await context.database.db
      .selectFrom('identity_checks')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(checks.map((check) => check.status)).toEqual(['pending']);
    // The customer can sign in with what they registered.
    await login(context, { email: body.email, password: body.password });
  });

  it('accepts a registration without an address, and without the optional fields', async () => {
    const context = use();
    const {
      avatarUrl: _a,
      promotionCode: _p,
      referralCode: _r,
      clickKey: _c,
      gender: _g,
      ...required
    } = payload({ address1: '', address2: '', addressCity: '' });
    const response = await register(context, required);
    expect(response.statusCode).toBe(200);
    const user = (await userByEmail(context, required.email))!;
    expect(user).toMatchObject({
      address1: '',
      address_city: '',
      gender: 'Male',
      click_key: null,
      promotion_code: null,
    });
  });

  it('refuses a second account with the same e-mail, whatever its case, with 409', async () => {
    const context = use();
    const first = payload();
    expect((await register(context, first)).statusCode).toBe(200);
    const before = await rowCounts(context);
    const again = await register(context, payload({ email: first.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DUPLICATE_EMAIL_MESSAGE);
    expect(await rowCounts(context)).toEqual(before);
  });

  it('counts 18 years on the server clock: refused the day before the 18th birthday, accepted on the day', async () => {
    const context = use();
    context.clock.set('2026-06-01T12:00:00Z');
    const dayBefore = await register(context, payload({ dateOfBirth: '2008-06-02' }));
    expect(dayBefore.statusCode).toBe(400);
    expect(dayBefore.json().message).toBe(REGISTRATION_MESSAGES.dateOfBirth);
    const onTheDay = await register(context, payload({ dateOfBirth: '2008-06-01' }));
    expect(onTheDay.statusCode).toBe(200);
  });

  it('counts the birthday in UK time: at 00:30 in London it is already the next day', async () => {
    const context = use();
    context.clock.set('2026-06-01T23:30:00Z'); // 00:30 on 2 June in London (BST)
    expect((await register(context, payload({ dateOfBirth: '2008-06-02' }))).statusCode).toBe(200);
  });

  it('refuses impossible dates and accepts 29 February of a leap year', async () => {
    const context = use();
    context.clock.set('2026-06-01T12:00:00Z');
    for (const dateOfBirth of [
      '2001-02-29',
      '1990-13-01',
      '1990-04-31',
      '1990-00-10',
      '1899-12-31',
      '15/04/1990',
      '1990-4-15',
    ]) {
      const response = await register(context, payload({ dateOfBirth }));
      expect(response.statusCode, dateOfBirth).toBe(400);
      expect(response.json().message).toBe(REGISTRATION_MESSAGES.dateOfBirth);
    }
    expect((await register(context, payload({ dateOfBirth: '2000-02-29' }))).statusCode).toBe(200);
  });

  it('refuses a postcode that is not a UK postcode', async () => {
    const context = use();
    for (const addressPostCode of ['12345', 'SW1A', 'SW1A 2AAA']) {
      const response = await register(context, payload({ addressPostCode }));
      expect(response.statusCode, addressPostCode).toBe(400);
    }
    const response = await register(context, payload({ addressPostCode: 'ABC 123' }));
    expect(response.json().message).toBe(INVALID_POSTCODE_MESSAGE);
    const empty = await register(context, payload({ addressPostCode: '' }));
    expect(empty.json().message).toBe(REGISTRATION_MESSAGES.postcodeRequired);
  });

  it('refuses a registration whose terms were not accepted', async () => {
    const context = use();
    const response = await register(context, payload({ termsConditionsChecker: false }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(REGISTRATION_MESSAGES.terms);
  });

  it('refuses a part-filled address, a non-UK mobile and names with other characters', async () => {
    const context = use();
    const partial = await register(context, payload({ address2: '' }));
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe(REGISTRATION_MESSAGES.address);
    for (const phone of ['+447700900', '+441234567890', '07700900123', '+4477009001234']) {
      const response = await register(context, payload({ phone }));
      expect(response.statusCode, phone).toBe(400);
      expect(response.json().message).toBe(REGISTRATION_MESSAGES.phone);
    }
    for (const firstName of ['Jane1', "O'Brien", 'Mary Ann', '<script>']) {
      expect((await register(context, payload({ firstName }))).statusCode, firstName).toBe(400);
    }
    const weak = await register(context, payload({ password: 'password' }));
    expect(weak.json().message).toBe('Password must include at least 1 number');
  });

  it('refuses every malformed body with a 4xx and writes nothing', async () => {
    const context = use();
    // Marketing choices set to true, so that `true` is not among the "wrong" values tried on them.
    const {
      avatarUrl: _a,
      promotionCode: _p,
      referralCode: _r,
      clickKey: _c,
      gender: _g,
      ...required
    } = payload({ marketingOffersPhone: true, marketingOffersSms: true });
    const sent = await sweepBadBodies(context, { method: 'POST', url: '/auth/register', validBody: required });
    expect(sent).toBeGreaterThan(100);
  });

  it('tells the app the support address, and that a browser tab does not show the exchange', async () => {
    const response = await use().request({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({ supportEmail: TEST_CONFIG.supportEmail, exchangeInBrowser: false });
  });
});

describeEachDatabase(
  'registration rate limit',
  (use) => {
    it('answers 429 once the limit is used up', async () => {
      const context = use();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt++)
        statuses.push((await register(context, payload({ termsConditionsChecker: false }))).statusCode);
      expect(statuses).toEqual([400, 400, 429]);
    });
  },
  { rateLimits: { register: { max: 2, timeWindow: 60_000 } } },
);

describeEachDatabase('identity verification notifications', (use) => {
  it('a signed "passed" marks the customer verified, and a redelivery changes nothing', async () => {
    const context = use();
    const { body, reference } = await registeredCheck(context);
    const first = await context.request(notification(reference, 'passed', context.clock.now()));
    expect(first.statusCode).toBe(200);
    expect((await userByEmail(context, body.email))!.verification_status).toBe('passed');
    const again = await context.request(notification(reference, 'failed', context.clock.now()));
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('passed');
    expect((await userByEmail(context, body.email))!.verification_status).toBe('passed');
  });

  it('"failed" and "canceled" leave the customer failed (asked for documents)', async () => {
    const context = use();
    for (const result of ['failed', 'canceled'] as const) {
      const { body, reference } = await registeredCheck(context);
      expect((await context.request(notification(reference, result, context.clock.now()))).statusCode).toBe(200);
      expect((await userByEmail(context, body.email))!.verification_status).toBe('failed');
      const check = await context.database.db
        .selectFrom('identity_checks')
        .select('status')
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();
      expect(check.status).toBe(result);
    }
  });

  it('refuses a wrong, missing, stale or tampered signature with 401 and changes nothing', async () => {
    const context = use();
    const { body, reference } = await registeredCheck(context);
    const before = await rowCounts(context);
    const wrongSecret = await context.request(notification(reference, 'passed', context.clock.now(), 'not-the-secret'));
    expect(wrongSecret.statusCode).toBe(401);
    const stale = await context.request(
      notification(reference, 'passed', new Date(context.clock.now().getTime() - 10 * 60_000)),
    );
    expect(stale.statusCode).toBe(401);
    const signed = notification(reference, 'failed', context.clock.now());
    const tampered = await context.request({ ...signed, payload: signed.payload.replace('failed', 'passed') });
    expect(tampered.statusCode).toBe(401);
    const unsigned = await context.request({
      method: 'POST',
      url: IDENTITY_NOTIFICATION_PATH,
      payload: JSON.stringify({ reference, result: 'passed' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await userByEmail(context, body.email))!.verification_status).toBe('pending');
    expect(await rowCounts(context)).toEqual(before);
  });

  it('answers 404 for an unknown check and 400 for a signed but malformed notification', async () => {
    const context = use();
    expect(
      (await context.request(notification('4b1d3c1e-0000-4000-8000-000000000000', 'passed', context.clock.now())))
        .statusCode,
    ).toBe(404);
    const body = JSON.stringify({ reference: 'not-a-uuid', result: 'maybe' });
    const malformed = await context.request({
      method: 'POST',
      url: IDENTITY_NOTIFICATION_PATH,
      payload: body,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signBody(TEST_SECRETS.providerSecret, body, context.clock.now()),
      },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describeEachDatabase('the sandbox identity page', (use) => {
  async function providersFor(context: TestContext): Promise<{ providers: FastifyInstance; origin: string }> {
    // The page notifies the API over HTTP, as a real provider would.
    context.clock.set(new Date());
    if (!context.app.server.listening) await context.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = context.app.server.address() as { port: number };
    const apiUrl = `http://127.0.0.1:${port}`;
    const providers = await buildProvidersServer({
      config: {
        providersPort: 0,
        host: '127.0.0.1',
        publicUrl: apiUrl,
        providersUrl: TEST_CONFIG.providersUrl,
        secrets: TEST_SECRETS,
      },
    });
    const origin = await providers.listen({ port: 0, host: '127.0.0.1' });
    return { providers, origin };
  }

  it('shows the submitted details, and its Pass reaches the API through a signed notification', async () => {
    const context = use();
    const { providers, origin } = await providersFor(context);
    try {
      const { body, avCheckUrl } = await registeredCheck(context);
      const address = new URL(avCheckUrl);
      const pageUrl = `${origin}${address.pathname}${address.search}&parentOrigin=${encodeURIComponent('http://localhost:8080')}`;
      const page = await fetch(pageUrl);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await page.text();
      expect(html).toContain('Jane Smith-Jones');
      expect(html).toContain('15/04/1990');
      expect(html).toContain('10 Downing Street, Westminster, London, SW1A 2AA');
      expect(html).not.toMatch(/<script>(?!<\/script>)/);
      for (const label of ['Pass', 'Fail', 'Cancel']) expect(html).toContain(`>${label}</button>`);

      const decide = (result: string, sig = address.searchParams.get('sig')) =>
        fetch(`${origin}${address.pathname}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ session: address.searchParams.get('session'), sig, result }),
        });
      const tampered = await decide('passed', 'forged');
      expect(tampered.status).toBe(400);
      expect((await userByEmail(context, body.email))!.verification_status).toBe('pending');

      const passed = await decide('passed');
      expect(passed.status).toBe(200);
      expect(await passed.json()).toEqual({ status: 'AV_SUCCESS' });
      expect((await userByEmail(context, body.email))!.verification_status).toBe('passed');
    } finally {
      await providers.close();
    }
  });

  it('refuses a page address whose details were changed', async () => {
    const context = use();
    const { providers, origin } = await providersFor(context);
    try {
      const { avCheckUrl } = await registeredCheck(context);
      const address = new URL(avCheckUrl);
      const details = JSON.parse(Buffer.from(address.searchParams.get('session')!, 'base64url').toString());
      address.searchParams.set(
        'session',
        Buffer.from(JSON.stringify({ ...details, firstName: 'Mallory' })).toString('base64url'),
      );
      const page = await fetch(`${origin}${address.pathname}${address.search}`);
      expect(page.status).toBe(400);
      expect(await page.text()).not.toContain('Mallory');
    } finally {
      await providers.close();
    }
  });
});
