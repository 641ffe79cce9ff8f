import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createContext, createUser, login, TEST_CONFIG, type DatabaseKind, type TestContext } from './harness';
import { p2pCall, p2pLaunchToken } from './p2p-wallet';
import type { FeedEvent } from '../../../src/contract/feed';
import type { Order, PlaceOrderRequest } from '../../../src/contract/exchange';
import { migrateExchange } from '../../../server/exchange/db/migrate';
import { exchangeDb } from '../../../server/exchange/db/schema';
import {
  createExchangeServices,
  type ExchangeServiceDeps,
  type ExchangeServices,
} from '../../../server/exchange/services';
import { buildExchangeApp } from '../../../server/exchange/app';
import { houseAccount, type ExchangeConfig } from '../../../server/exchange/config';
import type { FeedSource } from '../../../server/exchange/feed/source';
import { exchangeMarketId } from '../../../server/exchange/markets';
import { P2pWalletClient } from '../../../server/exchange/wallet/p2p-client';

/** The matches a test says the sportsbook's feed shows; the exchange reads them when the test polls. */
export class ScriptedFeed implements FeedSource {
  readonly matches = new Map<string, FeedEvent>();
  events(): Promise<FeedEvent[]> {
    return Promise.resolve([...this.matches.values()].map((event) => ({ ...event, score: { ...event.score } })));
  }
  add(eventId = `e-${randomUUID().slice(0, 8)}`): FeedEvent {
    const event: FeedEvent = {
      eventId,
      home: 'Arsenal',
      away: 'Chelsea',
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      status: 'scheduled',
      score: { home: 0, away: 0 },
      goals: 0,
    };
    this.matches.set(eventId, event);
    return event;
  }
  update(eventId: string, change: Partial<FeedEvent>): void {
    this.matches.set(eventId, { ...this.matches.get(eventId)!, ...change });
  }
}

