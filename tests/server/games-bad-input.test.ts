import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, TEST_SECRETS, type TestContext } from './support/harness';
import { debitBody, newId, openSession, walletCall, type CallOptions } from './support/games';
import { balanceOf } from './support/money';
import { rowCounts, sweepBadBodies, type SweepRoute } from './support/sweep';
import { signWalletRequest } from '../../server/platform/signing/wallet-signature';
import {
  walletCallPath,
  WALLET_SIGNATURE_HEADER,
  WALLET_SIGNATURE_SKEW_SECONDS,
  type WalletCall,
} from '../../src/contract/games';
import { WALLET_MAX_AMOUNT } from '../../src/contract/wallet-money';

/** Sends the call and expects it refused with `status` (and `code`, when given) while every table and the balance stay as they were. */
async function expectNothingMoved(
  context: TestContext,
  userId: number,
  call: WalletCall,
  body: unknown,
  status: number,
  code: string | undefined,
  options?: CallOptions,
) {
  const before = { rows: await rowCounts(context), balance: await balanceOf(context, userId) };
  const response = await walletCall(context, call, body, options);
  const described = `${call} ${typeof body === 'string' ? body : JSON.stringify(body)} answered ${response.statusCode} ${response.body}`;
  expect(response.statusCode, described).toBe(status);
  expect(typeof response.json().message, described).toBe('string');
  if (code) expect(response.json().code, described).toBe(code);
  expect({ rows: await rowCounts(context), balance: await balanceOf(context, userId) }, described).toEqual(before);
}

