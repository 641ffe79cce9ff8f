import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, login, TEST_CONFIG } from './support/harness';
import { p2pLaunchToken } from './support/p2p-wallet';
import { balanceOf, invariantMismatches } from './support/money';
import {
  createExchangeWorld,
  expectHoldsMatchExposure,
  openMatch,
  pamHeld,
  placed,
  punter,
  type ExchangeWorld,
} from './support/exchange-service';
import type { Market, Order } from '../../src/contract/exchange';
import type { Market as SportsbookMarket } from '../../src/contract/sportsbook';
import { houseAccount, loadExchangeConfig, type LiquidityConfig } from '../../server/exchange/config';
import { loadDeploymentConfig } from '../../server/platform/config';
import { seedHouseAccount } from '../../server/db/seed-house';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../../server/db/seed';
import { seedDemoOrders } from '../../server/exchange/seed-demo-orders';
import { MarketMaker } from '../../server/exchange/liquidity/market-maker';
import { quotesFor, runnerChances } from '../../server/exchange/liquidity/quotes';
import { scoreChancesOf, type ScoreChances } from '../../server/exchange/liquidity/fair-prices';
import { eventMarkets } from '../../server/exchange/markets';
import { LADDER } from '../../src/contract/exchange-ladder';

/** Independent Poisson goals: a law of the final score good enough to quote around. */
function poissonScores(home: number, away: number): ScoreChances {
  const poisson = (rate: number, goals: number) => {
    let p = Math.exp(-rate);
    for (let k = 1; k <= goals; k++) p *= rate / k;
    return p;
  };
  const scores: Array<{ score: { home: number; away: number }; chance: number }> = [];
  for (let h = 0; h <= 10; h++)
    for (let a = 0; a <= 10; a++)
      scores.push({ score: { home: h, away: a }, chance: poisson(home, h) * poisson(away, a) });
  const total = scores.reduce((sum, entry) => sum + entry.chance, 0);
  return scores.map((entry) => ({ ...entry, chance: entry.chance / total }));
}