/** The in-play delay's waits, held until the test lets them all go. */
export class DelayGate {
  private waiting: Array<() => void> = [];
  readonly wait = (): Promise<void> => new Promise((resolve) => this.waiting.push(resolve));
  get count(): number {
    return this.waiting.length;
  }
  release(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

export interface ExchangeWorld {
  pam: TestContext;
  feed: ScriptedFeed;
  delay: DelayGate;
  /** While true, the exchange's calls to the PAM get no answer (the PAM down, or the network). */
  walletDown: boolean;
  /** While true, the PAM does each call but its answer is lost on the way back. */
  walletLosesAnswers: boolean;
  services: ExchangeServices;
  app: FastifyInstance;
  /** Rebuilds the exchange on the same database, as a restart does. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real PAM (its app listening on 127.0.0.1, port 0) and the exchange in-process on the same database (its own
 * schema), calling the PAM's P2P wallet door over HTTP with the exchange's secret; the feed is scripted.
 */
export async function createExchangeWorld(
  kind: DatabaseKind,
  options: Pick<ExchangeServiceDeps, 'outboxTiming'> = {},
): Promise<ExchangeWorld> {
  const pam = await createContext(kind);
  await pam.app.listen({ port: 0, host: '127.0.0.1' });
  const address = pam.app.server.address();
  const pamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const config: ExchangeConfig = {
    host: '127.0.0.1',
    publicUrl: TEST_CONFIG.publicUrl,
    exchangeUrl: 'http://localhost:8200',
    sportsbookUrl: 'http://localhost:8100',
    secrets: TEST_CONFIG.secrets,
    databaseUrl: undefined,
    dataDir: TEST_CONFIG.dataDir,
    exchangePort: 0,
    pamUrl,
    feedUrl: 'http://localhost:8100',
    commissionBp: 200,
    inPlayDelayMs: 5_000,
    feedPollMs: 1_000,
    goalSuspensionMs: 10_000,
    clientDir: '/nonexistent',
    liquidity: { enabled: false, intervalMs: 5_000, maxMarkets: 28, maxOrdersPerTick: 200, maxExposure: 10_000_000 },
    house: houseAccount(TEST_CONFIG.secrets.exchangeSecret),
  };
  const feed = new ScriptedFeed();
  const delay = new DelayGate();
  const db = exchangeDb(pam.database);
  await migrateExchange(db);
  const log = { error: (object: unknown, message: string) => console.error(message, object) };
  const wallet = new P2pWalletClient({
    pamUrl,
    secret: TEST_CONFIG.secrets.exchangeSecret,
    clock: pam.clock,
    fetch: async (input, init) => {
      if (world.walletDown) throw new TypeError('fetch failed: connection refused');
      const response = await fetch(input, init);
      if (world.walletLosesAnswers) throw new TypeError('fetch failed: socket hang up');
      return response;
    },
  });
  const build = async () => {
    const services = createExchangeServices({
      db,
      clock: pam.clock,
      config,
      logger: log,
      feed,
      wallet,
      wait: delay.wait,
      ...options,
    });
    await services.feed.load();
    await services.orders.recover();
    const app = await buildExchangeApp({ services });
    await app.ready();
    return { services, app };
  };
  const world = { pam, feed, delay, walletDown: false, walletLosesAnswers: false } as ExchangeWorld;
  Object.assign(world, await build());
  world.restart = async () => {
    await world.services.outbox.stop();
    await world.app.close();
    Object.assign(world, await build());
  };
  world.close = async () => {
    await world.services.outbox.stop();
    await world.app.close();
    await pam.app.close();
    await pam.database.close();
  };
  return world;
}

export interface Punter {
  userId: number;
  token: string;
}

/** A customer with this balance, signed in at the PAM and launched into the exchange. */
export async function punter(world: ExchangeWorld, balance: number): Promise<Punter> {
  const user = await createUser(world.pam, { balance });
  const { accessToken } = await login(world.pam, user);
  const launchToken = await p2pLaunchToken(world.pam, accessToken);
  const response = await world.app.inject({ method: 'POST', url: '/api/session', payload: { launchToken } });
  expect(response.statusCode, response.body).toBe(200);
  return { userId: user.id, token: (response.json() as { sessionToken: string }).sessionToken };
}

/** A scheduled match on the feed, read by the exchange: its Match Odds market id and selection ids. */
export async function openMatch(world: ExchangeWorld) {
  const event = world.feed.add();
  await world.services.feed.poll();
  const marketId = exchangeMarketId(event.eventId, 'match-odds');
  return {
    eventId: event.eventId,
    marketId,
    home: `${marketId}~home`,
    draw: `${marketId}~draw`,
    away: `${marketId}~away`,
  };
}

/** The feed moves the match on (kick-off, a goal, the result) and the exchange reads it. */
export async function feedSays(world: ExchangeWorld, eventId: string, change: Partial<FeedEvent>): Promise<void> {
  world.feed.update(eventId, change);
  await world.services.feed.poll();
}

/** The customer's orders as the exchange lists them, all or by status. */
export async function ordersOf(world: ExchangeWorld, who: Punter, status?: 'open' | 'settled'): Promise<Order[]> {
  const response = await world.app.inject({
    method: 'GET',
    url: status ? `/api/orders?status=${status}` : '/api/orders',
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { orders: Order[] }).orders;
}

export function place(
  world: ExchangeWorld,
  who: Punter,
  order: Omit<PlaceOrderRequest, 'orderId'> & { orderId?: string },
) {
  return world.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { authorization: `Bearer ${who.token}` },
    payload: { orderId: randomUUID(), ...order },
  });
}

export async function placed(
  world: ExchangeWorld,
  who: Punter,
  order: Omit<PlaceOrderRequest, 'orderId'> & { orderId?: string },
): Promise<Order> {
  const response = await place(world, who, order);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { order: Order }).order;
}

/**
 * In play: a lay of 1,000 at 2 rests at once (it takes nothing), and a back of 600 against it waits for the in-play
 * delay (202), held until the test calls releaseDelayed.
 */
export async function delayedTake(world: ExchangeWorld) {
  const match = await openMatch(world);
  const backer = await punter(world, 10_000);
  const layer = await punter(world, 10_000);
  await feedSays(world, match.eventId, { status: 'live' });
  const resting = await placed(world, layer, {
    marketId: match.marketId,
    selectionId: match.home,
    side: 'lay',
    price: 2,
    size: 1_000,
    persistence: 'keep',
  });
  const taking = await place(world, backer, {
    marketId: match.marketId,
    selectionId: match.home,
    side: 'back',
    price: 2,
    size: 600,
  });
  expect(taking.statusCode, taking.body).toBe(202);
  return { match, backer, layer, resting, taking };
}

/** What the PAM holds for each customer on the market (its own record, asked through the door). */
export async function pamHeld(world: ExchangeWorld, marketId: string): Promise<Map<number, number>> {
  const response = await p2pCall(world.pam, 'positions', { marketId });
  expect(response.statusCode, response.body).toBe(200);
  const { positions } = response.json() as { positions: Array<{ playerId: number; held: number; status: string }> };
  return new Map(positions.filter((p) => p.status === 'open').map((p) => [p.playerId, p.held]));
}

/** For each customer: the PAM's hold equals the exchange's worst case over the market's outcomes. */
export async function expectHoldsMatchExposure(world: ExchangeWorld, marketId: string, who: Punter[]): Promise<void> {
  await world.services.outbox.drain();
  const held = await pamHeld(world, marketId);
  const market = world.services.markets.get(marketId)!;
  for (const punter of who)
    expect(held.get(punter.userId) ?? 0, `customer ${punter.userId}`).toBe(market.exposure(punter.userId).held);
}

/** Lets the delayed orders go and waits until each has met its market's book. */
export async function releaseDelayed(world: ExchangeWorld, marketId: string): Promise<void> {
  world.delay.release();
  await new Promise((resolve) => setImmediate(resolve));
  await world.services.markets.get(marketId)!.run(async () => undefined);
}
