import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from './support/harness';
import {
  customerWithSavedCard,
  invariantMismatches,
  key,
  notification,
  openDeposit,
  runningBalanceMismatches,
  sendNotification,
  balanceOf,
} from './support/money';

interface Account {
  id: number;
  token: string;
}

async function hotAccount(context: TestContext): Promise<Account> {
  const { user, token } = await customerWithSavedCard(context, 5_000);
  return { id: user.id, token };
}

describeEachDatabase('ledger invariant', (use) => {
  it('after 200 concurrent deposits, withdrawals and adjustments on a few hot accounts, every balance is the sum of its transactions and never below zero', async () => {
    const context = use();
    // Six accounts keep each under the limit of Open card-page deposits one customer may have waiting at once.
    const accounts = await Promise.all(Array.from({ length: 6 }, () => hotAccount(context)));
    // Deposits settle by notification, so their payments are opened first.
    const deposits = [];
    for (let index = 0; index < 50; index++) {
      const account = accounts[index % accounts.length]!;
      const amount = 500 + index * 10;
      deposits.push({ account, amount, ...(await openDeposit(context, account.token, amount)) });
    }
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const operations: Array<() => Promise<{ ok: boolean; userId: number; delta: number }>> = [];
    for (const deposit of deposits) {
      operations.push(async () => {
        const response = await sendNotification(context, notification(deposit.paymentId, deposit.amount));
        return {
          ok: response.statusCode === 200 && response.json().status === 'Completed',
          userId: deposit.account.id,
          delta: deposit.amount,
        };
      });
    }
    for (let index = 0; index < 50; index++) {
      const account = accounts[index % accounts.length]!;
      const amount = 200 + Math.floor(random() * 3_000);
      operations.push(async () => {
        const response = await context.request({
          method: 'POST',
          url: '/deposit_js',
          token: account.token,
          headers: { 'idempotency-key': key() },
          payload: { amount: Math.max(500, amount) },
        });
        return {
          ok: response.statusCode === 200 && response.json().status === 'Completed',
          userId: account.id,
          delta: Math.max(500, amount),
        };
      });
    }
    for (let index = 0; index < 60; index++) {
      const account = accounts[index % accounts.length]!;
      const amount = 100 + Math.floor(random() * 4_000);
      operations.push(async () => {
        const response = await context.request({
          method: 'POST',
          url: '/withdraw',
          token: account.token,
          headers: { 'idempotency-key': key() },
          payload: { amount },
        });
        if (response.statusCode !== 200) expect(response.json().message).toBe('Insufficient funds');
        return { ok: response.statusCode === 200, userId: account.id, delta: -amount };
      });
    }
    for (let index = 0; index < 40; index++) {
      const account = accounts[index % accounts.length]!;
      const amount = (random() < 0.5 ? -1 : 1) * (100 + Math.floor(random() * 2_000));
      operations.push(async () => {
        try {
          await context.services.wallet.adjust(account.id, amount, 'invariant test');
          return { ok: true, userId: account.id, delta: amount };
        } catch (error) {
          expect((error as Error).message).toBe('Insufficient funds');
          return { ok: false, userId: account.id, delta: amount };
        }
      });
    }
    expect(operations).toHaveLength(200);
    // Shuffle so kinds interleave.
    operations.sort(() => random() - 0.5);
    const outcomes = await Promise.all(operations.map((operation) => operation()));

    expect(outcomes.filter((o) => !o.ok).length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.ok).length).toBeGreaterThan(100);
    for (const account of accounts) {
      const expected =
        5_000 + outcomes.filter((o) => o.ok && o.userId === account.id).reduce((sum, o) => sum + o.delta, 0);
      expect(await balanceOf(context, account.id)).toBe(expected);
    }
    expect(await invariantMismatches(context)).toEqual([]);
    expect(await runningBalanceMismatches(context)).toBe(0);
  });
});
