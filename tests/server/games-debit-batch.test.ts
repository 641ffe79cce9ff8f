import { expect, it, vi } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { describeEachDatabase, createUser, type TestContext } from './support/harness';
import {
  betsDisagreeingWithLedger,
  creditBody,
  debitBody,
  openSession,
  placeBet,
  settleBet,
  walletBatch,
  walletCall,
} from './support/games';
import { balanceOf, invariantMismatches, runningBalanceMismatches } from './support/money';
import { rowCounts } from './support/sweep';
import { DEBIT_BATCH_MAX, type DebitRequest, type WalletBatchOutcome } from '../../src/contract/games';
import { GamesWalletService } from '../../server/modules/games/service';
import { Ledger } from '../../server/modules/wallet/ledger';

const debitBatch = (context: TestContext, body: unknown, secret?: string) =>
  walletBatch(context, 'debits', body, { secret });
const resultsOf = (response: { json(): unknown }) => (response.json() as { results: WalletBatchOutcome[] }).results;
const balanceOrCode = (result: WalletBatchOutcome) => ('answer' in result ? result.answer.balance : result.error.code);

async function punter(context: TestContext, balance: number) {
  const user = await createUser(context, { balance });
  return { user, session: await openSession(context, user) };
}

/** Sends a batch and expects 200; its outcomes as balances or refusal codes, in order. */
async function debitBatchOf(context: TestContext, debits: unknown[]) {
  const response = await debitBatch(context, { debits });
  expect(response.statusCode, response.body).toBe(200);
  return resultsOf(response);
}

/** Sends a batch (expecting 200): its outcomes, and the debits it sent down the one-by-one path (the single call). */
async function decide(
  context: TestContext,
  debits: unknown[],
): Promise<{ results: WalletBatchOutcome[]; alone: string[] }> {
  const single = vi.spyOn(context.services.gamesWallet, 'debit');
  try {
    const results = await debitBatchOf(context, debits);
    return { results, alone: single.mock.calls.map(([request]) => request.transactionId) };
  } finally {
    single.mockRestore();
  }
}

/** A wallet service of its own over the test database that counts the statements it sends (BEGIN and COMMIT aside). */
function countedWallet(context: TestContext) {
  let statements = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      statements++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const db = context.database.db.withPlugin(counter);
  const wallet = new GamesWalletService(
    db,
    new Ledger(db, context.clock, context.services.live),
    context.clock,
    context.services.freeBets,
  );
  return {
    wallet,
    /** Statements sent since the last call. */
    taken() {
      const sent = statements;
      statements = 0;
      return sent;
    },
  };
}

async function stakesOf(context: TestContext, userIds: number[]) {
  return context.database.db
    .selectFrom('transactions')
    .select(['user_id', 'amount', 'bet_id', 'iqs_transaction_id', 'balance_out'])
    .where('kind', '=', 'Stake')
    .where('user_id', 'in', userIds)
    .orderBy('id')
    .execute();
}

