import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, describeEachDatabase, login, operator, type TestContext, type TestUser } from './support/harness';
import { registrationPayload, register } from './support/registration';
import { FakeGamstop } from './support/fake-gamstop';
import { openSession, walletCall, debitBody } from './support/games';
import { GamstopApiProvider } from '../../server/providers/gamstop/gamstop-api';
import { SandboxGamstopProvider } from '../../server/providers/gamstop/sandbox';
import { GamstopUnavailableError } from '../../server/providers/gamstop/provider';
import { gamstopProviderFromEnv } from '../../server/providers/gamstop';
import { GAMSTOP_REGISTRATION_REFUSED, GAMSTOP_ACCOUNT_CLOSED, GAMSTOP_UNAVAILABLE } from '../../src/contract/gamstop';
import { DAY, HOUR } from '../../server/platform/clock';

const fake = new FakeGamstop();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => {
  fake.mode = 'answer';
});

const person = {
  firstName: 'Jane',
  lastName: 'Smith',
  dateOfBirth: '1990-04-15',
  email: 'jane@example.com',
  postcode: 'SW1A2AA',
  mobile: '+447700900123',
};

describe('the GAMSTOP adapter against a fake GAMSTOP', () => {
  const provider = () => new GamstopApiProvider({ url: fake.url, apiKey: 'operator-key-1', timeoutMs: 4000 });

  it('posts the six fields as a form with the API key and reads Y, P and N from X-Exclusion with X-Unique-Id', async () => {
    expect(await provider().check(person)).toEqual({ exclusion: 'N', uniqueId: expect.stringMatching(/^fake-/) });
    expect(fake.requests.at(-1)).toEqual({
      apiKey: 'operator-key-1',
      contentType: 'application/x-www-form-urlencoded',
      form: person,
    });
    expect((await provider().check({ ...person, lastName: 'Excluded' })).exclusion).toBe('Y');
    expect((await provider().check({ ...person, lastName: 'Lapsed' })).exclusion).toBe('P');
  });

  it('turns an error status, a nonsense answer, a timeout and an unreachable address into GamstopUnavailableError', async () => {
    for (const mode of ['error', 'nonsense', 'slow'] as const) {
      fake.mode = mode;
      await expect(provider().check(person), mode).rejects.toBeInstanceOf(GamstopUnavailableError);
    }
    await expect(
      new GamstopApiProvider({ url: 'http://127.0.0.1:9/v2', apiKey: 'k', timeoutMs: 4000 }).check(person),
    ).rejects.toBeInstanceOf(GamstopUnavailableError);
  });

  it('sends once more when a kept-alive connection fails at once, and no more than that', async () => {
    let calls = 0;
    const flaky = (async (...args: Parameters<typeof fetch>) =>
      ++calls === 1 ? Promise.reject(new TypeError('other side closed')) : fetch(...args)) as typeof fetch;
    expect((await new GamstopApiProvider({ url: fake.url, apiKey: 'k', fetch: flaky }).check(person)).exclusion).toBe(
      'N',
    );
    expect(calls).toBe(2);
    let refused = 0;
    const dead = (async () => {
      refused++;
      throw new TypeError('connect ECONNREFUSED');
    }) as typeof fetch;
    await expect(
      new GamstopApiProvider({ url: fake.url, apiKey: 'k', fetch: dead }).check(person),
    ).rejects.toBeInstanceOf(GamstopUnavailableError);
    expect(refused).toBe(2);
  });

  it('the sandbox answers Y for Excluded, P for Lapsed, N otherwise; the environment picks the adapter only with both settings', async () => {
    const sandbox = new SandboxGamstopProvider();
    expect((await sandbox.check({ ...person, lastName: 'Excluded' })).exclusion).toBe('Y');
    expect((await sandbox.check({ ...person, lastName: 'lapsed' })).exclusion).toBe('P');
    expect((await sandbox.check(person)).exclusion).toBe('N');
    expect(gamstopProviderFromEnv({})).toBeInstanceOf(SandboxGamstopProvider);
    expect(gamstopProviderFromEnv({ GAMSTOP_API_URL: fake.url, GAMSTOP_API_KEY: 'k' })).toBeInstanceOf(
      GamstopApiProvider,
    );
    expect(() => gamstopProviderFromEnv({ GAMSTOP_API_KEY: 'k' })).toThrow(/GAMSTOP_API_URL/);
  });
});

const checksFor = (context: TestContext, userId: number | null) =>
  context.database.db
    .selectFrom('gamstop_checks')
    .selectAll()
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .orderBy('id')
    .execute();