describe('the market maker’s quotes', () => {
  it("prices each exchange market's runners from the law of the final score, every market adding up to 1", () => {
    const scores = poissonScores(1.5, 1.1);
    for (const market of eventMarkets('e1', 'Home', 'Away')) {
      const chances = runnerChances(market, scores);
      expect(chances.reduce((sum, chance) => sum + chance, 0)).toBeCloseTo(1, 9);
      expect(chances.every((chance) => chance > 0)).toBe(true);
    }
    const [matchOdds] = eventMarkets('e1', 'Home', 'Away');
    const [home, draw, away] = runnerChances(matchOdds!, scores);
    expect(home).toBeGreaterThan(away!);
    expect(draw).toBeGreaterThan(0.2);
  });

  it('lays below the fair price and backs above it, three levels each, each lay risking at most its cap', () => {
    const quotes = quotesFor([0.5, 0.3, 0.2], {
      spreadTicks: 1,
      levelStakes: [2_000, 5_000, 10_000],
      maxLiabilityPerOrder: 20_000,
    });
    for (const [runner, fair] of [
      [0, 200],
      [1, 100 / 0.3],
      [2, 500],
    ] as const) {
      const lays = quotes.filter((quote) => quote.runner === runner && quote.side === 'lay');
      const backs = quotes.filter((quote) => quote.runner === runner && quote.side === 'back');
      expect(lays).toHaveLength(3);
      expect(backs).toHaveLength(3);
      for (const lay of lays) {
        expect(LADDER[lay.tick]!).toBeLessThan(fair);
        expect(Math.ceil((lay.size * (LADDER[lay.tick]! - 100)) / 100)).toBeLessThanOrEqual(20_000);
      }
      for (const back of backs) expect(LADDER[back.tick]!).toBeGreaterThan(fair);
      // Best prices nearest the fair one, a tick apart.
      expect(lays.map((lay) => lay.tick)).toEqual([lays[0]!.tick, lays[0]!.tick - 1, lays[0]!.tick - 2]);
    }
    expect(quotes.find((quote) => quote.runner === 0 && quote.side === 'lay')).toMatchObject({ tick: 98, size: 2_000 });
    expect(quotesFor([1, 0, 0])).toEqual([]);
  });

  it("reads the fair law from the sportsbook's published Correct Score prices, its margin taken out", () => {
    const market: SportsbookMarket = {
      id: 'm',
      eventId: 'e',
      type: 'correct-score',
      name: 'Correct Score',
      line: null,
      status: 'open',
      selections: [
        { id: 'a', name: '1-0', price: { num: 1, den: 1 }, status: 'open' },
        { id: 'b', name: '0-0', price: { num: 3, den: 1 }, status: 'open' },
        { id: 'c', name: 'Any other away win', price: { num: 3, den: 1 }, status: 'open' },
        { id: 'd', name: '2-2', price: null, status: 'closed' },
      ],
    };
    // Implied 0.5 + 0.25 + 0.25 = 1: no margin; a decided score counts for nothing.
    expect(scoreChancesOf(market)).toEqual([
      { score: { home: 1, away: 0 }, chance: 0.5 },
      { score: { home: 0, away: 0 }, chance: 0.25 },
      { score: { home: 1, away: 5 }, chance: 0.25 },
    ]);
    expect(scoreChancesOf({ ...market, status: 'suspended' })).toBeUndefined();
    expect(scoreChancesOf({ ...market, type: 'match-result' })).toBeUndefined();
  });

  it('is on in development and off in production unless EXCHANGE_LIQUIDITY says otherwise', () => {
    const load = (env: NodeJS.ProcessEnv) => loadExchangeConfig(loadDeploymentConfig(env), env).liquidity.enabled;
    expect(load({})).toBe(true);
    expect(load({ EXCHANGE_LIQUIDITY: 'off' })).toBe(false);
    expect(load({ NODE_ENV: 'production' })).toBe(false);
    expect(load({ NODE_ENV: 'production', EXCHANGE_LIQUIDITY: 'on' })).toBe(true);
    expect(() => loadExchangeConfig(loadDeploymentConfig({}), { EXCHANGE_LIQUIDITY_MARKETS: '-1' })).toThrow(
      /EXCHANGE_LIQUIDITY_MARKETS/,
    );
  });
});