describeEachDatabase('games: debits in one batched call', (use) => {
  it('takes every stake once, in order, with the balance after each; sent again it answers the same and takes nothing more', async () => {
    const context = use();
    const ann = await punter(context, 10_000);
    const bob = await punter(context, 5_000);
    const debits = [
      debitBody(bob.session, 800),
      debitBody(ann.session, 250),
      debitBody(ann.session, 100),
      debitBody(bob.session, 400),
      debitBody(ann.session, 900),
    ];
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
      expect.arrayContaining(
        debits.map((debit, index) => [debit.transactionId, -debit.amount, balanceOrCode(results[index]!)]),
      ),
    );
    expect(rows).toHaveLength(5);
    const bets = await context.database.db
      .selectFrom('bets')
      .select(['bet_id', 'status', 'staked'])
      .where(
        'bet_id',
        'in',
        debits.map((debit) => debit.betId),
      )
      .execute();
    expect(bets.map((bet) => [bet.bet_id, bet.status, bet.staked]).sort()).toEqual(
      debits.map((debit) => [debit.betId, 'open', debit.amount]).sort(),
    );

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
    expect(resultsOf(response).map(balanceOrCode)).toEqual([
      900,
      'InsufficientFunds',
      'DuplicateTransaction',
      'UnknownPlayer',
      600,
    ]);
    const rows = await stakesOf(context, [cat.user.id]);
    expect(rows.map((row) => row.iqs_transaction_id)).toEqual([single.transactionId, good.transactionId]);
    const calls = await context.database.db
      .selectFrom('wallet_calls')
      .select('transaction_id')
      .where('transaction_id', 'in', [tooMuch.transactionId, stranger.transactionId])
      .execute();
    expect(calls).toEqual([]);
    expect(await balanceOf(context, cat.user.id)).toBe(600);
    expect(await invariantMismatches(context)).toEqual([]);
  });

  it('a malformed item, too many debits or a bad signature refuse the whole call and move nothing', async () => {
    const context = use();
    const dan = await punter(context, 10_000);
    const good = debitBody(dan.session, 300);
    const before = { rows: await rowCounts(context), balance: await balanceOf(context, dan.user.id) };
    for (const body of [
      { debits: [good, { ...debitBody(dan.session, 300), amount: 0 }] },
      { debits: [] },
      { debits: Array.from({ length: DEBIT_BATCH_MAX + 1 }, () => good) },
      { good },
    ]) {
      const response = await debitBatch(context, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const forged = await debitBatch(context, { debits: [good] }, 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect({ rows: await rowCounts(context), balance: await balanceOf(context, dan.user.id) }).toEqual(before);
  });
  it('decides a clean batch in one transaction of a few statements, however many debits: none goes down the one-by-one path', async () => {
    const context = use();
    const players = await Promise.all(Array.from({ length: 5 }, () => punter(context, 100_000)));
    const { wallet, taken } = countedWallet(context);
    const single = vi.spyOn(wallet, 'debit');
    const pushed = vi.spyOn(context.services.live, 'sendBalance');
    try {
      const one = await wallet.debitMany([debitBody(players[0]!.session, 10)]);
      const forOne = taken();
      const debits: DebitRequest[] = Array.from({ length: 50 }, (_, index) =>
        debitBody(players[index % 5]!.session, 100 + index),
      );
      pushed.mockClear();
      const outcomes = await wallet.debitMany(debits);
      const forFifty = taken();
      expect(single).not.toHaveBeenCalled();
      expect(forFifty).toBe(forOne);
      expect(forFifty).toBeLessThanOrEqual(3);
      expect(one.map(balanceOrCode)).toEqual([100_000 - 10]);
      const running = new Map(players.map(({ user }, index) => [user.id, index === 0 ? 100_000 - 10 : 100_000]));
      expect(outcomes.map(balanceOrCode)).toEqual(
        debits.map((debit) =>
          running.set(debit.playerId, running.get(debit.playerId)! - debit.amount).get(debit.playerId),
        ),
      );
      for (const { user } of players) {
        expect(await balanceOf(context, user.id)).toBe(running.get(user.id));
        expect(pushed).toHaveBeenCalledWith(user.id, running.get(user.id));
      }
      expect(pushed).toHaveBeenCalledTimes(5);
      expect(await runningBalanceMismatches(context)).toBe(0);
      expect(await betsDisagreeingWithLedger(context)).toEqual([]);
    } finally {
      pushed.mockRestore();
    }
  });

  it("refuses a blocked player's and a dead session's debits with the single call's codes, leaving no trace, and takes the others at once", async () => {
    const context = use();
    const ann = await punter(context, 10_000);
    const suspended = await punter(context, 10_000);
    await context.services.accounts.suspend(suspended.user.id);
    const excluded = await punter(context, 10_000);
    const exclusion = await context.request({
      method: 'POST',
      url: '/responsible-gambling/lock-account',
      token: excluded.session.accessToken,
      payload: { days: 180 },
    });
    expect(exclusion.statusCode).toBe(200);
    const unverified = await createUser(context, { balance: 10_000, verified: false });
    const loggedOut = await punter(context, 10_000);
    await context.request({ method: 'POST', url: '/auth/logout', token: loggedOut.session.accessToken });
    const debits = [
      debitBody(ann.session, 100),
      debitBody(suspended.session, 100),
      debitBody(ann.session, 200),
      debitBody(excluded.session, 100),
      debitBody(await openSession(context, unverified), 100),
      debitBody(loggedOut.session, 100),
      debitBody({ playerId: ann.user.id, sessionId: 'no-such-session' }, 100),
      debitBody(ann.session, 300),
    ];
    const before = await rowCounts(context);
    const { results, alone } = await decide(context, debits);
    expect(alone).toEqual([]);
    expect(results.map(balanceOrCode)).toEqual([
      9_900,
      'PlayerBlocked',
      9_700,
      'PlayerBlocked',
      'PlayerBlocked',
      'SessionExpired',
      'SessionExpired',
      9_400,
    ]);
    expect(results[1]).toEqual({
      transactionId: debits[1]!.transactionId,
      error: { status: 422, message: expect.any(String), code: 'PlayerBlocked' },
    });
    // Three stakes, three bets and three calls: the refused left nothing behind.
    const after = await rowCounts(context);
    expect([
      after.transactions! - before.transactions!,
      after.bets! - before.bets!,
      after.wallet_calls! - before.wallet_calls!,
    ]).toEqual([3, 3, 3]);
    for (const { user } of [suspended, excluded, loggedOut]) expect(await balanceOf(context, user.id)).toBe(10_000);
    expect(await balanceOf(context, unverified.id)).toBe(10_000);
    expect(await invariantMismatches(context)).toEqual([]);
  });

  it('a free-bet debit in a batch uses its token in its place: the cash stakes around it answer the balances of one by one', async () => {
    const context = use();
    const ann = await punter(context, 10_000);
    const bob = await punter(context, 5_000);
    const token = await context.services.freeBets.grant(ann.user.id, 500, { source: 'test' });
    const free = debitBody(ann.session, 500, { freeBetId: token.freeBetId });
    const debits = [
      debitBody(ann.session, 100),
      debitBody(bob.session, 200),
      free,
      debitBody(ann.session, 300),
      debitBody(bob.session, 400),
    ];
    const { results, alone } = await decide(context, debits);
    expect(results.map(balanceOrCode)).toEqual([9_900, 4_800, 9_900, 9_600, 4_400]);
    expect(results[2]).toMatchObject({ answer: { walletTransactionId: null } });
    // The token goes alone, and Ann's stake after it after it; Bob's are not held up.
    expect(alone).toEqual([free.transactionId, debits[3]!.transactionId]);
    const bet = await context.database.db
      .selectFrom('bets')
      .select(['staked', 'free_bet_id', 'free_bet_stake', 'status'])
      .where('bet_id', '=', free.betId)
      .executeTakeFirstOrThrow();
    expect(bet).toEqual({ staked: 0, free_bet_id: token.freeBetId, free_bet_stake: 500, status: 'open' });
    expect((await stakesOf(context, [ann.user.id])).map((row) => [row.amount, row.balance_out])).toEqual([
      [-100, 9_900],
      [-300, 9_600],
    ]);
    expect(await debitBatch(context, { debits }).then(resultsOf)).toEqual(results);
    expect(await balanceOf(context, ann.user.id)).toBe(9_600);
    expect(await invariantMismatches(context)).toEqual([]);
  });

  it("a stake on a bet already staked adds to it at once; on a closed bet or another player's it is refused as alone", async () => {
    const context = use();
    const ann = await punter(context, 10_000);
    const bob = await punter(context, 10_000);
    const open = await placeBet(context, ann.session, 100);
    const closed = await placeBet(context, ann.session, 100);
    await settleBet(context, ann.user.id, closed.betId, 0);
    const bobs = await placeBet(context, bob.session, 100);
    const debits = [
      debitBody(ann.session, 200, { betId: open.betId }),
      debitBody(ann.session, 50, { betId: closed.betId }),
      debitBody(ann.session, 70, { betId: bobs.betId }),
      debitBody(ann.session, 30),
    ];
    const { results, alone } = await decide(context, debits);
    expect(alone).toEqual([]);
    expect(results.map(balanceOrCode)).toEqual([9_600, 'BetClosed', 'UnknownBet', 9_570]);
    const bets = await context.database.db
      .selectFrom('bets')
      .select(['bet_id', 'user_id', 'staked', 'status'])
      .where('bet_id', 'in', [open.betId, closed.betId, bobs.betId])
      .orderBy('placed_at')
      .execute();
    expect(bets.map((bet) => [bet.bet_id, bet.user_id, bet.staked, bet.status]).sort()).toEqual(
      [
        [open.betId, ann.user.id, 300, 'open'],
        [closed.betId, ann.user.id, 100, 'closed'],
        [bobs.betId, bob.user.id, 100, 'open'],
      ].sort(),
    );
    expect(await betsDisagreeingWithLedger(context)).toEqual([]);
    expect(await balanceOf(context, bob.user.id)).toBe(9_900);
  });

  it("a second stake on one bet in the batch adds to the first in its turn: the player's later stakes follow it, the others are not held up", async () => {
    const context = use();
    const ann = await punter(context, 10_000);
    const bob = await punter(context, 10_000);
    const first = debitBody(ann.session, 100);
    const debits = [
      first,
      debitBody(bob.session, 50),
      debitBody(ann.session, 200, { betId: first.betId }),
      debitBody(ann.session, 300),
      debitBody(bob.session, 70),
    ];
    const { results, alone } = await decide(context, debits);
    expect(results.map(balanceOrCode)).toEqual([9_900, 9_950, 9_700, 9_400, 9_880]);
    expect(alone).toEqual([debits[2]!.transactionId, debits[3]!.transactionId]);
    const bet = await context.database.db
      .selectFrom('bets')
      .select(['staked', 'status'])
      .where('bet_id', '=', first.betId)
      .executeTakeFirstOrThrow();
    expect(bet).toEqual({ staked: 300, status: 'open' });
    expect(await betsDisagreeingWithLedger(context)).toEqual([]);
  });

  it("a player's stakes around refused debits and repeats answer the balances of one by one, all decided at once", async () => {
    const context = use();
    const ann = await punter(context, 10_000);
    const bob = await punter(context, 10_000);
    const earlier = await placeBet(context, ann.session, 1_000);
    const closed = await placeBet(context, ann.session, 500);
    await settleBet(context, ann.user.id, closed.betId, 0);
    const debits = [
      debitBody(ann.session, 100),
      debitBody(ann.session, 200, { betId: closed.betId }),
      debitBody({ playerId: ann.user.id, sessionId: bob.session.sessionId }, 300),
      earlier,
      { ...closed, amount: 999 },
      debitBody(ann.session, 400),
    ];
    const { results, alone } = await decide(context, debits);
    expect(alone).toEqual([]);
    expect(results.map(balanceOrCode)).toEqual([
      8_400,
      'BetClosed',
      'SessionExpired',
      9_000,
      'DuplicateTransaction',
      8_000,
    ]);
    expect(results[3]).toMatchObject({ answer: { walletTransactionId: expect.any(Number) } });
    const rows = await stakesOf(context, [ann.user.id]);
    expect(rows.map((row) => [row.amount, row.balance_out])).toEqual([
      [-1_000, 9_000],
      [-500, 8_500],
      [-100, 8_400],
      [-400, 8_000],
    ]);
    expect(await runningBalanceMismatches(context)).toBe(0);
  });

  it("a wallet short of its stakes' sum takes them one by one, in order: the one that does not fit is refused, the others taken", async () => {
    const context = use();
    const cat = await punter(context, 1_000);
    const dan = await punter(context, 1_000);
    const debits = [
      debitBody(cat.session, 600),
      debitBody(dan.session, 100),
      debitBody(cat.session, 500),
      debitBody(dan.session, 200),
      debitBody(cat.session, 300),
    ];
    const { results, alone } = await decide(context, debits);
    expect(results.map(balanceOrCode)).toEqual([400, 900, 'InsufficientFunds', 700, 100]);
    expect(alone).toEqual([debits[0]!.transactionId, debits[2]!.transactionId, debits[4]!.transactionId]);
    expect((await stakesOf(context, [cat.user.id])).map((row) => row.balance_out)).toEqual([400, 100]);
    expect(await invariantMismatches(context)).toEqual([]);
  });

  it('a batch racing the same debits sent alone, and sent again in another batch, moves each stake once and answers each the same', async () => {
    const context = use();
    const players = await Promise.all(Array.from({ length: 3 }, () => punter(context, 100_000)));
    const debits = Array.from({ length: 12 }, (_, index) => debitBody(players[index % 3]!.session, 100 + index));
    const [first, second, ...singles] = await Promise.all([
      debitBatch(context, { debits }),
      debitBatch(context, { debits: [...debits].reverse() }),
      ...debits.map((debit) => walletCall(context, 'debit', debit)),
    ]);
    const answers = new Map(
      resultsOf(first!).map((result) => [result.transactionId, 'answer' in result ? result.answer : result.error]),
    );
    expect(
      new Map(
        resultsOf(second!).map((result) => [result.transactionId, 'answer' in result ? result.answer : result.error]),
      ),
    ).toEqual(answers);
    expect(singles.map((single) => single.json())).toEqual(debits.map((debit) => answers.get(debit.transactionId)));
    const rows = await stakesOf(
      context,
      players.map(({ user }) => user.id),
    );
    expect(rows.map((row) => row.iqs_transaction_id).sort()).toEqual(debits.map((debit) => debit.transactionId).sort());
    for (const [index, { user }] of players.entries()) {
      expect(await balanceOf(context, user.id)).toBe(
        100_000 - debits.filter((_, at) => at % 3 === index).reduce((sum, debit) => sum + debit.amount, 0),
      );
    }
    expect(await invariantMismatches(context)).toEqual([]);
    expect(await runningBalanceMismatches(context)).toBe(0);
    expect(await betsDisagreeingWithLedger(context)).toEqual([]);
  });

  it('batches racing single debits, single and batched credits on the same wallets: each commits at once, no deadlock, money and bets agree', async () => {
    const context = use();
    const players = await Promise.all(Array.from({ length: 4 }, () => punter(context, 1_000_000)));
    const open = await Promise.all(
      players.flatMap(({ session }) => [
        placeBet(context, session, 1_000),
        placeBet(context, session, 1_000),
        placeBet(context, session, 1_000),
      ]),
    );
    const wallet = context.services.gamesWallet as unknown as Record<
      'debitsAtOnce' | 'creditAllAtOnce',
      () => Promise<unknown>
    >;
    const debitSets = vi.spyOn(wallet, 'debitsAtOnce');
    const creditSets = vi.spyOn(wallet, 'creditAllAtOnce');
    try {
      // Each batch names the players in another order, so wallets locked in the order sent would deadlock.
      const orders = [
        [0, 1, 2, 3],
        [3, 2, 1, 0],
        [1, 3, 0, 2],
        [2, 0, 3, 1],
      ];
      const batches = orders.map((order) =>
        order.flatMap((index) => [
          debitBody(players[index]!.session, 10 + index),
          debitBody(players[index]!.session, 20 + index),
        ]),
      );
      const singles = players.map(({ session }) => debitBody(session, 5));
      const payOf = (bet: (typeof open)[number]) => creditBody(bet.playerId, bet.betId, 1_500);
      const responses = await Promise.all([
        ...batches.map((debits) => debitBatch(context, { debits })),
        ...singles.map((body) => walletCall(context, 'debit', body)),
        walletBatch(context, 'credits', {
          credits: open
            .filter((_, index) => index % 3 !== 2)
            .map(payOf)
            .reverse(),
        }),
        ...open.filter((_, index) => index % 3 === 2).map((bet) => walletCall(context, 'credit', payOf(bet))),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
      for (const response of [...responses.slice(0, batches.length), responses[batches.length + singles.length]!]) {
        expect(resultsOf(response).every((result) => 'answer' in result)).toBe(true);
      }
      expect(debitSets.mock.settledResults.map((result) => result.type)).toEqual(batches.map(() => 'fulfilled'));
      expect(creditSets.mock.settledResults.map((result) => result.type)).toEqual(['fulfilled']);
      const staked = (index: number) => 3_000 + 5 + batches.length * (30 + 2 * index);
      for (const [index, { user }] of players.entries())
        expect(await balanceOf(context, user.id)).toBe(1_000_000 - staked(index) + 3 * 1_500);
      expect(await invariantMismatches(context)).toEqual([]);
      expect(await runningBalanceMismatches(context)).toBe(0);
      expect(await betsDisagreeingWithLedger(context)).toEqual([]);
    } finally {
      debitSets.mockRestore();
      creditSets.mockRestore();
    }
  });
});
