import { expect, it } from 'vitest';
import { createUser, describeEachDatabase, login, TEST_SECRETS, type TestContext } from './support/harness';
import { debitBody, launchToken, walletCall } from './support/games';
import {
  expectP2pRefused,
  holdBody,
  moneyBody,
  newMarketId,
  openExchangeSession,
  p2pCall,
  p2pLaunchToken,
  p2pMoney,
} from './support/p2p-wallet';
import { balanceOf, invariantMismatches } from './support/money';
import { HOLD_REFERENCE, RELEASE_REFERENCE, SETTLEMENT_REFERENCE } from '../../server/modules/p2p-wallet/service';
import { USER_HAS_OPEN_BETS } from '../../src/contract/account';
import { HOLD_BATCH_MAX, p2pWalletCallPath, type PositionsResponse } from '../../src/contract/p2p-wallet';

async function customer(context: TestContext, balance = 10_000) {
  const user = await createUser(context, { balance });
  return { user, session: await openExchangeSession(context, user) };
}

function ledgerRows(context: TestContext, userId: number) {
  return context.database.db
    .selectFrom('transactions')
    .select(['kind', 'amount', 'vertical', 'bet_id', 'iqs_transaction_id', 'reference'])
    .where('user_id', '=', userId)
    .where('vertical', '=', 'p2p')
    .orderBy('id')
    .execute();
}

function position(context: TestContext, userId: number, marketId: string) {
  return context.database.db
    .selectFrom('p2p_positions')
    .select(['held', 'held_total', 'released', 'paid', 'status'])
    .where('user_id', '=', userId)
    .where('market_id', '=', marketId)
    .executeTakeFirst();
}

