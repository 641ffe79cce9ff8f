import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, type TestContext } from './support/harness';
import { debitBody, openSession, walletBatch, walletCall } from './support/games';
import { balanceOf, invariantMismatches, runningBalanceMismatches } from './support/money';
import { rowCounts } from './support/sweep';
import { DEBIT_BATCH_MAX, type WalletBatchOutcome } from '../../src/contract/games';

const debitBatch = (context: TestContext, body: unknown, secret?: string) => walletBatch(context, 'debits', body, { secret });
const resultsOf = (response: { json(): unknown }) => (response.json() as { results: WalletBatchOutcome[] }).results;
const balanceOrCode = (result: WalletBatchOutcome) => ('answer' in result ? result.answer.balance : result.error.code);

async function punter(context: TestContext, balance: number) {
  const user = await createUser(context, { balance });
  return { user, session: await openSession(context, user) };
}

async function stakesOf(context: TestContext, userIds: number[]) {
  return context.database.db.selectFrom('transactions').select(['user_id', 'amount', 'bet_id', 'iqs_transaction_id', 'balance_out']).where('kind', '=', 'Stake').where('user_id', 'in', userIds).orderBy('id').execute();
}

describeEachDatabase('games: debits in one batched call', (use) => {
  it('takes every stake once, in order, with the balance after each; sent again it answers the same and takes nothing more', async () => {
    const context = use();
    const ann = await punter(context, 10_000);
    const bob = await punter(context, 5_000);
    const debits = [debitBody(bob.session, 800), debitBody(ann.session, 250), debitBody(ann.session, 100), debitBody(bob.session, 400), debitBody(ann.session, 900)];
    const response = await debitBatch(context, { debits });
    expect(response.statusCode, response.body).toBe(200);
    const results = resultsOf(response);
    expect(results.map((result) => [result.transactionId, balanceOrCode(result)])).toEqual([
      [debits[0]!.transactionId, 4_200],
      [debits[1]!.transactionId, 9_750],
      [debits[2]!.transactionId, 9_650],
      [debits[3]!.transactionId, 3_800],
      [debits[4]!.transactionId, 8_750],
    ]);
    const rows = await stakesOf(context, [ann.user.id, bob.user.id]);
    expect(rows.map((row) => [row.iqs_transaction_id, row.amount, row.balance_out])).toEqual(
      expect.arrayContaining(debits.map((debit, index) => [debit.transactionId, -debit.amount, balanceOrCode(results[index]!)])),
    );
    expect(rows).toHaveLength(5);
    const bets = await context.database.db.selectFrom('bets').select(['bet_id', 'status', 'staked']).where('bet_id', 'in', debits.map((debit) => debit.betId)).execute();
    expect(bets.map((bet) => [bet.bet_id, bet.status, bet.staked]).sort()).toEqual(debits.map((debit) => [debit.betId, 'open', debit.amount]).sort());

    const before = await rowCounts(context);
    const again = await debitBatch(context, { debits });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(response.json());
    expect(await rowCounts(context)).toEqual(before);
    expect(await balanceOf(context, ann.user.id)).toBe(8_750);
    expect(await balanceOf(context, bob.user.id)).toBe(3_800);
    expect(await invariantMismatches(context)).toEqual([]);
    expect(await runningBalanceMismatches(context)).toBe(0);
  });

  it('a refused debit is refused alone and leaves no trace; the others in the batch are taken, and a repeat replays', async () => {
    const context = use();
    const cat = await punter(context, 1_000);
    const single = debitBody(cat.session, 100);
    expect((await walletCall(context, 'debit', single)).statusCode).toBe(200);
    const tooMuch = debitBody(cat.session, 5_000);
    const reused = { ...single, amount: 101 };
    const stranger = debitBody({ playerId: 999_999, sessionId: cat.session.sessionId }, 100);
    const good = debitBody(cat.session, 300);
    const response = await debitBatch(context, { debits: [single, tooMuch, reused, stranger, good] });
    expect(response.statusCode, response.body).toBe(200);
    expect(resultsOf(response).map(balanceOrCode)).toEqual([900, 'InsufficientFunds', 'DuplicateTransaction', 'UnknownPlayer', 600]);
    const rows = await stakesOf(context, [cat.user.id]);
    expect(rows.map((row) => row.iqs_transaction_id)).toEqual([single.transactionId, good.transactionId]);
    const calls = await context.database.db.selectFrom('wallet_calls').select('transaction_id').where('transaction_id', 'in', [tooMuch.transactionId, stranger.transactionId]).execute();
    expect(calls).toEqual([]);
    expect(await balanceOf(context, cat.user.id)).toBe(600);
    expect(await invariantMismatches(context)).toEqual([]);
  });

  it('a malformed item, too many debits or a bad signature refuse the whole call and move nothing', async () => {
    const context = use();
    const dan = await punter(context, 10_000);
    const good = debitBody(dan.session, 300);
    const before = { rows: await rowCounts(context), balance: await balanceOf(context, dan.user.id) };
    for (const body of [{ debits: [good, { ...debitBody(dan.session, 300), amount: 0 }] }, { debits: [] }, { debits: Array.from({ length: DEBIT_BATCH_MAX + 1 }, () => good) }, { good }]) {
      const response = await debitBatch(context, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const forged = await debitBatch(context, { debits: [good] }, 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect({ rows: await rowCounts(context), balance: await balanceOf(context, dan.user.id) }).toEqual(before);
  });
});
