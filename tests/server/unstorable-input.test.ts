import { expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { describeEachDatabase, createUser, login } from './support/harness';
import {
  expectAllRefused,
  sweepBadBodies,
  unstorableBodies,
  unstorableQueries,
  UNSTORABLE_STRINGS,
} from './support/sweep';
import { registrationPayload } from './support/registration';
import { key } from './support/money';
import { DATABASE_REFUSED_VALUE, installErrorHandler } from '../../server/platform/http/error-handler';

/** Path segments a hostile client might send, percent-encoded (a lone surrogate as its invalid UTF-8 bytes). */
const UNSTORABLE_SEGMENTS = ['%00', 'A%00B', '%ED%A0%80', 'X%ED%BF%BF', '-005000-01-01T00%3A00%3A00Z'];

describeEachDatabase('unstorable strings and dates, on every string and date field', (use) => {
  it('refuses them in every field of a registration, optional ones included', async () => {
    const context = use();
    const full = registrationPayload({
      address2: 'Westminster',
      gender: 'Female',
      promotionCode: 'WELCOME10',
      referralCode: 'FRIEND1',
      clickKey: 'aff-click-42',
      avatarUrl: '',
    });
    const sent = await sweepBadBodies(
      context,
      { method: 'POST', url: '/auth/register', validBody: full },
      unstorableBodies(full),
    );
    expect(sent).toBeGreaterThan(50);
  });

  it('refuses them in the details a customer updates', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const details = {
      address1: '10 Downing Street',
      address2: 'Westminster',
      addressCity: 'London',
      addressPostCode: 'sw1a2aa',
      email: user.email,
      phone: '+447700900123',
      marketingOffersEmail: true,
      marketingOffersPhone: false,
      marketingOffersSms: true,
    };
    expect(
      await sweepBadBodies(
        context,
        { method: 'PUT', url: '/auth/update_details', validBody: details, token: () => accessToken },
        unstorableBodies(details),
      ),
    ).toBeGreaterThan(20);
  });

  it('refuses them in every query parameter of the reads, dates outside PostgreSQL’s range included', async () => {
    const context = use();
    const user = await createUser(context, { balance: 500 });
    const { accessToken } = await login(context, user);
    const get = (path: string, query: Record<string, string>) =>
      unstorableQueries(query).map((search) => ({ method: 'GET' as const, url: `${path}?${search}` }));
    const requests = [
      { method: 'GET' as const, url: '/transactions?from=-005000-01-01T00:00:00Z' },
      ...get('/transactions', {
        from: '2026-01-01T00:00:00.000Z',
        to: '2026-02-01T00:00:00.000Z',
        kind: 'Deposit',
        vertical: 'wallet',
        productVertical: 'wallet',
        prevId: '10',
        limit: '20',
      }),
      ...get('/payments', { kind: 'Deposit', status: 'Open', limit: '10' }),
      ...get('/deposit_form', { amount: '2000', storeCard: 'true' }),
      ...get('/api/address-lookup', { postcode: 'SW1A 2AA' }),
    ];
    expect(
      await expectAllRefused(context, requests, accessToken, () => ({ 'idempotency-key': key() })),
    ).toBeGreaterThan(80);
  });

  it('refuses them in every path parameter', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const requests = UNSTORABLE_SEGMENTS.flatMap((segment) => [
      { method: 'POST' as const, url: `/user/promotion_code/${segment}` },
      { method: 'DELETE' as const, url: `/responsible-gambling/delete-limit/${segment}` },
      { method: 'GET' as const, url: `/content/${segment}` },
      { method: 'GET' as const, url: `/avatars/${segment}` },
    ]);
    await expectAllRefused(context, requests, accessToken);
  });

  it('answers 400, not 500, if the database itself refuses a value the contract let through', async () => {
    const context = use();
    const app = Fastify();
    installErrorHandler(app);
    app.post<{ Body: { value: string } }>(
      '/echo',
      async (request) =>
        (await sql<{ value: string }>`SELECT ${request.body.value}::text AS value`.execute(context.database.db))
          .rows[0],
    );
    app.post<{ Body: { value: string } }>(
      '/when',
      async (request) =>
        (await sql<{ value: string }>`SELECT ${request.body.value}::timestamptz AS value`.execute(context.database.db))
          .rows[0],
    );
    app.post<{ Body: { value: string } }>(
      '/number',
      async (request) =>
        (await sql<{ value: string }>`SELECT ${request.body.value}::integer AS value`.execute(context.database.db))
          .rows[0],
    );
    try {
      for (const [url, value] of [
        ['/echo', UNSTORABLE_STRINGS[1]],
        ['/when', '5000000-01-01T00:00:00Z'],
        ['/number', 'twelve'],
      ] as const) {
        const response = await app.inject({ method: 'POST', url, payload: { value } });
        expect([url, response.statusCode, response.json()]).toEqual([
          url,
          400,
          { message: DATABASE_REFUSED_VALUE, code: 'ValidationError' },
        ]);
      }
    } finally {
      await app.close();
    }
  });
});