describeEachDatabase('p2p wallet: the exchange door', (use) => {
  it('launches the exchange at EXCHANGE_URL, anonymous or with a one-time token its authenticate takes once', async () => {
    const context = use();
    const anonymous = await context.request({ method: 'GET', url: '/games/p2p' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ url: 'http://localhost:8200/' });

    const user = await createUser(context, { balance: 2_500 });
    const { accessToken } = await login(context, user);
    const token = await p2pLaunchToken(context, accessToken);
    const first = await p2pCall(context, 'authenticate', { token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ playerId: user.id, sessionId: expect.any(String), currency: 'GBP', balance: 2_500 });
    const again = await p2pCall(context, 'authenticate', { token });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('InvalidToken');

    const balance = await p2pCall(context, 'balance', { playerId: user.id, sessionId: first.json().sessionId });
    expect(balance.json()).toEqual({ balance: 2_500, currency: 'GBP' });
  });

  it("keeps the doors apart: neither takes the other's launch token or session", async () => {
    const context = use();
    const user = await createUser(context, { balance: 1_000 });
    const { accessToken } = await login(context, user);
    const sportsbookToken = await launchToken(context, accessToken);
    const refused = await p2pCall(context, 'authenticate', { token: sportsbookToken });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('InvalidToken');
    const exchangeToken = await p2pLaunchToken(context, accessToken);
    const sportsbook = await walletCall(context, 'authenticate', { token: exchangeToken });
    expect(sportsbook.statusCode).toBe(401);
    expect(sportsbook.json().code).toBe('InvalidToken');

    const sportsbookSession = await walletCall(context, 'authenticate', {
      token: await launchToken(context, accessToken),
    });
    const session = { playerId: user.id, sessionId: sportsbookSession.json().sessionId as string };
    await expectP2pRefused(context, user.id, 'hold', holdBody(session, newMarketId(), 100), 'SessionExpired');

    const exchange = await openExchangeSession(context, user);
    const exchangeSession = { playerId: user.id, sessionId: exchange.sessionId };
    for (const [call, body] of [
      ['balance', exchangeSession],
      ['debit', debitBody(exchangeSession, 100)],
    ] as const) {
      const answer = await walletCall(context, call, body);
      expect(answer.statusCode, call).toBe(401);
      expect(answer.json().code, call).toBe('SessionExpired');
    }
    expect(await balanceOf(context, user.id)).toBe(1_000);
  });

  it('refuses a call without a good signature of its own secret: wrong, the sportsbook secret, stale, tampered, none', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const body = holdBody(session, newMarketId(), 100);
    const raw = JSON.stringify(body);
    const now = context.clock.now();
    const { signWalletRequest } = await import('../../server/platform/signing/wallet-signature');
    const cases: Array<[string, Parameters<typeof p2pCall>[3]]> = [
      ['a wrong secret', { secret: 'not-the-secret' }],
      ["the sportsbook's secret", { secret: TEST_SECRETS.sportsbookSecret }],
      ['stale', { at: new Date(now.getTime() - 301_000) }],
      ['from the future', { at: new Date(now.getTime() + 301_000) }],
      [
        'another body',
        {
          signature: signWalletRequest(
            TEST_SECRETS.exchangeSecret,
            'POST',
            p2pWalletCallPath('hold'),
            raw.replace('100', '1'),
            now,
          ),
        },
      ],
      ['none', { signature: null }],
    ];
    for (const [name, options] of cases) {
      const response = await p2pCall(context, 'hold', raw, options);
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toEqual({ message: expect.any(String), code: 'BadSignature' });
    }
    expect(await balanceOf(context, user.id)).toBe(1_000);
    const atSportsbook = await walletCall(
      context,
      'balance',
      { playerId: user.id, sessionId: session.sessionId },
      { secret: TEST_SECRETS.exchangeSecret },
    );
    expect(atSportsbook.statusCode).toBe(401);
    expect(atSportsbook.json().code).toBe('BadSignature');
  });

  it('hold posts an Exchange hold in the P2P vertical and raises the position; release lowers it with no session', async () => {
    const context = use();
    const { user, session } = await customer(context, 5_000);
    const marketId = newMarketId();
    const hold = holdBody(session, marketId, 1_200);
    expect(await p2pMoney(context, 'hold', hold)).toEqual({
      balance: 3_800,
      walletTransactionId: expect.any(Number),
      held: 1_200,
    });
    expect((await p2pMoney(context, 'hold', holdBody(session, marketId, 300))).held).toBe(1_500);
    await context.request({ method: 'POST', url: '/auth/logout', token: session.accessToken });
    const release = moneyBody(user.id, marketId, 500);
    expect(await p2pMoney(context, 'release', release)).toEqual({
      balance: 4_000,
      walletTransactionId: expect.any(Number),
      held: 1_000,
    });
    expect(await position(context, user.id, marketId)).toEqual({
      held: 1_000,
      held_total: 1_500,
      released: 500,
      paid: 0,
      status: 'open',
    });
    const rows = await ledgerRows(context, user.id);
    expect(rows[0]).toEqual({
      kind: 'Exchange hold',
      amount: -1_200,
      vertical: 'p2p',
      bet_id: marketId,
      iqs_transaction_id: hold.transactionId,
      reference: HOLD_REFERENCE,
    });
    expect(rows.map((row) => [row.kind, row.amount, row.reference])).toEqual([
      ['Exchange hold', -1_200, HOLD_REFERENCE],
      ['Exchange hold', -300, HOLD_REFERENCE],
      ['Exchange release', 500, RELEASE_REFERENCE],
    ]);
    expect(rows[2]!.iqs_transaction_id).toBe(release.transactionId);
  });

  it('refuses a hold beyond the balance, a release beyond the hold, and a hold after logout, changing nothing', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const marketId = newMarketId();
    await expectP2pRefused(context, user.id, 'hold', holdBody(session, marketId, 1_001), 'InsufficientFunds');
    await p2pMoney(context, 'hold', holdBody(session, marketId, 400));
    await expectP2pRefused(context, user.id, 'release', moneyBody(user.id, marketId, 401), 'HoldExceeded');
    await expectP2pRefused(context, user.id, 'release', moneyBody(user.id, newMarketId(), 1), 'HoldExceeded');
    await expectP2pRefused(
      context,
      user.id,
      'hold',
      holdBody({ ...session, playerId: 2_000_000 }, marketId, 1),
      'UnknownPlayer',
    );
    await context.request({ method: 'POST', url: '/auth/logout', token: session.accessToken });
    await expectP2pRefused(context, user.id, 'hold', holdBody(session, marketId, 100), 'SessionExpired');
  });

  it('refuses a hold with PlayerBlocked under every block: suspended, timed out, self-excluded, unverified, deleted, locked out', async () => {
    const context = use();
    const db = context.database.db;
    const lock = (days: number) => (accessToken: string) =>
      context.request({
        method: 'POST',
        url: '/responsible-gambling/lock-account',
        token: accessToken,
        payload: { days },
      });
    const blocks: Array<[string, (userId: number, accessToken: string) => Promise<unknown>, boolean?]> = [
      ['suspended', (userId) => context.services.accounts.suspend(userId)],
      ['timed out', (_userId, accessToken) => lock(1)(accessToken)],
      ['self-excluded', (_userId, accessToken) => lock(180)(accessToken)],
      ['unverified', async () => undefined, false],
      ['deleted', (userId) => db.updateTable('users').set({ status: 'deleted' }).where('id', '=', userId).execute()],
      ['locked out', (userId) => db.updateTable('users').set({ locked_out: true }).where('id', '=', userId).execute()],
    ];
    for (const [name, block, verified] of blocks) {
      const user = await createUser(context, { balance: 1_000, verified });
      const session = await openExchangeSession(context, user);
      const marketId = newMarketId();
      if (verified !== false) await p2pMoney(context, 'hold', holdBody(session, marketId, 100));
      await block(user.id, session.accessToken);
      const response = await p2pCall(context, 'hold', holdBody(session, marketId, 100));
      expect(response.statusCode, name).toBe(422);
      expect(response.json().code, name).toBe('PlayerBlocked');
      // A blocked customer's unmatched orders are cancelled: the release still goes through.
      if (verified !== false)
        expect((await p2pMoney(context, 'release', moneyBody(user.id, marketId, 100))).held).toBe(0);
    }
  });

  it('settle closes the position and pays its amount as Returns; the position then takes nothing more', async () => {
    const context = use();
    const backer = await customer(context, 2_000);
    const layer = await customer(context, 2_000);
    const marketId = newMarketId();
    await p2pMoney(context, 'hold', holdBody(backer.session, marketId, 1_000));
    await p2pMoney(context, 'hold', holdBody(layer.session, marketId, 1_500));
    // The backer won 1,500 less 2% commission (30); the layer lost all they held.
    expect(await p2pMoney(context, 'settle', moneyBody(backer.user.id, marketId, 2_470))).toEqual({
      balance: 3_470,
      walletTransactionId: expect.any(Number),
      held: 0,
    });
    expect(await p2pMoney(context, 'settle', moneyBody(layer.user.id, marketId, 0))).toEqual({
      balance: 500,
      walletTransactionId: null,
      held: 0,
    });
    expect(await position(context, backer.user.id, marketId)).toEqual({
      held: 0,
      held_total: 1_000,
      released: 0,
      paid: 2_470,
      status: 'settled',
    });
    expect((await ledgerRows(context, backer.user.id)).at(-1)).toMatchObject({
      kind: 'Returns',
      amount: 2_470,
      reference: SETTLEMENT_REFERENCE,
      bet_id: marketId,
    });
    const user = backer.user.id;
    await expectP2pRefused(context, user, 'settle', moneyBody(user, marketId, 0), 'PositionSettled');
    await expectP2pRefused(context, user, 'hold', holdBody(backer.session, marketId, 10), 'PositionSettled');
    await expectP2pRefused(context, user, 'release', moneyBody(user, marketId, 10), 'PositionSettled');

    const positions = await p2pCall(context, 'positions', { marketId: marketId.toUpperCase() });
    expect(positions.json()).toEqual({
      marketId,
      totalHeld: 2_500,
      totalPaid: 2_470,
      positions: [
        { playerId: backer.user.id, held: 0, paid: 2_470, status: 'settled' },
        { playerId: layer.user.id, held: 0, paid: 0, status: 'settled' },
      ].sort((a, b) => a.playerId - b.playerId),
      postings: expect.any(Array),
    });
    // Every call the PAM took, with the posting it made: the refused ones left no trace.
    const postings = (positions.json() as PositionsResponse).postings.map(({ transactionId, ...rest }) => {
      expect(transactionId).toMatch(/^[0-9a-f-]{36}$/);
      return rest;
    });
    const byPlayerAndCall = (a: { playerId: number; call: string | null }, b: typeof a) =>
      a.playerId - b.playerId || String(a.call).localeCompare(String(b.call));
    expect(postings.sort(byPlayerAndCall)).toEqual(
      [
        { call: 'hold', playerId: backer.user.id, amount: 1_000, posted: -1_000 },
        { call: 'settle', playerId: backer.user.id, amount: 2_470, posted: 2_470 },
        { call: 'hold', playerId: layer.user.id, amount: 1_500, posted: -1_500 },
        { call: 'settle', playerId: layer.user.id, amount: 0, posted: null },
      ].sort(byPlayerAndCall),
    );
  });

  it('keeps every market zero-sum: a settlement or release that would pay out more than was held is refused', async () => {
    const context = use();
    const first = await customer(context, 1_000);
    const second = await customer(context, 1_000);
    const marketId = newMarketId();
    await p2pMoney(context, 'hold', holdBody(first.session, marketId, 600));
    await p2pMoney(context, 'hold', holdBody(second.session, marketId, 400));
    await expectP2pRefused(
      context,
      first.user.id,
      'settle',
      moneyBody(first.user.id, marketId, 1_001),
      'MarketOverpaid',
    );
    await p2pMoney(context, 'settle', moneyBody(first.user.id, marketId, 900));
    // 900 of 1,000 is paid out: the second customer's 400 can no longer all come back.
    await expectP2pRefused(
      context,
      second.user.id,
      'release',
      moneyBody(second.user.id, marketId, 101),
      'MarketOverpaid',
    );
    await expectP2pRefused(
      context,
      second.user.id,
      'settle',
      moneyBody(second.user.id, marketId, 101),
      'MarketOverpaid',
    );
    await p2pMoney(context, 'release', moneyBody(second.user.id, marketId, 100));
    await p2pMoney(context, 'settle', moneyBody(second.user.id, marketId, 0));
    // Nobody ever held on this market: nothing can be paid out of it.
    await expectP2pRefused(
      context,
      first.user.id,
      'settle',
      moneyBody(first.user.id, newMarketId(), 1),
      'MarketOverpaid',
    );
    expect(await invariantMismatches(context)).toEqual([]);
  });

  it('answers a repeated call with its first answer and moves nothing again; another body under the id is 409', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const marketId = newMarketId();
    const hold = holdBody(session, marketId, 300);
    const first = await p2pMoney(context, 'hold', hold);
    // The same id in capitals and the market id in capitals are the same call.
    const again = await p2pMoney(context, 'hold', {
      ...hold,
      transactionId: hold.transactionId.toUpperCase(),
      marketId: marketId.toUpperCase(),
    });
    expect(again).toEqual(first);
    expect(await balanceOf(context, user.id)).toBe(700);
    await expectP2pRefused(context, user.id, 'hold', { ...hold, amount: 301 }, 'DuplicateTransaction');
    await expectP2pRefused(
      context,
      user.id,
      'release',
      { transactionId: hold.transactionId, playerId: user.id, marketId, amount: 300 },
      'DuplicateTransaction',
    );
    const settle = moneyBody(user.id, marketId, 250);
    const settled = await p2pMoney(context, 'settle', settle);
    expect(await p2pMoney(context, 'settle', settle)).toEqual(settled);
    await expectP2pRefused(context, user.id, 'settle', { ...settle, amount: 0 }, 'DuplicateTransaction');
    expect(await balanceOf(context, user.id)).toBe(950);
    expect(await ledgerRows(context, user.id)).toHaveLength(2);
  });

  it('a refused call leaves no trace: its id is decided afresh when sent again', async () => {
    const context = use();
    const { user, session } = await customer(context, 100);
    const marketId = newMarketId();
    const hold = holdBody(session, marketId, 500);
    await expectP2pRefused(context, user.id, 'hold', hold, 'InsufficientFunds');
    await context.services.wallet.adjust(user.id, 400, 'test funds');
    expect((await p2pMoney(context, 'hold', hold)).held).toBe(500);
  });

  it('holds many in one call: each answered on its own in the order sent, a refused one refusing only itself', async () => {
    const context = use();
    const first = await customer(context, 1_000);
    const poor = await customer(context, 100);
    const marketId = newMarketId();
    const holds = [
      holdBody(poor.session, marketId, 300),
      holdBody(first.session, marketId, 400),
      holdBody(poor.session, marketId, 60),
      holdBody(first.session, newMarketId(), 500),
      holdBody(first.session, marketId, 200),
    ];
    const response = await p2pCall(context, 'holds', { holds });
    expect(response.statusCode, response.body).toBe(200);
    const refused = (index: number) => ({
      transactionId: holds[index]!.transactionId,
      error: { status: 422, message: expect.any(String), code: 'InsufficientFunds' },
    });
    const taken = (index: number, balance: number, held: number) => ({
      transactionId: holds[index]!.transactionId,
      answer: { balance, walletTransactionId: expect.any(Number), held },
    });
    // The first customer's last hold is beyond what their first two left: refused, alone.
    expect(response.json()).toEqual({
      results: [refused(0), taken(1, 600, 400), taken(2, 40, 60), taken(3, 100, 500), refused(4)],
    });
    expect(await balanceOf(context, first.user.id)).toBe(100);
    expect(await balanceOf(context, poor.user.id)).toBe(40);
    expect(await position(context, first.user.id, marketId)).toMatchObject({ held: 400, held_total: 400 });
    expect((await ledgerRows(context, poor.user.id)).map((row) => row.amount)).toEqual([-60]);
    // The refused holds left no trace: sent again once there are funds, they are decided afresh.
    await context.services.wallet.adjust(poor.user.id, 300, 'test funds');
    const again = await p2pCall(context, 'holds', { holds: [holds[0]] });
    expect(again.json().results[0].answer).toEqual({ balance: 40, walletTransactionId: expect.any(Number), held: 360 });
  });

  it('answers a batch sent again with its first answers and moves nothing; an id reused with another body is 409 alone', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const marketId = newMarketId();
    const holds = [holdBody(session, marketId, 100), holdBody(session, marketId, 200)];
    const first = await p2pCall(context, 'holds', { holds });
    expect(first.statusCode, first.body).toBe(200);
    const single = await p2pMoney(context, 'hold', holds[1]);
    expect(single).toEqual(first.json().results[1].answer);
    const again = await p2pCall(context, 'holds', { holds });
    expect(again.json()).toEqual(first.json());
    const fresh = holdBody(session, marketId, 50);
    const mixed = await p2pCall(context, 'holds', { holds: [{ ...holds[0]!, amount: 101 }, fresh] });
    expect(mixed.json().results).toEqual([
      {
        transactionId: holds[0]!.transactionId,
        error: { status: 409, message: expect.any(String), code: 'DuplicateTransaction' },
      },
      {
        transactionId: fresh.transactionId,
        answer: { balance: 650, walletTransactionId: expect.any(Number), held: 350 },
      },
    ]);
    expect(await balanceOf(context, user.id)).toBe(650);
    expect(await ledgerRows(context, user.id)).toHaveLength(3);
  });

  it('refuses a malformed batch whole with 400, moving nothing', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const good = holdBody(session, newMarketId(), 100);
    const bad: unknown[] = [
      { holds: [] },
      { holds: Array.from({ length: HOLD_BATCH_MAX + 1 }, () => holdBody(session, good.marketId, 1)) },
      { holds: [good, { ...good, transactionId: 'not-a-uuid' }] },
      { holds: [good, { ...good, amount: 0 }] },
      { holds: [good], extra: true },
      { holds: good },
      [good],
      '{not json',
    ];
    for (const body of bad) {
      const response = await p2pCall(context, 'holds', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await balanceOf(context, user.id)).toBe(1_000);
    expect(await ledgerRows(context, user.id)).toEqual([]);
  });

  it("keeps the match's name from the first hold that names it, for the P2P Bets history", async () => {
    const context = use();
    const { user, session } = await customer(context, 5_000);
    const named = newMarketId();
    const unnamed = newMarketId();
    await p2pMoney(context, 'hold', holdBody(session, named, 100));
    await p2pMoney(context, 'hold', { ...holdBody(session, named, 100), eventName: ' Arsenal v Chelsea ' });
    await p2pMoney(context, 'hold', { ...holdBody(session, named, 100), eventName: 'Another name' });
    await p2pMoney(context, 'hold', holdBody(session, unnamed, 100));
    const history = await context.request({
      method: 'GET',
      url: '/transactions/p2p-markets',
      token: session.accessToken,
    });
    expect(history.statusCode, history.body).toBe(200);
    const byMarket = new Map(
      (history.json() as Array<{ marketId: string; eventName: string | null }>).map((item) => [
        item.marketId,
        item.eventName,
      ]),
    );
    expect(byMarket).toEqual(
      new Map([
        [named, 'Arsenal v Chelsea'],
        [unnamed, null],
      ]),
    );
    expect(await balanceOf(context, user.id)).toBe(4_600);
  });

  it('refuses account deletion while anything is held on an open position, and allows it once settled', async () => {
    const context = use();
    const { user, session } = await customer(context, 700);
    const marketId = newMarketId();
    await p2pMoney(context, 'hold', holdBody(session, marketId, 700));
    expect(await balanceOf(context, user.id)).toBe(0);
    const remove = () =>
      context.request({
        method: 'DELETE',
        url: '/auth/account',
        token: session.accessToken,
        payload: { password: user.password },
      });
    const refused = await remove();
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: USER_HAS_OPEN_BETS, code: 'UserHasOpenBets' });
    await p2pMoney(context, 'settle', moneyBody(user.id, marketId, 0));
    expect((await remove()).statusCode).toBe(200);
  });

  it('shows P2P postings under the P2P Bets filter and counts holds, releases and settlements in profit and loss', async () => {
    const context = use();
    const { user, session } = await customer(context, 3_000);
    const marketId = newMarketId();
    const other = await customer(context, 3_000);
    await p2pMoney(context, 'hold', holdBody(other.session, marketId, 1_000));
    await p2pMoney(context, 'hold', holdBody(session, marketId, 800));
    await p2pMoney(context, 'release', moneyBody(user.id, marketId, 300));
    await p2pMoney(context, 'settle', moneyBody(user.id, marketId, 1_480));
    const history = await context.request({
      method: 'GET',
      url: '/transactions?vertical=p2p',
      token: session.accessToken,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().map((item: { kind: string; amount: number }) => [item.kind, item.amount])).toEqual([
      ['Returns', 1_480],
      ['Exchange release', 300],
      ['Exchange hold', -800],
    ]);
    const winnings = await context.request({
      method: 'GET',
      url: '/transactions?kind=Returns',
      token: session.accessToken,
    });
    expect(winnings.json()).toHaveLength(1);
    const sportsbook = await context.request({
      method: 'GET',
      url: '/transactions?vertical=sportsbook',
      token: session.accessToken,
    });
    expect(sportsbook.json()).toEqual([]);
    const now = context.clock.now();
    const profitLoss = await context.request({
      method: 'POST',
      url: '/responsible-gambling/profit-loss',
      token: session.accessToken,
      payload: {
        from: new Date(now.getTime() - 3_600_000).toISOString(),
        to: new Date(now.getTime() + 3_600_000).toISOString(),
      },
    });
    expect(profitLoss.json()).toEqual({ staked: 500, returns: 1_480, diff: 980 });
  });

  it("answers each player's standing, and lists blocks as they begin for the exchange to poll", async () => {
    const context = use();
    const active = await customer(context, 100);
    const suspended = await customer(context, 100);
    const excluded = await customer(context, 100);
    const start = await p2pCall(context, 'blocked-since', { cursor: '0' });
    expect(start.statusCode, start.body).toBe(200);
    const cursor = start.json().cursor as string;
    expect(cursor).toMatch(/^\d+$/);

    await context.services.accounts.suspend(suspended.user.id);
    await context.request({
      method: 'POST',
      url: '/responsible-gambling/lock-account',
      token: excluded.session.accessToken,
      payload: { days: 180 },
    });
    const standing = await p2pCall(context, 'standing', {
      playerIds: [active.user.id, suspended.user.id, excluded.user.id, 2_000_000],
    });
    expect(standing.json()).toEqual({
      players: [
        { playerId: active.user.id, blocked: false, reason: null },
        { playerId: suspended.user.id, blocked: true, reason: 'suspended' },
        { playerId: excluded.user.id, blocked: true, reason: 'self-exclusion' },
        { playerId: 2_000_000, blocked: true, reason: 'unknown' },
      ],
    });

    // A block is listed once every older transaction has ended, anywhere on the server (other test files' too, which
    // under a loaded suite can run for seconds): poll as the exchange does, for up to 25 s.
    const listed: unknown[] = [];
    let next = cursor;
    const giveUpAt = Date.now() + 25_000;
    while (listed.length < 2 && Date.now() < giveUpAt) {
      const since = await p2pCall(context, 'blocked-since', { cursor: next });
      listed.push(...(since.json().blocks as unknown[]));
      next = since.json().cursor as string;
      if (listed.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(listed).toEqual([
      { playerId: suspended.user.id, reason: 'suspended', at: expect.any(String) },
      { playerId: excluded.user.id, reason: 'self-exclusion', at: expect.any(String) },
    ]);
    const after = await p2pCall(context, 'blocked-since', { cursor: next });
    expect(after.json().blocks).toEqual([]);
  });

  it('refuses malformed calls with 400 and no 500: ids, amounts, market ids, extra fields, cursor', async () => {
    const context = use();
    const { user, session } = await customer(context, 1_000);
    const good = holdBody(session, newMarketId(), 100);
    const bad: Array<[P2pCallName, unknown]> = [
      ['hold', { ...good, transactionId: 'not-a-uuid' }],
      ['hold', { ...good, amount: 0 }],
      ['hold', { ...good, amount: 1.5 }],
      ['hold', { ...good, marketId: 'has space' }],
      ['hold', { ...good, extra: true }],
      ['hold', { ...good, eventName: '   ' }],
      ['hold', { ...good, eventName: 'x'.repeat(201) }],
      ['hold', { ...good, eventName: 7 }],
      ['release', { ...moneyBody(user.id, good.marketId, -1) }],
      ['settle', { ...moneyBody(user.id, good.marketId, 0), sessionId: session.sessionId }],
      ['standing', { playerIds: [] }],
      ['blocked-since', { cursor: 'abc' }],
      ['positions', { marketId: '' }],
      ['hold', '{not json'],
    ];
    for (const [call, body] of bad) {
      const response = await p2pCall(context, call, body);
      expect(response.statusCode, `${call} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await balanceOf(context, user.id)).toBe(1_000);
  });
});

type P2pCallName = Parameters<typeof p2pCall>[1];