const countRows = async (context: TestContext, table: 'users' | 'gamstop_checks' | 'wallets' | 'identity_checks') =>
  Number(
    (
      await context.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

async function customerNamed(
  context: TestContext,
  lastName: string,
  overrides: { balance?: number } = {},
): Promise<TestUser> {
  const user = await createUser(context, overrides);
  await context.database.db
    .updateTable('users')
    .set({ last_name: lastName, marketing_email: true, marketing_sms: true })
    .where('id', '=', user.id)
    .execute();
  return user;
}

const attemptLogin = (context: TestContext, user: TestUser) =>
  context.request({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } });

describeEachDatabase(
  'GAMSTOP at registration, sign-in and deposit',
  (use) => {
    it('registration: N and P open the account with the check linked to it; Y refuses kindly and keeps only the fact of the attempt', async () => {
      const context = use();
      for (const lastName of ['Smith', 'Lapsed']) {
        const body = registrationPayload({ lastName });
        expect((await register(context, body)).statusCode, lastName).toBe(200);
        const user = await context.database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', body.email)
          .executeTakeFirstOrThrow();
        expect((await checksFor(context, user.id)).map((check) => [check.occasion, check.outcome])).toEqual([
          ['registration', lastName === 'Lapsed' ? 'P' : 'N'],
        ]);
      }

      const before = {
        users: await countRows(context, 'users'),
        wallets: await countRows(context, 'wallets'),
        checks: await countRows(context, 'identity_checks'),
      };
      const anonymousBefore = (await checksFor(context, null)).length;
      const body = registrationPayload({ lastName: 'Excluded' });
      const refused = await register(context, body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: GAMSTOP_REGISTRATION_REFUSED, code: 'GamstopExcluded' });
      expect(GAMSTOP_REGISTRATION_REFUSED).toMatch(/GAMSTOP/);
      expect(GAMSTOP_REGISTRATION_REFUSED).toMatch(/0808 8020 133/);
      expect({
        users: await countRows(context, 'users'),
        wallets: await countRows(context, 'wallets'),
        checks: await countRows(context, 'identity_checks'),
      }).toEqual(before);
      const anonymous = await checksFor(context, null);
      expect(anonymous).toHaveLength(anonymousBefore + 1);
      // Nothing personal in the record of the refusal: no name, e-mail, postcode or phone anywhere in it.
      const record = JSON.stringify(anonymous.at(-1));
      expect(anonymous.at(-1)).toMatchObject({ occasion: 'registration', outcome: 'Y', user_id: null });
      for (const value of [body.email, 'Excluded', body.phone, '1990-04-15']) expect(record).not.toContain(value);
    });

    it('registration waits, says so and stores no account while GAMSTOP is down or answers nonsense', async () => {
      const context = use();
      for (const mode of ['error', 'nonsense', 'slow'] as const) {
        fake.mode = mode;
        const before = await countRows(context, 'users');
        const body = registrationPayload();
        const response = await register(context, body);
        expect({ status: response.statusCode, body: response.json() }, mode).toEqual({
          status: 503,
          body: { message: GAMSTOP_UNAVAILABLE, code: 'GamstopUnavailable' },
        });
        expect(await countRows(context, 'users'), mode).toBe(before);
        expect((await checksFor(context, null)).at(-1), mode).toMatchObject({
          occasion: 'registration',
          outcome: 'unavailable',
          detail: expect.any(String),
        });
      }
    });

    it('sign-in: a Y signs nobody in and blocks the account at once (sessions, bets, deposits, marketing); P or N later lifts the block', async () => {
      const context = use();
      const user = await customerNamed(context, 'Smith', { balance: 5000 });
      const session = await openSession(context, user);
      await context.database.db.updateTable('users').set({ last_name: 'Excluded' }).where('id', '=', user.id).execute();

      const refused = await attemptLogin(context, user);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: GAMSTOP_ACCOUNT_CLOSED, code: 'AccountExcluded' });
      const row = await context.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        exclusion_kind: 'self-exclusion',
        exclusion_permanent: true,
        exclusion_by_gamstop: true,
        marketing_email: false,
        marketing_phone: false,
        marketing_sms: false,
      });
      // The session opened before the check is over, and the sportsbook's debit is refused.
      expect((await context.request({ method: 'GET', url: '/balance', token: session.accessToken })).statusCode).toBe(
        401,
      );
      const debit = await walletCall(context, 'debit', debitBody(session, 100));
      expect(debit.json().code).toBe('PlayerBlocked');
      expect((await checksFor(context, user.id)).map((check) => [check.occasion, check.outcome])).toEqual([
        ['sign-in', 'N'],
        ['sign-in', 'Y'],
      ]);

      // Still excluded at GAMSTOP: still refused with the same words, not the permanent self-exclusion's.
      expect((await attemptLogin(context, user)).json().message).toBe(GAMSTOP_ACCOUNT_CLOSED);

      await context.database.db.updateTable('users').set({ last_name: 'Lapsed' }).where('id', '=', user.id).execute();
      expect((await attemptLogin(context, user)).statusCode).toBe(200);
      const lifted = await context.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(lifted).toMatchObject({
        exclusion_kind: null,
        exclusion_permanent: false,
        exclusion_by_gamstop: false,
        marketing_email: false,
      });
    });

    it('sign-in with GAMSTOP down: a clear answer from the last day stands, otherwise the sign-in waits and says so', async () => {
      const context = use();
      const user = await customerNamed(context, 'Smith');
      await login(context, user);
      fake.mode = 'nonsense';
      expect((await attemptLogin(context, user)).statusCode).toBe(200);
      context.clock.advance(DAY + HOUR);
      const waiting = await attemptLogin(context, user);
      expect({ status: waiting.statusCode, body: waiting.json() }).toEqual({
        status: 503,
        body: { message: GAMSTOP_UNAVAILABLE, code: 'GamstopUnavailable' },
      });
      const never = await customerNamed(context, 'Smith');
      expect((await attemptLogin(context, never)).statusCode).toBe(503);
      const attempt = await context.database.db
        .selectFrom('login_attempts')
        .select(['succeeded', 'reason'])
        .where('user_id', '=', never.id)
        .executeTakeFirstOrThrow();
      expect(attempt).toEqual({ succeeded: false, reason: 'GAMSTOP unavailable' });
    });

    it('deposit: no new check within a day of the last; after a day it asks again, and Y or no answer stops the deposit', async () => {
      const context = use();
      const user = await customerNamed(context, 'Smith');
      const { accessToken: token } = await login(context, user);
      const deposit = () => context.request({ method: 'GET', url: '/deposit_form?amount=2000', token });
      expect((await deposit()).statusCode).toBe(200);
      expect((await checksFor(context, user.id)).map((check) => check.occasion)).toEqual(['sign-in']);

      // The last answer grows a day old (moved back, so the access token stays valid).
      const ageChecks = () =>
        sql`UPDATE gamstop_checks SET created_at = ${new Date(context.clock.now().getTime() - DAY - HOUR)} WHERE user_id = ${user.id}`.execute(
          context.database.db,
        );
      await ageChecks();
      fake.mode = 'error';
      const waiting = await deposit();
      expect({ status: waiting.statusCode, body: waiting.json() }).toEqual({
        status: 503,
        body: { message: GAMSTOP_UNAVAILABLE, code: 'GamstopUnavailable' },
      });
      const refusedJs = await context.request({
        method: 'POST',
        url: '/deposit_js',
        token,
        payload: { amount: 2000 },
        headers: { 'idempotency-key': 'k-gamstop-1' },
      });
      expect(refusedJs.statusCode).toBe(503);

      fake.mode = 'answer';
      expect((await deposit()).statusCode).toBe(200);
      expect((await checksFor(context, user.id)).map((check) => [check.occasion, check.outcome])).toEqual([
        ['sign-in', 'N'],
        ['deposit', 'unavailable'],
        ['deposit', 'unavailable'],
        ['deposit', 'N'],
      ]);

      await ageChecks();
      await context.database.db.updateTable('users').set({ last_name: 'Excluded' }).where('id', '=', user.id).execute();
      const refused = await deposit();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('GamstopExcluded');
      expect(
        (
          await context.database.db
            .selectFrom('users')
            .select('exclusion_by_gamstop')
            .where('id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).exclusion_by_gamstop,
      ).toBe(true);
      expect((await deposit()).statusCode).toBe(401);
    });

    it('lists every check and its answer for the operator, newest first', async () => {
      const context = use();
      const user = await customerNamed(context, 'Lapsed');
      await login(context, user);
      const listed = await operator(context, 'gamstop-checks', '5');
      expect(listed.statusCode).toBe(200);
      const checks = listed.json().result as Array<Record<string, unknown>>;
      expect(checks.length).toBeLessThanOrEqual(5);
      expect(checks[0]).toMatchObject({
        occasion: 'sign-in',
        outcome: 'P',
        userId: user.id,
        email: user.email,
        uniqueId: expect.stringMatching(/^fake-/),
      });
      expect((await operator(context, 'gamstop-checks', 'many')).statusCode).toBe(400);
    });
  },
  // The real adapter, against the fake GAMSTOP (its address is known once it listens).
  {
    gamstopProvider: {
      check: (someone) =>
        new GamstopApiProvider({ url: fake.url, apiKey: 'operator-key-1', timeoutMs: 4000 }).check(someone),
    },
  },
);
