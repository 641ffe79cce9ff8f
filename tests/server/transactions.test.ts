import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, type TestContext } from './support/harness';
import { customerWithSavedCard, key, notification, openDeposit, sendNotification } from './support/money';
import { MINUTE } from '../../server/platform/clock';
import { TRANSACTION_FILTERS } from '../../src/contract/transactions';
import { CASH_OUT_DESCRIPTIONS } from '../../src/contract/games';
import type { TransactionKind, Vertical } from '../../server/modules/wallet/tables';

interface Row {
  id: number;
  amount: number;
  kind: string;
  vertical: string;
  createdAt: string;
  balanceOut: number;
}

async function customer(context: TestContext) {
  const user = await createUser(context);
  const { accessToken } = await login(context, user);
  return { user, token: accessToken };
}

const post = (
  context: TestContext,
  userId: number,
  amount: number,
  kind: TransactionKind = 'Adjustment',
  vertical: Vertical = 'wallet',
) =>
  context.services.ledger.transaction((_trx, posting) =>
    posting({
      userId,
      amount,
      kind,
      vertical,
      reference: `${kind} ${amount}`,
      betId: vertical === 'wallet' ? null : `bet-${amount}`,
    }),
  );

const page = async (context: TestContext, token: string, query: string) => {
  const response = await context.request({ method: 'GET', url: `/transactions?${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Row[];
};

describeEachDatabase('transactions', (use) => {
  it('pages newest first with prevId and returns every row exactly once while new rows arrive', async () => {
    const context = use();
    const { user, token } = await customer(context);
    for (let index = 1; index <= 45; index++) await post(context, user.id, index * 100);
    const seen: number[] = [];
    let prevId: number | undefined;
    let pages = 0;
    let inserted = 0;
    for (;;) {
      const rows = await page(context, token, `limit=20${prevId ? `&prevId=${prevId}` : ''}`);
      pages++;
      for (let index = 1; index < rows.length; index++) expect(rows[index]!.id).toBeLessThan(rows[index - 1]!.id);
      seen.push(...rows.map((row) => row.id));
      // New postings land between page loads; they are newer, so they never shift older pages.
      for (let extra = 0; extra < 3; extra++, inserted++) await post(context, user.id, 7);
      if (rows.length < 20) break;
      prevId = rows.at(-1)!.id;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    const first = await page(context, token, 'limit=100');
    expect(first).toHaveLength(45 + inserted);
  });

  it('filters by kind and vertical (also as productVertical), as the chips ask', async () => {
    const context = use();
    const { user, token } = await customerWithSavedCard(context);
    const { paymentId } = await openDeposit(context, token, 5_000);
    await sendNotification(context, notification(paymentId, 5_000));
    await post(context, user.id, -1_000, 'Stake', 'sportsbook');
    await post(context, user.id, 2_500, 'Returns', 'sportsbook');
    await post(context, user.id, -500, 'Stake', 'p2p');
    await post(context, user.id, 900, 'Returns', 'p2p');
    await context.request({
      method: 'POST',
      url: '/withdraw',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 700 },
    });

    const kindsFor = async (label: string) => {
      const filter = TRANSACTION_FILTERS.find((f) => f.label === label)!;
      const rows = await page(context, token, new URLSearchParams(filter.query as Record<string, string>).toString());
      return rows.map((row) => `${row.kind}:${row.vertical}:${row.amount}`);
    };
    expect(await kindsFor('All')).toEqual([
      'Withdrawal:wallet:-700',
      'Returns:p2p:900',
      'Stake:p2p:-500',
      'Returns:sportsbook:2500',
      'Stake:sportsbook:-1000',
      'Deposit:wallet:5000',
    ]);
    expect(await kindsFor('Deposit')).toEqual(['Deposit:wallet:5000']);
    expect(await kindsFor('Withdraw')).toEqual(['Withdrawal:wallet:-700']);
    expect(await kindsFor('Sportsbook')).toEqual(['Returns:sportsbook:2500', 'Stake:sportsbook:-1000']);
    expect(await kindsFor('P2P Bets')).toEqual(['Returns:p2p:900', 'Stake:p2p:-500']);
    expect(await kindsFor('Winnings')).toEqual(['Returns:p2p:900', 'Returns:sportsbook:2500']);
    expect((await page(context, token, 'productVertical=p2p')).map((row) => row.amount)).toEqual([900, -500]);
    const net = await context.request({ method: 'GET', url: '/transactions/net-deposits', token });
    expect(net.json()).toEqual({ netDeposits: 4_300 });
  });

  it('marks sportsbook returns that paid a cash out, in full or in part, and keeps them under Winnings', async () => {
    const context = use();
    const { user, token } = await customer(context);
    const returns = (amount: number, reference: string, vertical: Vertical = 'sportsbook') =>
      context.services.ledger.transaction((_trx, posting) =>
        posting({ userId: user.id, amount, kind: 'Returns', vertical, reference, betId: `bet-${amount}` }),
      );
    await returns(950, CASH_OUT_DESCRIPTIONS.full);
    await returns(500, CASH_OUT_DESCRIPTIONS.partial);
    await returns(1_750, 'Sportsbook returns');
    // Only the sportsbook pays cash outs: the same words on another vertical's returns are not one.
    await returns(300, CASH_OUT_DESCRIPTIONS.full, 'p2p');

    const winnings = TRANSACTION_FILTERS.find((filter) => filter.label === 'Winnings')!;
    const rows = (await page(
      context,
      token,
      new URLSearchParams(winnings.query as Record<string, string>).toString(),
    )) as Array<Row & { cashOut: boolean }>;
    expect(rows.map((row) => `${row.amount}:${row.cashOut}`)).toEqual([
      '300:false',
      '1750:false',
      '500:true',
      '950:true',
    ]);
  });

  it('counts net deposits as deposits less withdrawals: a rejected withdrawal counts back, a bet refund or a credit does not', async () => {
    const context = use();
    const { user, token } = await customerWithSavedCard(context);
    const { paymentId } = await openDeposit(context, token, 5_000);
    await sendNotification(context, notification(paymentId, 5_000));
    const paid = await context.request({
      method: 'POST',
      url: '/withdraw',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 700 },
    });
    const refused = await context.request({
      method: 'POST',
      url: '/withdraw',
      token,
      headers: { 'idempotency-key': key() },
      payload: { amount: 1_000 },
    });
    expect([paid.statusCode, refused.statusCode]).toEqual([200, 200]);
    await context.services.payments.rejectWithdrawal(refused.json().paymentId, 'Documents needed');
    await post(context, user.id, -2_000, 'Stake', 'sportsbook');
    await post(context, user.id, 2_000, 'Refund', 'sportsbook');
    await post(context, user.id, -300, 'Stake', 'p2p');
    await post(context, user.id, 300, 'Refund', 'p2p');
    await post(context, user.id, 1_234, 'Adjustment');
    const net = await context.request({ method: 'GET', url: '/transactions/net-deposits', token });
    expect(net.json()).toEqual({ netDeposits: 5_000 - 700 });
  });

  it('keeps to the from/to range, and shows only the customer their own rows', async () => {
    const context = use();
    const { user } = await customer(context);
    const other = await customer(context);
    const start = context.clock.now();
    await post(context, user.id, 100);
    context.clock.advance(10 * MINUTE);
    await post(context, user.id, 200);
    context.clock.advance(10 * MINUTE);
    await post(context, user.id, 300);
    await post(context, other.user.id, 999);
    // The clock moved past the access token's life.
    const token = (await login(context, user)).accessToken;
    const otherToken = (await login(context, other.user)).accessToken;
    const from = new Date(start.getTime() + 5 * MINUTE).toISOString();
    const to = new Date(start.getTime() + 15 * MINUTE).toISOString();
    expect((await page(context, token, `from=${from}&to=${to}`)).map((row) => row.amount)).toEqual([200]);
    expect((await page(context, token, `from=${from}`)).map((row) => row.amount)).toEqual([300, 200]);
    expect((await page(context, otherToken, '')).map((row) => row.amount)).toEqual([999]);
    const backwards = await context.request({ method: 'GET', url: `/transactions?from=${to}&to=${from}`, token });
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, "'To' date cannot be before 'From' date."]);
  });

  it('refuses bad queries with 400 and never 500', async () => {
    const context = use();
    const { token } = await customer(context);
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'prevId=-1',
      'prevId=1e99',
      'kind=Bonus',
      'vertical=casino',
      'from=yesterday',
      'to=2026-13-45T99:00:00Z',
      `from=${'9'.repeat(5000)}`,
      'limit=1&limit=2',
    ]) {
      const response = await context.request({ method: 'GET', url: `/transactions?${query}`, token });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
    }
    expect((await context.request({ method: 'GET', url: '/transactions' })).statusCode).toBe(401);
  });
});
