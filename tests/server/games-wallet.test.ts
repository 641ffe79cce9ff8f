import { expect, it, vi } from 'vitest';
import { describeEachDatabase, createUser, login, type TestContext } from './support/harness';
import {
  betsDisagreeingWithLedger,
  creditBody,
  debitBody,
  openSession,
  placeBet,
  rollbackBody,
  settleBet,
  walletCall,
  newId,
  type SportsbookSession,
} from './support/games';
import { balanceOf, invariantMismatches, runningBalanceMismatches } from './support/money';
import { rowCounts } from './support/sweep';
import { WALLET_ERROR_STATUS, type WalletErrorCode } from '../../src/contract/games';
import { REFUND_REFERENCE, RETURNS_REFERENCE, STAKE_REFERENCE } from '../../server/modules/games/service';
import { USER_HAS_OPEN_BETS } from '../../src/contract/account';

async function customer(context: TestContext, balance = 10_000) {
  const user = await createUser(context, { balance });
  return { user, session: await openSession(context, user) };
}

async function betRow(context: TestContext, betId: string) {
  return context.database.db.selectFrom('bets').selectAll().where('bet_id', '=', betId).executeTakeFirst();
}

async function ledgerRows(context: TestContext, betId: string) {
  return context.database.db
    .selectFrom('transactions')
    .select(['id', 'kind', 'amount', 'vertical', 'bet_id', 'iqs_transaction_id', 'reference', 'balance_out'])
    .where('bet_id', '=', betId)
    .orderBy('id')
    .execute();
}

/** Every table's row count and the customer's balance: a refused call must leave all of it as it was. */
async function snapshot(context: TestContext, userId: number) {
  return { rows: await rowCounts(context), balance: await balanceOf(context, userId) };
}

async function expectRefused(
  context: TestContext,
  userId: number,
  call: Parameters<typeof walletCall>[1],
  body: unknown,
  code: WalletErrorCode,
) {
  const before = await snapshot(context, userId);
  const response = await walletCall(context, call, body);
  expect(response.statusCode, response.body).toBe(WALLET_ERROR_STATUS[code]);
  expect(response.json()).toEqual({ message: expect.any(String), code });
  expect(await snapshot(context, userId)).toEqual(before);
}