for (const kind of databaseKinds()) {
  describe(`the development market maker, a house account at the PAM [${kind}]`, () => {
    let world: ExchangeWorld;
    let houseId: number;
    const fair = new Map<string, ScoreChances>();
    const makers: MarketMaker[] = [];
    const settings: Omit<LiquidityConfig, 'enabled'> = {
      intervalMs: 60_000,
      maxMarkets: 1,
      maxOrdersPerTick: 200,
      maxExposure: 10_000_000,
    };
    const maker = (overrides: Partial<typeof settings> = {}) => {
      const made = new MarketMaker({
        registry: world.services.markets,
        orders: world.services.orders,
        house: world.services.house,
        prices: { scoreChances: (eventId) => Promise.resolve(fair.get(eventId)) },
        settings: { ...settings, ...overrides },
        log: { error: (object, message) => console.error(message, object) },
      });
      makers.push(made);
      return made;
    };
    /** Ends a test's match, so the next test's is the one the maker (one market at a time) quotes. */
    const finish = async (eventId: string) => {
      world.feed.update(eventId, { status: 'finished' });
      await world.services.feed.poll();
      await world.services.outbox.drain();
    };
    const view = async (marketId: string) =>
      (await world.app.inject({ method: 'GET', url: `/api/markets/${marketId}` })).json() as Market;

    beforeAll(async () => {
      world = await createExchangeWorld(kind);
      const house = houseAccount(TEST_CONFIG.secrets.exchangeSecret);
      houseId = await seedHouseAccount(world.pam.services, house);
      // Seeding again tops up, never doubles.
      await seedHouseAccount(world.pam.services, house);
    }, 60_000);
    afterAll(async () => {
      for (const made of makers) await made.stop();
      await world?.close();
    });

    it("posts back and lay ladders around the fair prices, every order held through the house's PAM account", async () => {
      expect(await balanceOf(world.pam, houseId)).toBe(houseAccount('x').float);
      const match = await openMatch(world);
      fair.set(match.eventId, poissonScores(1.5, 1.1));
      const pass = await maker().pass();
      expect(pass).toMatchObject({ markets: 1, cancelled: 0 });
      expect(pass.placed).toBe(18);
      const market = await view(match.marketId);
      const chances = runnerChances(world.services.markets.get(match.marketId)!.definition, fair.get(match.eventId)!);
      market.runners.forEach((runner, index) => {
        expect(runner.availableToBack).toHaveLength(3);
        expect(runner.availableToLay).toHaveLength(3);
        expect(runner.availableToBack[0]!.price).toBeLessThan(1 / chances[index]!);
        expect(runner.availableToLay[0]!.price).toBeGreaterThan(1 / chances[index]!);
      });
      await expectHoldsMatchExposure(world, match.marketId, [{ userId: houseId, token: '' }]);
      expect((await pamHeld(world, match.marketId)).get(houseId)).toBeGreaterThan(0);
      expect(await balanceOf(world.pam, houseId)).toBe(
        houseAccount('x').float - (await pamHeld(world, match.marketId)).get(houseId)!,
      );
      // Nothing moved: a second pass leaves the ladders as they are.
      expect(await maker().pass()).toMatchObject({ placed: 0, cancelled: 0 });
      await finish(match.eventId);
    });

    it('is matched by a customer like anyone, then fills the level again; a moved price moves its quotes', async () => {
      const match = await openMatch(world);
      fair.set(match.eventId, poissonScores(1.5, 1.1));
      const house = maker();
      await house.pass();
      const best = (await view(match.marketId)).runners[0]!.availableToBack[0]!;
      const customer = await punter(world, 100_000);
      const back = await placed(world, customer, {
        marketId: match.marketId,
        selectionId: match.home,
        side: 'back',
        price: best.price,
        size: best.size,
      });
      expect(back).toMatchObject({ sizeMatched: best.size, averagePriceMatched: best.price });
      expect((await view(match.marketId)).runners[0]!.availableToBack[0]!.price).toBeLessThan(best.price);
      expect(await house.pass()).toMatchObject({ placed: 1, cancelled: 0 });
      expect((await view(match.marketId)).runners[0]!.availableToBack[0]).toEqual(best);

      // The home side is now the favourite by far: every home quote moves, the stale ones cancelled.
      fair.set(match.eventId, poissonScores(3, 0.5));
      const moved = await house.pass();
      expect(moved.cancelled).toBeGreaterThan(0);
      expect(moved.placed).toBe(moved.cancelled);
      const chances = runnerChances(world.services.markets.get(match.marketId)!.definition, fair.get(match.eventId)!);
      const home = (await view(match.marketId)).runners[0]!;
      expect(home.availableToBack[0]!.price).toBeLessThan(1 / chances[0]!);
      expect(home.availableToLay[0]!.price).toBeGreaterThan(1 / chances[0]!);
      await expectHoldsMatchExposure(world, match.marketId, [customer, { userId: houseId, token: '' }]);
      await finish(match.eventId);
      expect(await invariantMismatches(world.pam)).toEqual([]);
    });

    it('stays within its bounds: orders per pass, total exposure, and only open markets with a price', async () => {
      const match = await openMatch(world);
      fair.set(match.eventId, poissonScores(1.2, 1.2));
      expect(await maker({ maxOrdersPerTick: 4 }).pass()).toMatchObject({ placed: 4 });
      const market = world.services.markets.get(match.marketId)!;
      const heldElsewhere = world.services.markets
        .all()
        .filter((other) => other !== market)
        .reduce((sum, other) => sum + (other.held.get(houseId) ?? 0), 0);
      const cap = heldElsewhere + (market.held.get(houseId) ?? 0) + 2_500;
      await maker({ maxExposure: cap }).pass();
      const total = world.services.markets.all().reduce((sum, each) => sum + (each.held.get(houseId) ?? 0), 0);
      expect(total).toBeLessThanOrEqual(cap);
      expect(market.book.orders().length).toBeLessThan(18);

      // No price for the match: its quotes are taken down, nothing new posted.
      fair.delete(match.eventId);
      const down = await maker().pass();
      expect(down.placed).toBe(0);
      expect(market.book.orders().filter((order) => order.customerId === String(houseId))).toEqual([]);
      await finish(match.eventId);
    });

    it('has its quotes cancelled by a goal, and quotes again once the market reopens', async () => {
      const match = await openMatch(world);
      fair.set(match.eventId, poissonScores(1.5, 1.1));
      world.feed.update(match.eventId, { status: 'live' });
      await world.services.feed.poll();
      const house = maker();
      expect((await house.pass()).placed).toBe(18);
      world.feed.update(match.eventId, { score: { home: 1, away: 0 }, goals: 1 });
      await world.services.feed.poll();
      const market = world.services.markets.get(match.marketId)!;
      expect(market.book.orders()).toEqual([]);
      expect(await house.pass()).toMatchObject({ placed: 0, markets: 0 });
      world.pam.clock.advance(10_000);
      await world.services.feed.poll();
      fair.set(
        match.eventId,
        poissonScores(0.8, 0.6).map(({ score, chance }) => ({
          score: { home: score.home + 1, away: score.away },
          chance,
        })),
      );
      expect((await house.pass()).placed).toBe(18);
      await world.services.outbox.drain();
      await expectHoldsMatchExposure(world, match.marketId, [{ userId: houseId, token: '' }]);
    });

    it('gives the demo customer a settled, a matched and an unmatched exchange bet once, through the real paths', async () => {
      await seedDemo(world.pam.services);
      const demo = await world.pam.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_EMAIL)
        .executeTakeFirstOrThrow();
      const before = await balanceOf(world.pam, demo.id);
      const toEnd = world.feed.add();
      const toPlay = world.feed.add();
      // The latest kick-off is the one the seed ends.
      toEnd.startsAt = new Date(Date.parse(toPlay.startsAt) + 60_000).toISOString();
      await world.app.listen({ port: 0, host: '127.0.0.1' });
      const options = {
        pamUrl: world.services.config.pamUrl,
        exchangeUrl: world.app.listeningOrigin,
        email: DEMO_EMAIL,
        password: DEMO_PASSWORD,
        services: world.services,
        finishMatch: async (eventId: string, score: { home: number; away: number }) =>
          world.feed.update(eventId, { status: 'finished', score, goals: score.home + score.away }),
      };
      const seeded = await seedDemoOrders(options);
      expect(seeded).toBeDefined();
      const { accessToken } = await login(world.pam, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
      const launched = await world.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { launchToken: await p2pLaunchToken(world.pam, accessToken) },
      });
      const demoSession = launched.json().sessionToken as string;
      const orders = (
        await world.app.inject({
          method: 'GET',
          url: '/api/orders',
          headers: { authorization: `Bearer ${demoSession}` },
        })
      ).json().orders as Order[];
      expect(orders).toHaveLength(3);
      const byId = new Map(orders.map((order) => [order.orderId, order]));
      // Backed at 2.0 for £5, the match ended 2-0: won £5, less 2% commission when paid.
      expect(byId.get(seeded!.settled)).toMatchObject({ sizeMatched: 500, result: 'won', profit: 500 });
      expect(byId.get(seeded!.settled)!.marketId.startsWith(toEnd.eventId)).toBe(true);
      expect(byId.get(seeded!.matched)).toMatchObject({ sizeMatched: 1_000, sizeRemaining: 0 });
      expect(byId.get(seeded!.matched)!.result).toBeUndefined();
      expect(byId.get(seeded!.unmatched)).toMatchObject({ sizeMatched: 0, sizeRemaining: 500, status: 'executable' });
      // Held on the match still to play: the worst case, a home win, loses both backs (£10 + £5).
      expect(await balanceOf(world.pam, demo.id)).toBe(before + 490 - 1_500);
      expect(await invariantMismatches(world.pam)).toEqual([]);

      // Started again: nothing more.
      expect(await seedDemoOrders(options)).toBeUndefined();
      expect(await balanceOf(world.pam, demo.id)).toBe(before + 490 - 1_500);
    });
  });
}