describeEachDatabase('games: bad input to the wallet API', (use) => {
  it('refuses a missing, wrong, tampered, malformed or stale signature with 401 BadSignature, moving nothing', async () => {
    const context = use();
    const user = await createUser(context, { balance: 1_000 });
    const session = await openSession(context, user);
    const body = debitBody(session, 100);
    const raw = JSON.stringify(body);
    const now = context.clock.now();
    const path = walletCallPath('debit');
    const good = signWalletRequest(TEST_SECRETS.sportsbookSecret, 'POST', path, raw, now);
    const skew = WALLET_SIGNATURE_SKEW_SECONDS * 1000;
    const signatures: Array<[string, string | null, Date?]> = [
      ['missing', null],
      ['empty', ''],
      ['another secret', signWalletRequest(TEST_SECRETS.providerSecret, 'POST', path, raw, now)],
      [
        'another body',
        signWalletRequest(TEST_SECRETS.sportsbookSecret, 'POST', path, JSON.stringify({ ...body, amount: 1 }), now),
      ],
      ['another path', signWalletRequest(TEST_SECRETS.sportsbookSecret, 'POST', walletCallPath('credit'), raw, now)],
      ['another method', signWalletRequest(TEST_SECRETS.sportsbookSecret, 'PUT', path, raw, now)],
      ['no timestamp', good.replace(/^t=\d+,/, '')],
      ['no mac', good.replace(/,v1=.*$/, '')],
      ['letters for a timestamp', good.replace(/^t=\d+/, 't=abc')],
      ['garbage', 'hello'],
      ['upper-case hex of another length', `${good}AB`],
      ['timestamp moved', good.replace(/^t=(\d+)/, (_match, t: string) => `t=${Number(t) + 1}`)],
      [
        'stale',
        signWalletRequest(TEST_SECRETS.sportsbookSecret, 'POST', path, raw, new Date(now.getTime() - skew - 1000)),
      ],
      [
        'from the future',
        signWalletRequest(TEST_SECRETS.sportsbookSecret, 'POST', path, raw, new Date(now.getTime() + skew + 1000)),
      ],
    ];
    for (const [label, signature] of signatures) {
      const before = { rows: await rowCounts(context), balance: await balanceOf(context, user.id) };
      const response = await walletCall(context, 'debit', raw, { signature });
      expect(response.statusCode, label).toBe(401);
      expect(response.json().code, label).toBe('BadSignature');
      expect({ rows: await rowCounts(context), balance: await balanceOf(context, user.id) }, label).toEqual(before);
    }
    for (const call of ['authenticate', 'balance', 'credit', 'rollback'] as const) {
      expect((await walletCall(context, call, '{}', { signature: null })).json().code, call).toBe('BadSignature');
    }
    // Within the allowed skew the same call is taken.
    const accepted = await walletCall(context, 'debit', raw, { at: new Date(now.getTime() - skew + 1000) });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses malformed JSON and bodies of the wrong shape with 400, moving nothing', async () => {
    const context = use();
    const user = await createUser(context, { balance: 1_000 });
    const session = await openSession(context, user);
    const valid = () => debitBody(session, 100);
    await expectNothingMoved(context, user.id, 'debit', '{"transactionId": ', 400, undefined);
    await expectNothingMoved(context, user.id, 'debit', '', 400, undefined);
    await expectNothingMoved(context, user.id, 'debit', '[]', 400, undefined);
    const amounts: unknown[] = [
      -1,
      0,
      1.5,
      0.01,
      WALLET_MAX_AMOUNT + 1,
      Number.MAX_SAFE_INTEGER,
      1e300,
      '100',
      null,
      true,
    ];
    for (const amount of amounts)
      await expectNothingMoved(context, user.id, 'debit', { ...valid(), amount }, 400, 'ValidationError');
    const { amount: _amount, ...withoutAmount } = valid();
    await expectNothingMoved(context, user.id, 'debit', withoutAmount, 400, 'ValidationError');
    for (const amount of [-1, 1.5, WALLET_MAX_AMOUNT + 1, '0']) {
      await expectNothingMoved(
        context,
        user.id,
        'credit',
        { transactionId: newId('tx'), betId: newId('bet'), playerId: user.id, amount, closesBet: true },
        400,
        'ValidationError',
      );
    }
    await expectNothingMoved(
      context,
      user.id,
      'credit',
      { transactionId: newId('tx'), betId: newId('bet'), playerId: user.id, amount: 0 },
      400,
      'ValidationError',
    );
    for (const transactionId of ['', 'has space', 'slash/in', 'x'.repeat(101), 'ünïcode', 42]) {
      await expectNothingMoved(context, user.id, 'debit', { ...valid(), transactionId }, 400, 'ValidationError');
    }
    for (const playerId of [0, -5, 1.5, String(user.id), 2_147_483_648]) {
      await expectNothingMoved(context, user.id, 'debit', { ...valid(), playerId }, 400, 'ValidationError');
    }
    for (const description of ['x'.repeat(201), 'line\nbreak', 'tab\there', 7]) {
      await expectNothingMoved(context, user.id, 'debit', { ...valid(), description }, 400, 'ValidationError');
    }
    await expectNothingMoved(context, user.id, 'debit', { ...valid(), extra: 'field' }, 400, 'ValidationError');
    await expectNothingMoved(
      context,
      user.id,
      'rollback',
      { transactionId: newId('tx'), betId: newId('bet'), playerId: user.id },
      400,
      'ValidationError',
    );
    // The largest amount is well-formed: refused for the money, not the shape.
    await expectNothingMoved(
      context,
      user.id,
      'debit',
      { ...valid(), amount: WALLET_MAX_AMOUNT },
      422,
      'InsufficientFunds',
    );
  });

  it('answers every bad body to every wallet call with a 4xx and a message, and writes nothing', async () => {
    const context = use();
    const broke = await createUser(context, { balance: 0 });
    const session = await openSession(context, broke);
    const signedFor = (url: string) => (payload: string) => ({
      [WALLET_SIGNATURE_HEADER]: signWalletRequest(
        TEST_SECRETS.sportsbookSecret,
        'POST',
        url,
        payload,
        context.clock.now(),
      ),
    });
    // Each valid body is refused for a rule (no funds, unknown bet or player, bad token), so no variant of it can move money.
    const routes: SweepRoute[] = [
      {
        method: 'POST',
        url: walletCallPath('authenticate'),
        validBody: { token: 'not-a-launch-token' },
        signedHeaders: signedFor(walletCallPath('authenticate')),
      },
      {
        method: 'POST',
        url: walletCallPath('balance'),
        validBody: { playerId: broke.id, sessionId: 'not-a-session' },
        signedHeaders: signedFor(walletCallPath('balance')),
      },
      {
        method: 'POST',
        url: walletCallPath('debit'),
        validBody: { ...debitBody(session, 100), description: 'Single' },
        signedHeaders: signedFor(walletCallPath('debit')),
      },
      {
        method: 'POST',
        url: walletCallPath('credit'),
        validBody: {
          transactionId: newId('tx'),
          betId: newId('bet'),
          playerId: broke.id,
          amount: 100,
          closesBet: true,
          description: 'Won',
        },
        signedHeaders: signedFor(walletCallPath('credit')),
      },
      {
        method: 'POST',
        url: walletCallPath('rollback'),
        validBody: {
          transactionId: newId('tx'),
          originalTransactionId: newId('tx'),
          betId: newId('bet'),
          playerId: 2_000_000_002,
        },
        signedHeaders: signedFor(walletCallPath('rollback')),
      },
    ];
    let sent = 0;
    for (const route of routes) sent += await sweepBadBodies(context, route);
    expect(sent).toBeGreaterThan(200);
    expect(await balanceOf(context, broke.id)).toBe(0);
  }, 120_000);
});
