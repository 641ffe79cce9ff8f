import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, type TestContext } from './support/harness';
import { creditBody, openSession, placeBet, settleBet, walletBatch, walletCall } from './support/games';
import { balanceOf, invariantMismatches, runningBalanceMismatches } from './support/money';
import { rowCounts } from './support/sweep';
import { CREDIT_BATCH_MAX, WALLET_ERROR_STATUS, type WalletBatchOutcome } from '../../src/contract/games';

/** POST /games/iqs/wallet/credits, signed as the sportsbook signs. */
const creditBatch = (context: TestContext, body: unknown, secret?: string) =>
  walletBatch(context, 'credits', body, { secret });

async function punterWithBets(context: TestContext, balance: number, stakes: number[]) {
  const user = await createUser(context, { balance });
  const session = await openSession(context, user);
  const bets = [];
  for (const stake of stakes) bets.push(await placeBet(context, session, stake));
  return { user, bets };
}

async function ledgerOf(context: TestContext) {
  return context.database.db
    .selectFrom('transactions')
    .select(['user_id', 'kind', 'amount', 'bet_id', 'iqs_transaction_id', 'balance_out'])
    .where('kind', '=', 'Returns')
    .orderBy('id')
    .execute();
}

describeEachDatabase('games: credits in one batched call', (use) => {
  it('pays every credit once, in order, with the balance after each; sent again it answers the same and pays nothing more', async () => {
    const context = use();
    const ann = await punterWithBets(context, 10_000, [100, 200, 300]);
    const bob = await punterWithBets(context, 5_000, [400, 500]);
    // Bob first, Ann's interleaved, a lost bet (0) in the middle: the answers must read as if sent one by one.
    const credits = [
      creditBody(bob.user.id, bob.bets[0]!.betId, 800),
      creditBody(ann.user.id, ann.bets[0]!.betId, 250),
      creditBody(ann.user.id, ann.bets[1]!.betId, 0),
      creditBody(bob.user.id, bob.bets[1]!.betId, 0),
      creditBody(ann.user.id, ann.bets[2]!.betId, 900),
    ];
    const response = await creditBatch(context, { credits });
    expect(response.statusCode, response.body).toBe(200);
    const results = (response.json() as { results: WalletBatchOutcome[] }).results;
    const annAfterStakes = 10_000 - 600;
    const bobAfterStakes = 5_000 - 900;
    expect(
      results.map((result) => [result.transactionId, 'answer' in result ? result.answer.balance : result.error.code]),
    ).toEqual([
      [credits[0]!.transactionId, bobAfterStakes + 800],
      [credits[1]!.transactionId, annAfterStakes + 250],
      [credits[2]!.transactionId, annAfterStakes + 250],
      [credits[3]!.transactionId, bobAfterStakes + 800],
      [credits[4]!.transactionId, annAfterStakes + 250 + 900],
    ]);
    const rows = await ledgerOf(context);
    expect(rows.map((row) => [row.iqs_transaction_id, row.amount, row.balance_out])).toEqual(
      expect.arrayContaining([
        [credits[0]!.transactionId, 800, bobAfterStakes + 800],
        [credits[1]!.transactionId, 250, annAfterStakes + 250],
        [credits[4]!.transactionId, 900, annAfterStakes + 250 + 900],
      ]),
    );
    expect(rows).toHaveLength(3);
    const paid = results.filter((result) => 'answer' in result && result.answer.walletTransactionId !== null);
    expect(paid.map((result) => 'answer' in result && result.answer.walletTransactionId).sort()).toEqual(
      expect.arrayContaining([expect.any(Number), expect.any(Number), expect.any(Number)]),
    );
    const bets = await context.database.db
      .selectFrom('bets')
      .select(['bet_id', 'status', 'returned'])
      .where('user_id', 'in', [ann.user.id, bob.user.id])
      .execute();
    expect(bets.every((bet) => bet.status === 'closed')).toBe(true);
    expect(bets.reduce((sum, bet) => sum + bet.returned, 0)).toBe(800 + 250 + 900);

    const before = await rowCounts(context);
    const again = await creditBatch(context, { credits });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(response.json());
    expect(await rowCounts(context)).toEqual(before);
    expect(await balanceOf(context, ann.user.id)).toBe(annAfterStakes + 1_150);
    expect(await balanceOf(context, bob.user.id)).toBe(bobAfterStakes + 800);
    expect(await invariantMismatches(context)).toEqual([]);
    expect(await runningBalanceMismatches(context)).toBe(0);
  });

  it('a refused credit is refused alone and leaves no trace; the others in the batch are paid, and a repeat replays', async () => {
    const context = use();
    const cat = await punterWithBets(context, 10_000, [100, 200, 300]);
    // Already paid alone: its repeat in the batch must replay, not pay twice.
    const single = creditBody(cat.user.id, cat.bets[0]!.betId, 150);
    expect((await walletCall(context, 'credit', single)).statusCode).toBe(200);
    await settleBet(context, cat.user.id, cat.bets[1]!.betId, 0);
    const closed = creditBody(cat.user.id, cat.bets[1]!.betId, 500);
    const unknown = creditBody(cat.user.id, 'bet-never-placed', 500);
    const good = creditBody(cat.user.id, cat.bets[2]!.betId, 700);
    const response = await creditBatch(context, { credits: [single, closed, unknown, good] });
    expect(response.statusCode, response.body).toBe(200);
    const results = (response.json() as { results: WalletBatchOutcome[] }).results;
    expect(results.map((result) => ('answer' in result ? result.answer.balance : result.error.code))).toEqual([
      10_000 - 600 + 150,
      'BetClosed',
      'UnknownBet',
      10_000 - 600 + 150 + 700,
    ]);
    expect(results[1]).toMatchObject({ error: { status: WALLET_ERROR_STATUS.BetClosed, code: 'BetClosed' } });
    const rows = await ledgerOf(context);
    expect(rows.filter((row) => row.bet_id === cat.bets[0]!.betId)).toHaveLength(1);
    expect(rows.filter((row) => row.bet_id === cat.bets[1]!.betId || row.bet_id === 'bet-never-placed')).toHaveLength(
      0,
    );
    const calls = await context.database.db
      .selectFrom('wallet_calls')
      .select('transaction_id')
      .where('transaction_id', 'in', [closed.transactionId, unknown.transactionId])
      .execute();
    expect(calls).toEqual([]);
    expect(await balanceOf(context, cat.user.id)).toBe(10_000 - 600 + 150 + 700);
    expect(await invariantMismatches(context)).toEqual([]);
    expect(await runningBalanceMismatches(context)).toBe(0);
  });

  it('a malformed item, too many credits or a bad signature refuse the whole call and move nothing', async () => {
    const context = use();
    const dan = await punterWithBets(context, 10_000, [100]);
    const good = creditBody(dan.user.id, dan.bets[0]!.betId, 300);
    const before = { rows: await rowCounts(context), balance: await balanceOf(context, dan.user.id) };
    for (const body of [
      { credits: [good, { ...creditBody(dan.user.id, dan.bets[0]!.betId, 300), amount: -5 }] },
      { credits: [] },
      { credits: Array.from({ length: CREDIT_BATCH_MAX + 1 }, () => good) },
      { good },
    ]) {
      const response = await creditBatch(context, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const forged = await creditBatch(context, { credits: [good] }, 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect({ rows: await rowCounts(context), balance: await balanceOf(context, dan.user.id) }).toEqual(before);
  });
});
