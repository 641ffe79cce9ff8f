import type { Clock } from '../platform/clock';
import type { SportsbookDb } from './db/schema';
import type { SportsbookConfig } from './config';
import type { ScoreModel } from './catalogue/score-model';
import { scoreModel } from './score-model';
import { CatalogueStore } from './catalogue/store';
import { LiveCatalogue, type CatalogueLogger } from './catalogue/catalogue';
import { MatchFeed, type FeedOptions } from './feed/feed';
import type { GoalDraw } from './feed/match-step';
import { FeedRunner } from './feed/runner';
import { soleLeadership, type FeedLeadership } from './feed/leadership';
import { InProcessSportsbookBus, type SportsbookBus } from './live/bus';
import { SportsbookLiveHub, defaultLiveLimits, type LiveLimits, type ResolveSession } from './live/hub';
import type { BetsDb } from './bets/tables';
import { WalletClient } from './wallet-client';
import { WalletOutbox, defaultOutboxPolicy, type OutboxPolicy } from './wallet/outbox';
import { SessionService } from './sessions/service';
import { BetsService } from './bets/service';
import { Reconciler } from './reconciliation/reconciler';
import type { PlacementPolicy } from './bets/placement';
import { defaultInPlayDelayMs, defaultInPlayDelayPolicy, type Schedule } from './bets/inplay-delay';
import { OutrightBook } from './outrights/book';
import { SeasonStore } from './outrights/store';
import { bettingCatalogue } from './outrights/betting-catalogue';
import type { RateLimit } from '../platform/http/keyed-rate-limit';

export interface SportsbookRateLimits {
  /** Catalogue reads per IP: a frame polls a little; a scraper must not take the CPU. */
  catalogue: RateLimit;
  /** Session launches per IP: each asks the PAM to check a launch token, so guessing must be slow. */
  launch: RateLimit;
}

export const defaultSportsbookRateLimits: SportsbookRateLimits = {
  catalogue: { max: 600, timeWindow: 60_000 },
  launch: { max: 30, timeWindow: 60_000 },
};

export interface SportsbookServiceDeps {
  db: SportsbookDb;
  clock: Clock;
  config: Pick<
    SportsbookConfig,
    | 'publicUrl'
    | 'sportsbookUrl'
    | 'pamUrl'
    | 'secrets'
    | 'clockSpeed'
    | 'goalSuspensionMs'
    | 'inPlayDelayMs'
    | 'cashOutDelayMs'
  >;
  /** The real score model unless given. */
  model?: ScoreModel;
  /** In-process unless given (a cross-instance bus later). */
  bus?: SportsbookBus;
  /** Who runs the feed: always this instance unless given (PostgreSQL: the advisory lock). */
  leadership?: FeedLeadership;
  /** The bets side's sessions: a session token to its id. Until given, no socket binds to a session. */
  resolveSession?: ResolveSession;
  /** Clubs for fixtures are picked with it. */
  random?: () => number;
  /** Goals are drawn with it: at random from the model's rates unless given; tests script it. */
  goals?: GoalDraw;
  logger?: CatalogueLogger;
  heartbeatMs?: number;
  liveLimits?: Partial<LiveLimits>;
  rateLimits?: Partial<SportsbookRateLimits>;
  /** The wallet client's fetch (tests cut the line with it). */
  walletFetch?: typeof fetch;
  outboxPolicy?: OutboxPolicy;
  placementPolicy?: PlacementPolicy;
  /** The net payout cap, pence (the Betting Rules' unless a test says otherwise). */
  payoutCap?: number;
  /** How a failed settlement is tried again (BetsServiceDeps.recoverySchedule). */
  recoverySchedule?: Schedule;
  /** Schedule tuning (tests): slot length, horizon, days ahead. */
  feed?: Partial<Pick<FeedOptions, 'slotMs' | 'horizonMs' | 'daysAhead'>>;
  /** Simulated seasons per outright pricing (tests ask for fewer). */
  outrightRuns?: number;
}

/** Builds every part of the sportsbook once, each given only what it uses. Routes receive this and nothing else. */
export function createSportsbookServices(deps: SportsbookServiceDeps) {
  const { db, clock, config, logger } = deps;
  const model = deps.model ?? scoreModel;
  const bus: SportsbookBus = deps.bus ?? new InProcessSportsbookBus();
  const store = new CatalogueStore(db);
  const catalogue = new LiveCatalogue({ store, model, bus, clock, logger });
  const outrights = new OutrightBook({
    store: new SeasonStore(db),
    events: store,
    catalogue,
    model,
    bus,
    clock,
    logger,
    runs: deps.outrightRuns,
  });
  const feed = new MatchFeed(
    { catalogue, store, model, clock, random: deps.random, goals: deps.goals, logger, seasons: outrights },
    { clockSpeed: config.clockSpeed, goalSuspensionMs: config.goalSuspensionMs, ...deps.feed },
  );
  const runner = new FeedRunner(feed, catalogue, deps.leadership ?? soleLeadership, logger, {}, outrights);
  const betsDb = db as unknown as BetsDb;
  const wallet = new WalletClient({
    pamUrl: config.pamUrl,
    secret: config.secrets.sportsbookSecret,
    clock,
    fetch: deps.walletFetch,
  });
  const logError = (message: string, detail?: unknown) => logger?.error(detail, message);
  const outbox = new WalletOutbox(betsDb, wallet, clock, deps.outboxPolicy ?? defaultOutboxPolicy, logError);
  // Late-bound: the hub needs the sessions to bind sockets, the sessions tell the hub when one ends.
  let hub: SportsbookLiveHub | undefined;
  const sessions = new SessionService(betsDb, wallet, clock, (sessionId) => void hub?.endSession(sessionId));
  const resolveSession: ResolveSession = deps.resolveSession ?? (async (token) => (await sessions.find(token))?.id);
  const live = new SportsbookLiveHub(bus, resolveSession, { ...defaultLiveLimits, ...deps.liveLimits });
  hub = live;
  const bets = new BetsService({
    db: betsDb,
    catalogue: bettingCatalogue(catalogue, outrights),
    outbox,
    sessions,
    clock,
    notify: (sessionId, message) => {
      if (message.type === 'bet' || message.type === 'balance') void live.notifySession(sessionId, message);
    },
    placementPolicy: deps.placementPolicy,
    inPlayDelay: {
      ...defaultInPlayDelayPolicy,
      delayMs: config.inPlayDelayMs ?? defaultInPlayDelayMs(config.clockSpeed),
    },
    payoutCap: deps.payoutCap,
    cashOutPolicy: config.cashOutDelayMs === undefined ? undefined : { delayMs: config.cashOutDelayMs },
    log: logError,
    recoverySchedule: deps.recoverySchedule,
  });
  const reconciliation = new Reconciler(betsDb, wallet, clock);
  return {
    db,
    clock,
    config,
    model,
    bus,
    store,
    catalogue,
    outrights,
    feed,
    runner,
    live,
    wallet,
    outbox,
    sessions,
    bets,
    reconciliation,
    heartbeatMs: deps.heartbeatMs ?? 30_000,
    rateLimits: { ...defaultSportsbookRateLimits, ...deps.rateLimits },
  };
}

export type SportsbookServices = ReturnType<typeof createSportsbookServices>;