describeEachDatabase('games: the seamless wallet API', (use) => {
  it('debit posts a Stake with the bet and transaction ids and opens the bet record', async () => {
    const context = use();
    const { user, session } = await customer(context, 5_000);
    const body = debitBody(session, 1_250, { description: 'Single: Rovers v United, Rovers to win @ 2/1' });
    const response = await walletCall(context, 'debit', body);
    expect(response.statusCode).toBe(200);
    const [row] = await ledgerRows(context, body.betId);
    expect(response.json()).toEqual({ balance: 3_750, walletTransactionId: row!.id });
    expect(row).toMatchObject({
      kind: 'Stake',
      amount: -1_250,
      vertical: 'sportsbook',
      iqs_transaction_id: body.transactionId,
      reference: 'Single: Rovers v United, Rovers to win @ 2/1',
      balance_out: 3_750,
    });
    expect(await betRow(context, body.betId)).toMatchObject({
      user_id: user.id,
      vertical: 'sportsbook',
      staked: 1_250,
      refunded: 0,
      returned: 0,
      status: 'open',
      closed_at: null,
    });
    expect(await balanceOf(context, user.id)).toBe(3_750);
  });

  it('credit pays Returns and closes the bet; the ledger reference defaults when no description is sent', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const stake = await placeBet(context, session, 400);
    const partial = await walletCall(
      context,
      'credit',
      creditBody(user.id, stake.betId, 100, false, { description: 'Cash out (part)' }),
    );
    expect(partial.statusCode).toBe(200);
    expect((await betRow(context, stake.betId))!.status).toBe('open');
    const paid = await walletCall(context, 'credit', creditBody(user.id, stake.betId, 900));
    expect(paid.statusCode).toBe(200);
    expect(paid.json().balance).toBe(1_600);
    const rows = await ledgerRows(context, stake.betId);
    expect(rows.map((row) => [row.kind, row.amount, row.reference])).toEqual([
      ['Stake', -400, STAKE_REFERENCE],
      ['Returns', 100, 'Cash out (part)'],
      ['Returns', 900, RETURNS_REFERENCE],
    ]);
    expect(paid.json().walletTransactionId).toBe(rows[2]!.id);
    expect(await betRow(context, stake.betId)).toMatchObject({
      staked: 400,
      returned: 1_000,
      status: 'closed',
      closed_at: expect.any(Date),
    });
  });

  it('a credit of 0 only records the close: no posting, the balance answered', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const stake = await placeBet(context, session, 300);
    const lost = await walletCall(context, 'credit', creditBody(user.id, stake.betId, 0));
    expect(lost.statusCode).toBe(200);
    expect(lost.json()).toEqual({ balance: 700, walletTransactionId: null });
    expect(await ledgerRows(context, stake.betId)).toHaveLength(1);
    expect(await betRow(context, stake.betId)).toMatchObject({ returned: 0, status: 'closed' });
  });

  it('rollback refunds the debit (kind Refund) and closes the bet when nothing stays staked', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const first = await placeBet(context, session, 300);
    const second = await placeBet(context, session, 200, { betId: first.betId });
    expect(await betRow(context, first.betId)).toMatchObject({ staked: 500, status: 'open' });
    const one = await walletCall(context, 'rollback', rollbackBody(user.id, first.betId, first.transactionId));
    expect(one.statusCode).toBe(200);
    expect(one.json().balance).toBe(800);
    expect(await betRow(context, first.betId)).toMatchObject({ staked: 500, refunded: 300, status: 'open' });
    const two = await walletCall(context, 'rollback', rollbackBody(user.id, first.betId, second.transactionId));
    expect(two.json().balance).toBe(1_000);
    expect(await betRow(context, first.betId)).toMatchObject({ refunded: 500, status: 'closed' });
    const rows = await ledgerRows(context, first.betId);
    expect(rows.map((row) => [row.kind, row.amount, row.reference])).toEqual([
      ['Stake', -300, STAKE_REFERENCE],
      ['Stake', -200, STAKE_REFERENCE],
      ['Refund', 300, REFUND_REFERENCE],
      ['Refund', 200, REFUND_REFERENCE],
    ]);
    expect(two.json().walletTransactionId).toBe(rows[3]!.id);
  });

  it('a second rollback of one debit refunds nothing and answers the balance', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const stake = await placeBet(context, session, 300);
    const first = rollbackBody(user.id, stake.betId, stake.transactionId);
    expect((await walletCall(context, 'rollback', first)).json().balance).toBe(1_000);
    const again = await walletCall(context, 'rollback', rollbackBody(user.id, stake.betId, stake.transactionId));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ balance: 1_000, walletTransactionId: null });
    const replay = await walletCall(context, 'rollback', first);
    expect(replay.statusCode).toBe(200);
    expect((await ledgerRows(context, stake.betId)).filter((row) => row.kind === 'Refund')).toHaveLength(1);
    expect(await balanceOf(context, user.id)).toBe(1_000);
  });

  it('a rollback of a debit never seen is remembered: the late debit is refused TransactionRolledBack and moves nothing', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const lost = debitBody(session, 300);
    const rollback = await walletCall(context, 'rollback', rollbackBody(user.id, lost.betId, lost.transactionId));
    expect(rollback.statusCode).toBe(200);
    expect(rollback.json()).toEqual({ balance: 1_000, walletTransactionId: null });
    await expectRefused(context, user.id, 'debit', lost, 'TransactionRolledBack');
    expect(await betRow(context, lost.betId)).toBeUndefined();
  });

  it('a debit retried after its rollback is refused TransactionRolledBack', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const stake = await placeBet(context, session, 300);
    await walletCall(context, 'rollback', rollbackBody(user.id, stake.betId, stake.transactionId));
    await expectRefused(context, user.id, 'debit', stake, 'TransactionRolledBack');
  });

  it('replays every money call with the same body: the first answer, no money moved again', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const debit = debitBody(session, 300);
    const first = await walletCall(context, 'debit', debit);
    const credit = creditBody(user.id, debit.betId, 0, false);
    const creditAnswer = await walletCall(context, 'credit', credit);
    const before = await snapshot(context, user.id);
    const again = await walletCall(context, 'debit', debit);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // The same request written with its keys in another order is the same request.
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(debit).reverse()));
    expect((await walletCall(context, 'debit', reordered)).json()).toEqual(first.json());
    expect((await walletCall(context, 'credit', credit)).json()).toEqual(creditAnswer.json());
    expect(await snapshot(context, user.id)).toEqual(before);

    const rollback = rollbackBody(user.id, debit.betId, debit.transactionId);
    const rolled = await walletCall(context, 'rollback', rollback);
    const afterRollback = await snapshot(context, user.id);
    expect((await walletCall(context, 'rollback', rollback)).json()).toEqual(rolled.json());
    expect(await snapshot(context, user.id)).toEqual(afterRollback);
  });

  it('answers 409 DuplicateTransaction to a transaction id reused with another body or for another call', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const debit = await placeBet(context, session, 300);
    await expectRefused(context, user.id, 'debit', { ...debit, amount: 301 }, 'DuplicateTransaction');
    await expectRefused(context, user.id, 'debit', { ...debit, description: 'other' }, 'DuplicateTransaction');
    await expectRefused(
      context,
      user.id,
      'credit',
      creditBody(user.id, debit.betId, 300, true, { transactionId: debit.transactionId }),
      'DuplicateTransaction',
    );
    await expectRefused(
      context,
      user.id,
      'rollback',
      rollbackBody(user.id, debit.betId, debit.transactionId, { transactionId: debit.transactionId }),
      'DuplicateTransaction',
    );
    const credit = creditBody(user.id, debit.betId, 100, false);
    await walletCall(context, 'credit', credit);
    await expectRefused(context, user.id, 'credit', { ...credit, closesBet: true }, 'DuplicateTransaction');
  });

  it('refuses a debit beyond the balance with InsufficientFunds', async () => {
    const context = use();
    const { user, session } = await customer(context, 500);
    await expectRefused(context, user.id, 'debit', debitBody(session, 501), 'InsufficientFunds');
    await placeBet(context, session, 500);
    expect(await balanceOf(context, user.id)).toBe(0);
  });

  it('refuses a debit on a closed bet with BetClosed, and a credit or rollback on it too', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const stake = await placeBet(context, session, 300);
    await settleBet(context, user.id, stake.betId, 600);
    await expectRefused(context, user.id, 'debit', debitBody(session, 100, { betId: stake.betId }), 'BetClosed');
    await expectRefused(context, user.id, 'credit', creditBody(user.id, stake.betId, 600), 'BetClosed');
    await expectRefused(
      context,
      user.id,
      'rollback',
      rollbackBody(user.id, stake.betId, stake.transactionId),
      'BetClosed',
    );
  });

  it('refuses a rollback once the bet has been paid anything (a partial cash out): the stake is not refunded on top', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const stake = await placeBet(context, session, 400);
    expect((await walletCall(context, 'credit', creditBody(user.id, stake.betId, 150, false))).statusCode).toBe(200);
    await expectRefused(
      context,
      user.id,
      'rollback',
      rollbackBody(user.id, stake.betId, stake.transactionId),
      'BetClosed',
    );
    expect(await betRow(context, stake.betId)).toMatchObject({
      staked: 400,
      refunded: 0,
      returned: 150,
      status: 'open',
    });
  });

  it("refuses a cash debit on a free bet's bet with BetClosed: its stake is the token alone", async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const token = await context.services.freeBets.grant(user.id, 500, { source: 'test' });
    const free = debitBody(session, 500, { freeBetId: token.freeBetId });
    expect((await walletCall(context, 'debit', free)).statusCode).toBe(200);
    await expectRefused(context, user.id, 'debit', debitBody(session, 200, { betId: free.betId }), 'BetClosed');
    expect(await betRow(context, free.betId)).toMatchObject({ staked: 0, free_bet_stake: 500, status: 'open' });
  });

  it("refuses a credit on an unknown bet, or on another player's bet, with UnknownBet", async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const other = await customer(context, 1_000);
    const stake = await placeBet(context, session, 300);
    await expectRefused(context, user.id, 'credit', creditBody(user.id, newId('bet'), 500), 'UnknownBet');
    await expectRefused(context, other.user.id, 'credit', creditBody(other.user.id, stake.betId, 500), 'UnknownBet');
    await expectRefused(
      context,
      other.user.id,
      'debit',
      debitBody(other.session, 100, { betId: stake.betId }),
      'UnknownBet',
    );
    await expectRefused(
      context,
      other.user.id,
      'rollback',
      rollbackBody(other.user.id, stake.betId, stake.transactionId),
      'UnknownBet',
    );
    await expectRefused(
      context,
      user.id,
      'rollback',
      rollbackBody(user.id, newId('bet'), stake.transactionId),
      'UnknownBet',
    );
    await expectRefused(
      context,
      other.user.id,
      'rollback',
      rollbackBody(other.user.id, stake.betId, newId('never-seen')),
      'UnknownBet',
    );
  });

  it('refuses every call for an unknown player with UnknownPlayer', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const stake = await placeBet(context, session, 300);
    const nobody = 2_000_000_001;
    await expectRefused(
      context,
      user.id,
      'debit',
      debitBody({ playerId: nobody, sessionId: session.sessionId }, 100),
      'UnknownPlayer',
    );
    await expectRefused(context, user.id, 'credit', creditBody(nobody, stake.betId, 100), 'UnknownPlayer');
    await expectRefused(
      context,
      user.id,
      'rollback',
      rollbackBody(nobody, stake.betId, stake.transactionId),
      'UnknownPlayer',
    );
  });

  it("refuses a debit without a live session with SessionExpired: logged out, unknown, or another player's", async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const other = await customer(context, 1_000);
    await expectRefused(
      context,
      user.id,
      'debit',
      debitBody({ playerId: user.id, sessionId: other.session.sessionId }, 100),
      'SessionExpired',
    );
    await expectRefused(
      context,
      user.id,
      'debit',
      debitBody({ playerId: user.id, sessionId: 'no-such-session' }, 100),
      'SessionExpired',
    );
    await context.request({ method: 'POST', url: '/auth/logout', token: session.accessToken });
    await expectRefused(context, user.id, 'debit', debitBody(session, 100), 'SessionExpired');
  });

  it('refuses a debit with PlayerBlocked under every block: suspended, timed out, self-excluded, unverified, deleted, locked out', async () => {
    const context = use();
    const db = context.database.db;
    const blocks: Array<[string, (session: SportsbookSession) => Promise<unknown>, { verified?: boolean }?]> = [
      ['suspended', (session) => context.services.accounts.suspend(session.playerId)],
      [
        'timed out',
        (session) =>
          context.request({
            method: 'POST',
            url: '/responsible-gambling/lock-account',
            token: session.accessToken,
            payload: { days: 1 },
          }),
      ],
      [
        'self-excluded',
        (session) =>
          context.request({
            method: 'POST',
            url: '/responsible-gambling/lock-account',
            token: session.accessToken,
            payload: { days: 180 },
          }),
      ],
      ['unverified', async () => undefined, { verified: false }],
      [
        'deleted',
        (session) => db.updateTable('users').set({ status: 'deleted' }).where('id', '=', session.playerId).execute(),
      ],
      [
        'locked out',
        (session) => db.updateTable('users').set({ locked_out: true }).where('id', '=', session.playerId).execute(),
      ],
    ];
    for (const [name, block, options] of blocks) {
      const user = await createUser(context, { balance: 1_000, ...options });
      const session = await openSession(context, user);
      await block(session);
      const before = await snapshot(context, user.id);
      const response = await walletCall(context, 'debit', debitBody(session, 100));
      expect(response.statusCode, name).toBe(422);
      expect(response.json().code, name).toBe('PlayerBlocked');
      expect(await snapshot(context, user.id), name).toEqual(before);
    }
  });

  it('pays a credit after logout and during a self-exclusion: bets settle whatever the session', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const first = await placeBet(context, session, 300);
    const second = await placeBet(context, session, 200);
    await context.request({ method: 'POST', url: '/auth/logout', token: session.accessToken });
    expect((await settleBet(context, user.id, first.betId, 900)).balance).toBe(1_400);
    const { accessToken } = await login(context, user);
    const excluded = await context.request({
      method: 'POST',
      url: '/responsible-gambling/lock-account',
      token: accessToken,
      payload: { permanently: true },
    });
    expect(excluded.statusCode).toBe(200);
    expect((await settleBet(context, user.id, second.betId, 400)).balance).toBe(1_800);
    const rollback = await walletCall(context, 'rollback', rollbackBody(user.id, second.betId, second.transactionId));
    expect(rollback.json().code).toBe('BetClosed');
  });

  it('moves money once when identical debits race', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const body = debitBody(session, 300);
    const answers = await Promise.all(Array.from({ length: 8 }, () => walletCall(context, 'debit', body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await ledgerRows(context, body.betId)).toHaveLength(1);
    expect(await balanceOf(context, user.id)).toBe(700);
    expect(await betRow(context, body.betId)).toMatchObject({ staked: 300 });
  });

  it('keeps money and bets consistent when debits, credits and rollbacks of one customer race', async () => {
    const context = use();
    const { user, session } = await customer(context, 2_000);
    const stakes = Array.from({ length: 6 }, () => debitBody(session, 100));
    // A rollback racing its own debit, twice over, and settlements racing each other on one bet.
    const calls = stakes.flatMap((stake, index) => [
      walletCall(context, 'debit', stake),
      walletCall(context, 'debit', stake),
      index % 2 === 0
        ? walletCall(context, 'rollback', rollbackBody(user.id, stake.betId, stake.transactionId))
        : walletCall(context, 'credit', creditBody(user.id, stake.betId, 250)),
      index % 2 === 0
        ? walletCall(context, 'rollback', rollbackBody(user.id, stake.betId, stake.transactionId))
        : walletCall(context, 'credit', creditBody(user.id, stake.betId, 250)),
    ]);
    const answers = await Promise.all(calls);
    for (const answer of answers) expect([200, 422], answer.body).toContain(answer.statusCode);
    expect(await invariantMismatches(context)).toEqual([]);
    expect(await runningBalanceMismatches(context)).toBe(0);
    expect(await betsDisagreeingWithLedger(context)).toEqual([]);
    for (const [index, stake] of stakes.entries()) {
      const rows = await ledgerRows(context, stake.betId);
      expect(rows.filter((row) => row.kind === 'Stake').length).toBeLessThanOrEqual(1);
      expect(rows.filter((row) => row.kind === 'Refund').length).toBeLessThanOrEqual(1);
      expect(rows.filter((row) => row.kind === 'Returns').length).toBeLessThanOrEqual(1);
      if (index % 2 === 0) expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
    }
  });

  it('keeps the bets record, the ledger, profit and loss and the history in agreement', async () => {
    const context = use();
    const { user, session } = await customer(context, 5_000);
    const won = await placeBet(context, session, 1_000);
    const lost = await placeBet(context, session, 500);
    const voided = await placeBet(context, session, 300);
    const open = await placeBet(context, session, 200);
    await settleBet(context, user.id, won.betId, 2_500);
    await settleBet(context, user.id, lost.betId, 0);
    await walletCall(context, 'rollback', rollbackBody(user.id, voided.betId, voided.transactionId));
    expect(await betsDisagreeingWithLedger(context)).toEqual([]);
    expect(await invariantMismatches(context)).toEqual([]);

    const bets = await context.database.db
      .selectFrom('bets')
      .select(['staked', 'refunded', 'returned'])
      .where('user_id', '=', user.id)
      .execute();
    const staked = bets.reduce((sum, bet) => sum + bet.staked - bet.refunded, 0);
    const returned = bets.reduce((sum, bet) => sum + bet.returned, 0);
    const now = context.clock.now().getTime();
    const profitLoss = await context.request({
      method: 'POST',
      url: '/responsible-gambling/profit-loss',
      token: session.accessToken,
      payload: { from: new Date(now - 3_600_000).toISOString(), to: new Date(now + 3_600_000).toISOString() },
    });
    expect(profitLoss.json()).toEqual({ staked, returns: returned, diff: returned - staked });
    expect(staked).toBe(1_700);
    expect(returned).toBe(2_500);

    const history = await context.request({
      method: 'GET',
      url: '/transactions?vertical=sportsbook',
      token: session.accessToken,
    });
    const items = history.json() as Array<{
      kind: string;
      amount: number;
      betId: string;
      iqsTransactionId: string;
      vertical: string;
    }>;
    expect(items.map((item) => [item.kind, item.amount, item.betId])).toEqual([
      ['Refund', 300, voided.betId],
      ['Returns', 2_500, won.betId],
      ['Stake', -200, open.betId],
      ['Stake', -300, voided.betId],
      ['Stake', -500, lost.betId],
      ['Stake', -1_000, won.betId],
    ]);
    expect(items.every((item) => item.vertical === 'sportsbook' && item.iqsTransactionId)).toBe(true);
    expect(items.find((item) => item.kind === 'Stake' && item.betId === won.betId)!.iqsTransactionId).toBe(
      won.transactionId,
    );
    // A bet's refund is not a card payment: net deposits stay what the card moved.
    const net = await context.request({ method: 'GET', url: '/transactions/net-deposits', token: session.accessToken });
    expect(net.json()).toEqual({ netDeposits: 0 });
  });

  it('pushes the live balance after every call that moves money', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const pushed = vi.spyOn(context.services.live, 'sendBalance');
    try {
      const stake = await placeBet(context, session, 300);
      expect(pushed).toHaveBeenLastCalledWith(user.id, 700);
      const second = await placeBet(context, session, 100);
      await walletCall(context, 'rollback', rollbackBody(user.id, second.betId, second.transactionId));
      expect(pushed).toHaveBeenLastCalledWith(user.id, 700);
      await settleBet(context, user.id, stake.betId, 450);
      expect(pushed).toHaveBeenLastCalledWith(user.id, 1_150);
      expect(pushed).toHaveBeenCalledTimes(4);
    } finally {
      pushed.mockRestore();
    }
  });

  it('refuses account deletion with UserHasOpenBets while a bet is open, and allows it once closed at zero', async () => {
    const context = use();
    const { user, session } = await customer(context, 500);
    const stake = await placeBet(context, session, 500);
    expect(await balanceOf(context, user.id)).toBe(0);
    const refused = await context.request({
      method: 'DELETE',
      url: '/auth/account',
      token: session.accessToken,
      payload: { password: user.password },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: USER_HAS_OPEN_BETS, code: 'UserHasOpenBets' });
    await settleBet(context, user.id, stake.betId, 0);
    const deleted = await context.request({
      method: 'DELETE',
      url: '/auth/account',
      token: session.accessToken,
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await betRow(context, stake.betId)).toMatchObject({ status: 'closed', staked: 500 });
  });
});
