import { expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { createUser, describeEachDatabase, login, type TestContext, type TestUser } from './support/harness';
import {
  LOCKED_OUT_MESSAGE,
  LOCKOUT_AFTER_FAILURES,
  RECOVERY_CODE_COUNT,
  TWO_STEP_INVALID_MESSAGE,
  TWO_STEP_REQUIRED_MESSAGE,
} from '../../src/contract/auth';
import { SecretBox } from '../../server/modules/auth/secret-box';
import { sweepBadBodies } from './support/sweep';

const codeAt = (secret: string, at: Date) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
const STEP_MS = 30_000;

async function enrol(
  context: TestContext,
  user: TestUser,
): Promise<{ token: string; secret: string; recoveryCodes: string[] }> {
  const { accessToken: token } = await login(context, user);
  const started = await context.request({ method: 'POST', url: '/auth/two-step/enrolment', token });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json() as { secret: string };
  const confirmed = await context.request({
    method: 'POST',
    url: '/auth/two-step/enrolment/confirm',
    token,
    payload: { code: codeAt(secret, context.clock.now()) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  // The enrolment's own step is spent: sign-ins below start on the next one.
  context.clock.advance(STEP_MS);
  return { token, secret, recoveryCodes: confirmed.json().recoveryCodes };
}

const signIn = (context: TestContext, user: TestUser, code?: string) =>
  context.request({
    method: 'POST',
    url: '/auth/login',
    payload: { email: user.email, password: user.password, ...(code === undefined ? {} : { code }) },
  });

describeEachDatabase('two-step sign-in (TOTP)', (use) => {
  it('enrols by QR code and a first code: the secret is sealed at rest and never shown again, recovery codes come once', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken: token } = await login(context, user);
    const { accessToken: otherSession } = await login(context, user);
    expect((await context.request({ method: 'GET', url: '/auth/two-step', token })).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });

    const started = await context.request({ method: 'POST', url: '/auth/two-step/enrolment', token });
    const enrolment = started.json() as { qrCode: string; secret: string; otpauthUri: string };
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toContain('otpauth://totp/ExSport:');
    expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
    const row = await context.database.db
      .selectFrom('two_step')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(enrolment.secret);
    expect(new SecretBox('test-jwt-secret-0123456789abcdef', 'two-step-secret').open(row.secret_sealed)).toBe(
      enrolment.secret,
    );
    expect(row.enabled_at).toBeNull();

    const wrong = await context.request({
      method: 'POST',
      url: '/auth/two-step/enrolment/confirm',
      token,
      payload: { code: '000000' === codeAt(enrolment.secret, context.clock.now()) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(
      (
        await context.request({
          method: 'POST',
          url: '/auth/two-step/enrolment/confirm',
          token,
          payload: { code: 'abc' },
        })
      ).statusCode,
    ).toBe(400);
    const confirmed = await context.request({
      method: 'POST',
      url: '/auth/two-step/enrolment/confirm',
      token,
      payload: { code: codeAt(enrolment.secret, context.clock.now()) },
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const stored = await context.database.db
      .selectFrom('two_step_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(
      stored
        .map((code) => code.code_hash)
        .some((hash) => recoveryCodes.some((code) => hash.includes(code.replace('-', '')))),
    ).toBe(false);

    // This session goes on; one signed in elsewhere with the password alone is over.
    expect((await context.request({ method: 'GET', url: '/balance', token: otherSession })).statusCode).toBe(401);
    const status = await context.request({ method: 'GET', url: '/auth/two-step', token });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    expect(status.body).not.toContain(enrolment.secret);
    // Once on, no new secret is handed out.
    expect((await context.request({ method: 'POST', url: '/auth/two-step/enrolment', token })).statusCode).toBe(409);
  });

  it('sign-in asks for the code, accepts the current one once, refuses a replay of the same step, and accepts the next step', async () => {
    const context = use();
    const user = await createUser(context);
    const { secret } = await enrol(context, user);

    const asked = await signIn(context, user);
    expect({ status: asked.statusCode, body: asked.json() }).toEqual({
      status: 401,
      body: { message: TWO_STEP_REQUIRED_MESSAGE, code: 'TwoStepRequired' },
    });
    const code = codeAt(secret, context.clock.now());
    expect((await signIn(context, user, code)).statusCode).toBe(200);
    const replay = await signIn(context, user, code);
    expect({ status: replay.statusCode, body: replay.json() }).toEqual({
      status: 401,
      body: { message: TWO_STEP_INVALID_MESSAGE, code: 'TwoStepCodeInvalid' },
    });
    context.clock.advance(STEP_MS);
    expect((await signIn(context, user, codeAt(secret, context.clock.now()))).statusCode).toBe(200);
    // A code from long ago is no code at all; the wrong password with the right code still fails as a password.
    expect(
      (await signIn(context, user, codeAt(secret, new Date(context.clock.now().getTime() - 10 * STEP_MS)))).statusCode,
    ).toBe(401);
    const wrongPassword = await context.request({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: 'Wrong12345', code: codeAt(secret, context.clock.now()) },
    });
    expect(wrongPassword.json().code).toBe('InvalidCredentials');
  });

  it('two requests with one code: exactly one signs in', async () => {
    const context = use();
    const user = await createUser(context);
    const { secret } = await enrol(context, user);
    const code = codeAt(secret, context.clock.now());
    const answers = await Promise.all([
      signIn(context, user, code),
      signIn(context, user, code),
      signIn(context, user, code),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('each recovery code works once, typed in any case with or without its hyphen', async () => {
    const context = use();
    const user = await createUser(context);
    const { recoveryCodes } = await enrol(context, user);
    const first = recoveryCodes[0]!;
    expect((await signIn(context, user, first.toLowerCase().replace('-', ' '))).statusCode).toBe(200);
    expect((await signIn(context, user, first)).statusCode).toBe(401);
    const { accessToken: token } = (await signIn(context, user, recoveryCodes[1]!)).json() as { accessToken: string };
    expect((await context.request({ method: 'GET', url: '/auth/two-step', token })).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT - 2,
    });
    // Another customer's recovery code is no use here.
    const other = await createUser(context);
    const theirs = await enrol(context, other);
    expect((await signIn(context, user, theirs.recoveryCodes[0]!)).statusCode).toBe(401);
  });

  it('wrong codes count towards the lock like wrong passwords, and the lock holds even for the right code', async () => {
    const context = use();
    const user = await createUser(context);
    const { secret } = await enrol(context, user);
    const wrong = () => {
      const right = codeAt(secret, context.clock.now());
      return right === '123456' ? '654321' : '123456';
    };
    await context.request({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: 'Wrong12345' },
    });
    for (let attempt = 2; attempt < LOCKOUT_AFTER_FAILURES; attempt++)
      expect((await signIn(context, user, wrong())).json().code).toBe('TwoStepCodeInvalid');
    const locking = await signIn(context, user, wrong());
    expect({ status: locking.statusCode, message: locking.json().message }).toEqual({
      status: 403,
      message: LOCKED_OUT_MESSAGE,
    });
    expect((await signIn(context, user, codeAt(secret, context.clock.now()))).statusCode).toBe(403);
    // A password-only try does not count: the code was simply not given yet.
    context.clock.advance(2 * 60_000);
    for (let attempt = 0; attempt < LOCKOUT_AFTER_FAILURES + 1; attempt++)
      expect((await signIn(context, user)).json().code).toBe('TwoStepRequired');
  });

  it('turning it off needs the password and a code; then sign-in needs the password only', async () => {
    const context = use();
    const user = await createUser(context);
    const { token, secret } = await enrol(context, user);
    const disable = (body: Record<string, unknown>) =>
      context.request({ method: 'POST', url: '/auth/two-step/disable', token, payload: body });
    expect((await disable({ password: 'Wrong12345', code: codeAt(secret, context.clock.now()) })).json().code).toBe(
      'WrongPassword',
    );
    expect((await disable({ password: user.password, code: '12345678' })).json().code).toBe('TwoStepCodeInvalid');
    expect((await disable({ password: user.password })).statusCode).toBe(400);
    expect((await disable({ password: user.password, code: codeAt(secret, context.clock.now()) })).statusCode).toBe(
      200,
    );
    expect((await context.request({ method: 'GET', url: '/auth/two-step', token })).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await signIn(context, user)).statusCode).toBe(200);
    expect(
      await context.database.db
        .selectFrom('two_step_recovery_codes')
        .select('code_hash')
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
  });

  it('answers every bad body on the two-step routes with a 4xx and a message, and writes nothing', async () => {
    const context = use();
    const user = await createUser(context);
    const { token } = await enrol(context, user);
    let sent = 0;
    sent += await sweepBadBodies(context, {
      method: 'POST',
      url: '/auth/login',
      validBody: { email: user.email, password: 'wrong-but-long', code: '123456' },
    });
    sent += await sweepBadBodies(context, {
      method: 'POST',
      url: '/auth/two-step/enrolment/confirm',
      validBody: { code: '123456' },
      token: () => token,
    });
    sent += await sweepBadBodies(context, {
      method: 'POST',
      url: '/auth/two-step/disable',
      validBody: { password: 'not-the-password', code: '123456' },
      token: () => token,
    });
    expect(sent).toBeGreaterThan(60);
  }, 120_000);

  it('a key sealed under another server secret fails codes cleanly (never a 500), and recovery codes still sign in', async () => {
    const context = use();
    const user = await createUser(context);
    const { secret, recoveryCodes } = await enrol(context, user);
    const foreign = new SecretBox('another-jwt-secret', 'two-step-secret').seal(secret);
    await context.database.db
      .updateTable('two_step')
      .set({ secret_sealed: foreign })
      .where('user_id', '=', user.id)
      .execute();
    expect((await signIn(context, user, codeAt(secret, context.clock.now()))).json().code).toBe('TwoStepCodeInvalid');
    expect((await signIn(context, user, recoveryCodes[0]!)).statusCode).toBe(200);
  });
});
