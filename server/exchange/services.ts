import type { Clock } from '../platform/clock';
import type { ExchangeConfig } from './config';
import type { ExchangeDb } from './db/schema';
import { FeedSync, type FeedSyncLog } from './feed/sync';
import { HttpFeedSource, type FeedSource } from './feed/source';
import { MarketRegistry } from './orders/registry';
import { BlockWatcher } from './orders/blocks';
import { LadderHub } from './live/ladder-hub';
import { OrderPushes } from './live/order-pushes';
import { OrdersService } from './orders/service';
import { SessionService } from './sessions/service';
import { HouseAccount } from './liquidity/house-account';
import { MarketMaker } from './liquidity/market-maker';
import { SportsbookFairPrices, type FairPriceSource } from './liquidity/fair-prices';
import { WalletOutbox, type OutboxTiming } from './wallet/outbox';
import { P2pWalletClient } from './wallet/p2p-client';

export interface ExchangeServiceDeps {
  db: ExchangeDb;
  clock: Clock;
  config: ExchangeConfig;
  logger: FeedSyncLog;
  /** Tests script the matches; otherwise the sportsbook's published feed. */
  feed?: FeedSource;
  wallet?: P2pWalletClient;
  /** Tests give the market maker fair prices of their own; otherwise the sportsbook's published ones. */
  prices?: FairPriceSource;
  /** The in-play delay's wait; tests release it by hand. */
  wait?: (ms: number) => Promise<void>;
  /** How often the outbox sends unanswered money calls again; tests shorten it. */
  outboxTiming?: Partial<OutboxTiming>;
}

export type ExchangeServices = ReturnType<typeof createExchangeServices>;

/** The exchange's collaborators, wired once; every one takes what it needs through its constructor. */
export function createExchangeServices(deps: ExchangeServiceDeps) {
  const { db, clock, config, logger } = deps;
  const wallet =
    deps.wallet ?? new P2pWalletClient({ pamUrl: config.pamUrl, secret: config.secrets.exchangeSecret, clock });
  const outbox = new WalletOutbox(db, wallet, clock, logger, deps.outboxTiming);
  const sessions = new SessionService(db, wallet, clock);
  const markets = new MarketRegistry(config.inPlayDelayMs);
  const orders = new OrdersService({
    db,
    clock,
    wallet,
    outbox,
    sessions,
    markets,
    commissionBp: config.commissionBp,
    inPlayDelayMs: config.inPlayDelayMs,
    wait: deps.wait,
  });
  const feed = new FeedSync(
    db,
    deps.feed ?? new HttpFeedSource(config.feedUrl),
    markets,
    orders,
    clock,
    { pollMs: config.feedPollMs, goalSuspensionMs: config.goalSuspensionMs },
    logger,
  );
  const blocks = new BlockWatcher(db, wallet, markets, orders, logger, config.feedPollMs);
  const pushes = new OrderPushes({ db, markets, orders, sessions, wallet });
  const ladders = new LadderHub(markets, pushes);
  const house = new HouseAccount(config.pamUrl, config.house, sessions);
  const liquidity = new MarketMaker({
    registry: markets,
    orders,
    house,
    prices: deps.prices ?? new SportsbookFairPrices(config.feedUrl),
    settings: config.liquidity,
    log: logger,
  });
  return {
    db,
    clock,
    config,
    wallet,
    outbox,
    sessions,
    markets,
    orders,
    feed,
    blocks,
    ladders,
    pushes,
    house,
    liquidity,
  };
}
