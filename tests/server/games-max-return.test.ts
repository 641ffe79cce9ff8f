import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, TEST_SECRETS, type TestContext } from './support/harness';
import { creditBody, openSession, placeBet, walletBatch, walletCall, newId } from './support/games';
import { balanceOf } from './support/money';
import { rowCounts } from './support/sweep';
import { signWalletRequest } from '../../server/platform/signing/wallet-signature';
import { walletCallPath, WALLET_SIGNATURE_HEADER } from '../../src/contract/games';

/** Issue 23, item 4: the PAM believes no credit beyond what the bet's debit said it can return. */
describeEachDatabase('the wallet bounds every bet by its maximum return', (use) => {
  async function customer(context: TestContext, balance = 10_000) {
    const user = await createUser(context, { balance });
    return { user, session: await openSession(context, user) };
  }
  const betRow = (context: TestContext, betId: string) =>
    context.database.db
      .selectFrom('bets')
      .select(['returned', 'max_return', 'status'])
      .where('bet_id', '=', betId)
      .executeTakeFirstOrThrow();
  const snapshot = async (context: TestContext, userId: number) => ({
    rows: await rowCounts(context),
    balance: await balanceOf(context, userId),
  });

  it('a credit that would take the bet past its maximum return is refused 422 CreditExceedsMaxReturn and moves nothing', async () => {
    const context = use();
    const { user, session } = await customer(context);
    const bet = await placeBet(context, session, 500, { maxReturn: 1_100 });
    expect(await betRow(context, bet.betId)).toEqual({ returned: 0, max_return: 1_100, status: 'open' });
    // The audit's forged pair: two signed credits adding £10,009,999,996 to a £5 bet whose potential returns were £11.
    const before = await snapshot(context, user.id);
    for (const amount of [10_000_000_000, 990_999_999_600]) {
      const refused = await walletCall(context, 'credit', creditBody(user.id, bet.betId, amount, false));
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        code: 'CreditExceedsMaxReturn',
        message: 'This credit would pay more than the bet can return',
      });
    }
    expect(await snapshot(context, user.id)).toEqual(before);

    // Within it, in parts: a partial cash out, then the rest up to the maximum exactly; a penny more is refused.
    expect((await walletCall(context, 'credit', creditBody(user.id, bet.betId, 400, false))).statusCode).toBe(200);
    const over = await walletCall(context, 'credit', creditBody(user.id, bet.betId, 701, true));
    expect(over.json().code).toBe('CreditExceedsMaxReturn');
    expect((await walletCall(context, 'credit', creditBody(user.id, bet.betId, 700, true))).statusCode).toBe(200);
    expect(await betRow(context, bet.betId)).toEqual({ returned: 1_100, max_return: 1_100, status: 'closed' });
    expect(await balanceOf(context, user.id)).toBe(10_000 - 500 + 1_100);
  });

  it('a batch of credits refuses the one past its maximum and pays the rest', async () => {
    const context = use();
    const { user, session } = await customer(context);
    const small = await placeBet(context, session, 100, { maxReturn: 300 });
    const large = await placeBet(context, session, 100, { maxReturn: 300 });
    const credits = [creditBody(user.id, small.betId, 300), creditBody(user.id, large.betId, 301)];
    const answer = await walletBatch(context, 'credits', { credits });
    expect(answer.statusCode, answer.body).toBe(200);
    const [paid, refused] = answer.json().results;
    expect(paid).toMatchObject({ transactionId: credits[0]!.transactionId, answer: { balance: 10_000 - 200 + 300 } });
    expect(refused).toEqual({
      transactionId: credits[1]!.transactionId,
      error: { status: 422, code: 'CreditExceedsMaxReturn', message: expect.any(String) },
    });
    expect(await betRow(context, large.betId)).toEqual({ returned: 0, max_return: 300, status: 'open' });
  });

  it('two credits racing on one bet cannot both pass its maximum', async () => {
    const context = use();
    const { user, session } = await customer(context);
    const bet = await placeBet(context, session, 100, { maxReturn: 500 });
    const answers = await Promise.all(
      [300, 300].map((amount) => walletCall(context, 'credit', creditBody(user.id, bet.betId, amount, false))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)!.json().code).toBe('CreditExceedsMaxReturn');
    expect(await betRow(context, bet.betId)).toMatchObject({ returned: 300 });
  });

  it('a debit without its maximum return, or a cash stake bounded below its amount, is refused 400 and moves nothing', async () => {
    const context = use();
    const { user, session } = await customer(context);
    const before = await snapshot(context, user.id);
    const body = {
      transactionId: newId('tx'),
      betId: newId('bet'),
      playerId: session.playerId,
      sessionId: session.sessionId,
      amount: 500,
    };
    for (const debit of [body, { ...body, maxReturn: 499 }, { ...body, maxReturn: -1 }, { ...body, maxReturn: 1.5 }]) {
      const refused = await walletCall(context, 'debit', debit);
      expect(refused.statusCode, JSON.stringify(debit)).toBe(400);
    }
    expect(await snapshot(context, user.id)).toEqual(before);
  });

  it('a signature made for one call is refused on another: it covers the method and path, not only the body', async () => {
    const context = use();
    const { session } = await customer(context);
    const raw = JSON.stringify({ playerId: session.playerId, sessionId: session.sessionId });
    const now = context.clock.now();
    const forBalance = signWalletRequest(TEST_SECRETS.sportsbookSecret, 'POST', walletCallPath('balance'), raw, now);
    const send = (call: 'balance' | 'free-bets') =>
      context.request({
        method: 'POST',
        url: walletCallPath(call),
        payload: raw,
        headers: { 'content-type': 'application/json', [WALLET_SIGNATURE_HEADER]: forBalance },
      });
    expect((await send('balance')).statusCode).toBe(200);
    const replayed = await send('free-bets');
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().code).toBe('BadSignature');
  });
});
