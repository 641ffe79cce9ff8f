import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createUser, describeEachDatabase, login, operator, TEST_CONFIG, type TestContext } from './support/harness';
import { deposit, SwitchableBureau } from './support/harm';
import { balanceOf } from './support/money';
import { buildProvidersServer } from '../../server/providers/server';
import { CREDIT_REFERENCE_SANDBOX_PATH, sandboxPublicRecords } from '../../server/providers/credit-reference/sandbox';
import { CreditReferenceUnavailableError } from '../../server/providers/credit-reference/provider';
import { creditReferenceProviderFromEnv } from '../../server/providers/credit-reference';
import { CreditReferenceApiProvider } from '../../server/providers/credit-reference/bureau-api';
import { DAY, MINUTE } from '../../server/platform/clock';

const bureau = new SwitchableBureau();
let providers: FastifyInstance;
let sandboxUrl = '';

beforeAll(async () => {
  await bureau.startFaulty();
  providers = await buildProvidersServer({ config: { ...TEST_CONFIG, providersPort: 0, host: '127.0.0.1' } });
  sandboxUrl = `${await providers.listen({ port: 0, host: '127.0.0.1' })}${CREDIT_REFERENCE_SANDBOX_PATH}`;
});
afterAll(async () => {
  await bureau.stop();
  await providers?.close();
});

const person = { firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1990-04-15', postcode: 'SW1A 2AA' };

describe('the credit-reference adapter against the sandbox bureau on the providers origin', () => {
  const provider = () => new CreditReferenceApiProvider({ url: sandboxUrl, apiKey: 'k' });

  it('answers by last name: Bankrupt, Insolvent and Judgment have a public record each, anyone else is clear', async () => {
    expect(await provider().check(person)).toEqual({
      publicRecords: [],
      reference: expect.stringMatching(/^sandbox-/),
    });
    expect((await provider().check({ ...person, lastName: 'Bankrupt' })).publicRecords).toEqual(['bankruptcy']);
    expect((await provider().check({ ...person, lastName: 'insolvent' })).publicRecords).toEqual(['insolvency']);
    expect((await provider().check({ ...person, lastName: 'Judgment' })).publicRecords).toEqual(['judgment']);
    expect(sandboxPublicRecords('Bankruptcy')).toEqual([]);
  });

  it('turns an error status, nonsense, an unknown kind of record and an unreachable bureau into CreditReferenceUnavailableError', async () => {
    for (const fault of ['error', 'nonsense', 'bad-kind'] as const) {
      bureau.fault = fault;
      await expect(
        new CreditReferenceApiProvider({ url: bureau.faultyUrl, apiKey: 'k' }).check(person),
        fault,
      ).rejects.toBeInstanceOf(CreditReferenceUnavailableError);
    }
    await expect(
      new CreditReferenceApiProvider({ url: 'http://127.0.0.1:9/x', apiKey: 'k' }).check(person),
    ).rejects.toBeInstanceOf(CreditReferenceUnavailableError);
  });

  it('the sandbox refuses a request without a last name with a 400', async () => {
    const response = await fetch(sandboxUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Jane' }),
    });
    expect(response.status).toBe(400);
  });

  it('the environment picks a real bureau only with both settings', () => {
    expect(() => creditReferenceProviderFromEnv({ CREDIT_REFERENCE_API_URL: 'http://x' }, 'http://p')).toThrow(
      /CREDIT_REFERENCE_API_KEY/,
    );
    expect(creditReferenceProviderFromEnv({}, 'http://p')).toBeInstanceOf(CreditReferenceApiProvider);
  });
});

