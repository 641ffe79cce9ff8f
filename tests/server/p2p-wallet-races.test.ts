import { afterAll, expect, it } from 'vitest';
import { createUser, describeEachDatabase, type TestContext } from './support/harness';
import { holdBody, moneyBody, newMarketId, openExchangeSession, p2pCall, p2pMoney } from './support/p2p-wallet';
import { balanceOf, invariantMismatches, runningBalanceMismatches } from './support/money';
import { pgRace } from './support/pg-race';

async function customer(context: TestContext, balance: number) {
  const user = await createUser(context, { balance });
  return { user, session: await openExchangeSession(context, user) };
}

function position(context: TestContext, userId: number, marketId: string) {
  return context.database.db
    .selectFrom('p2p_positions')
    .select(['held', 'status'])
    .where('user_id', '=', userId)
    .where('market_id', '=', marketId)
    .executeTakeFirst();
}

describeEachDatabase('p2p wallet: calls racing', (use, kind) => {
  it('after 20 concurrent holds and releases on one customer, the ledger, the position and the market agree exactly', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const marketId = newMarketId();
    await p2pMoney(context, 'hold', holdBody(session, marketId, 500));
    const calls = Array.from({ length: 20 }, (_, index) =>
      index % 2 === 0
        ? { call: 'hold' as const, body: holdBody(session, marketId, 90 + index), sign: -1 }
        : { call: 'release' as const, body: moneyBody(user.id, marketId, 60 + index), sign: 1 },
    );
    const responses = await Promise.all(calls.map(({ call, body }) => p2pCall(context, call, body)));
    let expectedBalance = 500;
    let expectedHeld = 500;
    for (const [index, response] of responses.entries()) {
      const { call, body, sign } = calls[index]!;
      if (response.statusCode === 200) {
        expectedBalance += sign * body.amount;
        expectedHeld -= sign * body.amount;
      } else expect(response.json().code, call).toBe(call === 'hold' ? 'InsufficientFunds' : 'HoldExceeded');
    }
    expect(await balanceOf(context, user.id)).toBe(expectedBalance);
    expect((await position(context, user.id, marketId))!.held).toBe(expectedHeld);
    expect(expectedBalance + expectedHeld).toBe(1_000);
    const market = await p2pCall(context, 'positions', { marketId });
    const { totalHeld, totalPaid } = market.json() as { totalHeld: number; totalPaid: number };
    expect(totalHeld - totalPaid).toBe(expectedHeld);
    expect(await invariantMismatches(context)).toEqual([]);
    expect(await runningBalanceMismatches(context)).toBe(0);
    // Every call answered is recorded once, with its posting.
    const recorded = await context.database.db
      .selectFrom('p2p_wallet_calls')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('market_id', '=', marketId)
      .executeTakeFirstOrThrow();
    expect(Number(recorded.count)).toBe(1 + responses.filter((response) => response.statusCode === 200).length);
  });

  it('two settlements racing on one market never pay out more than was held on it', async () => {
    const context = use();
    const first = await customer(context, 500);
    const second = await customer(context, 500);
    const marketId = newMarketId();
    await p2pMoney(context, 'hold', holdBody(first.session, marketId, 500));
    await p2pMoney(context, 'hold', holdBody(second.session, marketId, 500));
    const responses = await Promise.all([
      p2pCall(context, 'settle', moneyBody(first.user.id, marketId, 800)),
      p2pCall(context, 'settle', moneyBody(second.user.id, marketId, 800)),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    expect(responses.find((response) => response.statusCode === 422)!.json().code).toBe('MarketOverpaid');
    const market = (await p2pCall(context, 'positions', { marketId })).json() as {
      totalHeld: number;
      totalPaid: number;
    };
    expect(market).toMatchObject({ totalHeld: 1_000, totalPaid: 800 });
    expect((await balanceOf(context, first.user.id)) + (await balanceOf(context, second.user.id))).toBe(800);
  });

  it('the same hold sent five times at once moves money once, and every copy gets the one answer', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const hold = holdBody(session, newMarketId(), 250);
    const responses = await Promise.all(Array.from({ length: 5 }, () => p2pCall(context, 'hold', hold)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    for (const response of responses) expect(response.json()).toEqual(responses[0]!.json());
    expect(await balanceOf(context, user.id)).toBe(750);
    expect((await position(context, user.id, hold.marketId))!.held).toBe(250);
  });

  if (kind === 'postgres') {
    const race = pgRace(use);
    const { connect, lockWaiters, until } = race;
    afterAll(() => race.close());

    it('settlements of two customers that wait on the market together still pay out no more than was held [postgres only]', async () => {
      const context = use();
      const first = await customer(context, 500);
      const second = await customer(context, 500);
      const marketId = newMarketId();
      await p2pMoney(context, 'hold', holdBody(first.session, marketId, 500));
      await p2pMoney(context, 'hold', holdBody(second.session, marketId, 500));
      const { client: monitor, pid: monitorPid } = await connect();
      const holder = await connect();
      await holder.client.query('BEGIN');
      await holder.client.query('SELECT held FROM p2p_markets WHERE market_id = $1 FOR UPDATE', [marketId]);
      const settling = Promise.all([
        p2pCall(context, 'settle', moneyBody(first.user.id, marketId, 800)),
        p2pCall(context, 'settle', moneyBody(second.user.id, marketId, 800)),
      ]);
      await until(
        async () => (await lockWaiters(monitor, [holder.pid, monitorPid])) === 2,
        'both settlements waiting on the market',
      );
      await holder.client.query('COMMIT');
      const responses = await settling;
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
      expect(responses.find((response) => response.statusCode === 422)!.json().code).toBe('MarketOverpaid');
      expect((await balanceOf(context, first.user.id)) + (await balanceOf(context, second.user.id))).toBe(800);
    });

    it('a hold sent while a self-exclusion is being written waits for it and is refused PlayerBlocked [postgres only]', async () => {
      const context = use();
      const { user, session } = await customer(context, 1_000);
      const { client: monitor, pid: monitorPid } = await connect();
      const exclusion = await race.heldSelfExclusion(user.id);
      const holding = p2pCall(context, 'hold', holdBody(session, newMarketId(), 100));
      await until(
        async () => (await lockWaiters(monitor, [exclusion.pid, monitorPid])) > 0,
        'the hold waiting on the exclusion',
      );
      await exclusion.commit();
      const response = await holding;
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().code).toBe('PlayerBlocked');
      expect(await balanceOf(context, user.id)).toBe(1_000);
    });
  }
});
