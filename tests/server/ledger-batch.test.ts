import { expect, it, vi } from 'vitest';
import { describeEachDatabase, createUser, type TestContext } from './support/harness';
import { balanceOf, invariantMismatches, runningBalanceMismatches } from './support/money';
import { rowCounts } from './support/sweep';
import type { Posting } from '../../server/modules/wallet/ledger';

const stake = (userId: number, amount: number): Posting => ({
  userId,
  amount: -amount,
  kind: 'Stake',
  vertical: 'sportsbook',
  reference: 'stake',
  betId: `bet-${userId}-${amount}`,
});
const postMany = (context: TestContext, postings: Posting[]) =>
  context.services.ledger.transaction((_trx, _post, many) => many(postings));

describeEachDatabase('ledger: postings of one sign in one statement', (use) => {
  it('debits post in the order given with the running balance after each; a wallet short of its sum takes none of its own, and is not pushed', async () => {
    const context = use();
    const ann = await createUser(context, { balance: 1_000 });
    const bob = await createUser(context, { balance: 500 });
    const cat = await createUser(context, { balance: 2_000 });
    const pushed = vi.spyOn(context.services.live, 'sendBalance');
    try {
      const posted = await postMany(context, [
        stake(ann.id, 100),
        stake(bob.id, 400),
        stake(cat.id, 1_000),
        stake(ann.id, 250),
        stake(bob.id, 200),
        stake(2_000_000_001, 1),
        stake(cat.id, 1_000),
      ]);
      expect(posted.map((one) => one && [one.userId, one.balanceOut])).toEqual([
        [ann.id, 900],
        null,
        [cat.id, 1_000],
        [ann.id, 650],
        null,
        null,
        [cat.id, 0],
      ]);
      const ids = posted.flatMap((one) => (one ? [one.transactionId] : []));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect([
        await balanceOf(context, ann.id),
        await balanceOf(context, bob.id),
        await balanceOf(context, cat.id),
      ]).toEqual([650, 500, 0]);
      expect(pushed.mock.calls.sort()).toEqual(
        [
          [ann.id, 650],
          [cat.id, 0],
        ].sort(),
      );
    } finally {
      pushed.mockRestore();
    }
    expect(await invariantMismatches(context)).toEqual([]);
    expect(await runningBalanceMismatches(context)).toBe(0);
  });

  it('refuses postings of both signs together, moving nothing', async () => {
    const context = use();
    const dan = await createUser(context, { balance: 1_000 });
    const before = await rowCounts(context);
    await expect(
      postMany(context, [stake(dan.id, 100), { ...stake(dan.id, 100), amount: 100, kind: 'Returns' }]),
    ).rejects.toThrow(/Invalid posting amount/);
    expect(await rowCounts(context)).toEqual(before);
    expect(await balanceOf(context, dan.id)).toBe(1_000);
  });
});
