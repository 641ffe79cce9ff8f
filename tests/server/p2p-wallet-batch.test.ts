import { expect, it } from 'vitest';
import pg from 'pg';
import { createUser, describeEachDatabase, type TestContext } from './support/harness';
import { holdBody, moneyBody, newMarketId, openExchangeSession, p2pCall, p2pMoney } from './support/p2p-wallet';
import { balanceOf, invariantMismatches } from './support/money';

async function customer(context: TestContext, balance: number) {
  return openExchangeSession(context, await createUser(context, { balance }));
}

/** The statements sent to the database (both kinds go through pg's client) while `work` runs. */
async function statementsDuring<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const query = pg.Client.prototype.query;
  let statements = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    return (query as (...args: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    const result = await work();
    return { result, statements };
  } finally {
    pg.Client.prototype.query = query;
  }
}

describeEachDatabase('p2p wallet: a batch of holds at once', (use) => {
  it('decides a batch of good holds in a handful of statements, each answered as the single call would', async () => {
    const context = use();
    const first = await customer(context, 100_000);
    const second = await customer(context, 50_000);
    const open = newMarketId();
    const fresh = newMarketId();
    await p2pMoney(context, 'hold', holdBody(first, open, 1_000));
    const holds = Array.from({ length: 30 }, (_, n) => {
      const who = n % 3 === 2 ? second : first;
      const hold = holdBody(who, n % 2 === 0 ? open : fresh, 100 + n);
      return n === 5 ? { ...hold, eventName: 'Arsenal v Chelsea' } : hold;
    });
    const { result: response, statements } = await statementsDuring(() => p2pCall(context, 'holds', { holds }));
    expect(response.statusCode, response.body).toBe(200);

    // As one by one in the order sent: each player's balance and each position's hold after each hold.
    const balance = new Map([
      [first.playerId, 99_000],
      [second.playerId, 50_000],
    ]);
    const held = new Map([[`${first.playerId} ${open}`, 1_000]]);
    const expected = holds.map((hold) => {
      const position = `${hold.playerId} ${hold.marketId}`;
      balance.set(hold.playerId, balance.get(hold.playerId)! - hold.amount);
      held.set(position, (held.get(position) ?? 0) + hold.amount);
      return {
        transactionId: hold.transactionId,
        answer: {
          balance: balance.get(hold.playerId),
          walletTransactionId: expect.any(Number),
          held: held.get(position),
        },
      };
    });
    expect(response.json()).toEqual({ results: expected });
    // A round of statements per hold would be well over a hundred here.
    expect(statements).toBeLessThan(20);

    expect(await balanceOf(context, first.playerId)).toBe(balance.get(first.playerId));
    expect(await balanceOf(context, second.playerId)).toBe(balance.get(second.playerId));
    expect(await invariantMismatches(context)).toEqual([]);
    const positions = await context.database.db
      .selectFrom('p2p_positions')
      .select(['user_id', 'market_id', 'held', 'held_total', 'event_name'])
      .where('market_id', 'in', [open, fresh])
      .orderBy('user_id')
      .orderBy('market_id')
      .execute();
    expect(positions).toEqual(
      [...held]
        .map(([position, amount]) => {
          const [userId, marketId] = position.split(' ');
          return {
            user_id: Number(userId),
            market_id: marketId,
            held: amount,
            held_total: amount,
            event_name: position === `${holds[5]!.playerId} ${holds[5]!.marketId}` ? 'Arsenal v Chelsea' : null,
          };
        })
        .sort((a, b) => a.user_id - b.user_id || a.market_id.localeCompare(b.market_id)),
    );
    const markets = await context.database.db
      .selectFrom('p2p_markets')
      .select(['market_id', 'held'])
      .where('market_id', 'in', [open, fresh])
      .execute();
    const sumOn = (marketId: string) =>
      [...held].filter(([position]) => position.endsWith(` ${marketId}`)).reduce((sum, [, amount]) => sum + amount, 0);
    expect(new Map(markets.map((row) => [row.market_id, Number(row.held)]))).toEqual(
      new Map([
        [open, sumOn(open)],
        [fresh, sumOn(fresh)],
      ]),
    );

    // Sent again: the first answers, nothing moved again.
    const again = await p2pCall(context, 'holds', { holds });
    expect(again.json()).toEqual(response.json());
    expect(await balanceOf(context, first.playerId)).toBe(balance.get(first.playerId));
  });

  it('decides a batch of good releases in a handful of statements, and refuses a bad one alone', async () => {
    const context = use();
    const first = await customer(context, 10_000);
    const second = await customer(context, 10_000);
    const one = newMarketId();
    const other = newMarketId();
    await p2pCall(context, 'holds', {
      holds: [holdBody(first, one, 1_000), holdBody(first, other, 500), holdBody(second, one, 800)],
    });
    const releases = [
      moneyBody(first.playerId, one, 100),
      moneyBody(second.playerId, one, 300),
      moneyBody(first.playerId, one, 200),
      moneyBody(first.playerId, other, 500),
    ];
    const { result: response, statements } = await statementsDuring(() => p2pCall(context, 'releases', { releases }));
    expect(response.statusCode, response.body).toBe(200);
    const taken = (index: number, balance: number, held: number) => ({
      transactionId: releases[index]!.transactionId,
      answer: { balance, walletTransactionId: expect.any(Number), held },
    });
    expect(response.json()).toEqual({
      results: [taken(0, 8_600, 900), taken(1, 9_500, 500), taken(2, 8_800, 700), taken(3, 9_300, 0)],
    });
    // A round of statements per release would be forty here.
    expect(statements).toBeLessThan(20);
    expect(await invariantMismatches(context)).toEqual([]);
    const again = await p2pCall(context, 'releases', { releases });
    expect(again.json()).toEqual(response.json());
    expect(await balanceOf(context, first.playerId)).toBe(9_300);

    // Beyond the hold: refused alone, the rest taken as one by one.
    const mixed = [moneyBody(second.playerId, one, 501), moneyBody(second.playerId, one, 200)];
    const decided = await p2pCall(context, 'releases', { releases: mixed });
    expect(decided.json()).toEqual({
      results: [
        {
          transactionId: mixed[0]!.transactionId,
          error: { status: 422, message: expect.any(String), code: 'HoldExceeded' },
        },
        {
          transactionId: mixed[1]!.transactionId,
          answer: { balance: 9_700, walletTransactionId: expect.any(Number), held: 300 },
        },
      ],
    });
    const market = await context.database.db
      .selectFrom('p2p_markets')
      .select(['held', 'paid'])
      .where('market_id', '=', one)
      .executeTakeFirstOrThrow();
    expect({ held: Number(market.held), paid: Number(market.paid) }).toEqual({ held: 1_800, paid: 800 });
  });
});