const checksOf = (context: TestContext, userId: number) =>
  context.database.db
    .selectFrom('credit_reference_checks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

const attemptsOf = (context: TestContext, checkId: number) =>
  context.database.db
    .selectFrom('credit_reference_attempts')
    .selectAll()
    .where('check_id', '=', checkId)
    .orderBy('id')
    .execute();

async function customer(context: TestContext, lastName = 'Customer') {
  const user = await createUser(context);
  await context.database.db.updateTable('users').set({ last_name: lastName }).where('id', '=', user.id).execute();
  return { user, token: (await login(context, user)).accessToken };
}

describeEachDatabase(
  'financial vulnerability checks (SR 3.4.4)',
  (use) => {
    beforeEach(() => {
      bureau.url = sandboxUrl;
    });

    it('opens a check when 30-day net deposits reach £150, not at £149.99, and not twice in the same 30 days', async () => {
      const context = use();
      const { user } = await customer(context);
      await deposit(context, user, 9_999);
      await deposit(context, user, 5_000);
      expect(await checksOf(context, user.id)).toEqual([]);
      const exactly = await customer(context);
      await deposit(context, exactly.user, 10_000);
      await deposit(context, exactly.user, 5_000);
      expect(await checksOf(context, exactly.user.id)).toMatchObject([{ net_deposits: 15_000 }]);
      await deposit(context, user, 500);
      const [check] = await checksOf(context, user.id);
      expect(check).toMatchObject({ status: 'clear', net_deposits: 15_499, public_records: [], attempts: 1 });
      expect((await attemptsOf(context, check!.id)).map((attempt) => attempt.outcome)).toEqual(['clear']);
      context.clock.advance(20 * DAY);
      await deposit(context, user, 20_000);
      expect(await checksOf(context, user.id)).toHaveLength(1);
      // Thirty days after the first check, a window that reaches £150 again is checked again.
      context.clock.advance(11 * DAY);
      await deposit(context, user, 500);
      expect(await checksOf(context, user.id)).toHaveLength(2);
    });

    it('counts a rolling 30 days: a deposit 31 days old no longer counts', async () => {
      const context = use();
      const { user } = await customer(context);
      await deposit(context, user, 10_000);
      context.clock.advance(31 * DAY);
      await deposit(context, user, 5_000);
      expect(await checksOf(context, user.id)).toEqual([]);
      await deposit(context, user, 10_000);
      expect(await checksOf(context, user.id)).toHaveLength(1);
    });

    it('a public record opens an interaction: a marker, marketing stopped, the account queued for review', async () => {
      const context = use();
      const { user, token } = await customer(context, 'Bankrupt');
      await deposit(context, user, 15_000);
      expect(await checksOf(context, user.id)).toMatchObject([{ status: 'hit', public_records: ['bankruptcy'] }]);
      const message = await context.request({ method: 'GET', url: '/responsible-gambling/interaction', token });
      expect(message.json()).toEqual({
        markers: [{ id: expect.any(Number), kind: 'financial-vulnerability', observedAt: expect.any(String) }],
      });
      const row = await context.database.db
        .selectFrom('users')
        .select('marketing_suppressed')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.marketing_suppressed).toBe(true);
      const queued = (await operator(context, 'interactions')).json().result as Array<{
        userId: number;
        reason: string;
      }>;
      expect(queued.find((review) => review.userId === user.id)?.reason).toMatch(/financial vulnerability/);
      expect(await balanceOf(context, user.id)).toBe(15_000);
      // A hit whose marker was not written (the process stopped in between) gets it at the next round.
      await context.database.db.deleteFrom('harm_markers').where('user_id', '=', user.id).execute();
      await context.services.creditChecks.runDue();
      expect(
        (
          await context.database.db.selectFrom('harm_markers').select('kind').where('user_id', '=', user.id).execute()
        ).map((row) => row.kind),
      ).toEqual(['financial-vulnerability']);
    });

    it('a bureau down or answering nonsense never holds the deposit up: the check stays pending, each failure recorded, and is retried until answered', async () => {
      const context = use();
      const { user } = await customer(context, 'Judgment');
      bureau.url = 'http://127.0.0.1:9/nothing-listens';
      await deposit(context, user, 15_000);
      expect(await balanceOf(context, user.id)).toBe(15_000);
      const [pending] = await checksOf(context, user.id);
      expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
      // Not due again until its backoff has passed.
      expect(await context.services.creditChecks.runDue()).toBe(0);
      expect(await attemptsOf(context, pending!.id)).toHaveLength(1);
      bureau.url = bureau.faultyUrl;
      bureau.fault = 'nonsense';
      context.clock.advance(MINUTE);
      await context.services.creditChecks.runDue();
      bureau.fault = 'error';
      context.clock.advance(2 * MINUTE);
      await context.services.creditChecks.runDue();
      expect((await checksOf(context, user.id))[0]).toMatchObject({ status: 'pending', attempts: 3 });
      bureau.url = sandboxUrl;
      context.clock.advance(4 * MINUTE);
      expect(await context.services.creditChecks.runDue()).toBe(1);
      expect((await checksOf(context, user.id))[0]).toMatchObject({ status: 'hit', public_records: ['judgment'] });
      const attempts = await attemptsOf(context, pending!.id);
      expect(attempts.map((attempt) => attempt.outcome)).toEqual(['failed', 'failed', 'failed', 'hit']);
      expect(attempts[0]!.detail).toMatch(/unreachable/);
      expect(attempts[1]!.detail).toMatch(/nonsense/);
      expect(attempts[2]!.detail).toMatch(/503/);
      const listed = (await operator(context, 'credit-checks', '5')).json().result as Array<{ userId: number }>;
      expect(listed.some((check) => check.userId === user.id)).toBe(true);
      expect((await operator(context, 'credit-checks', 'many')).statusCode).toBe(400);
    });
  },
  { creditReferenceProvider: bureau },
);
