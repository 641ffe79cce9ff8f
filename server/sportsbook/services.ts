import type { Clock } from '../clock';
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
import { SportsbookLiveHub, type ResolveSession } from './live/hub';

export interface RateLimit {
  max: number;
  timeWindow: number;
}

export interface SportsbookRateLimits {
  /** Catalogue reads per IP: a frame polls a little; a scraper must not take the CPU. */
  catalogue: RateLimit;
}

export const defaultSportsbookRateLimits: SportsbookRateLimits = {
  catalogue: { max: 600, timeWindow: 60_000 },
};

export interface SportsbookServiceDeps {
  db: SportsbookDb;
  clock: Clock;
  config: Pick<SportsbookConfig, 'publicUrl' | 'sportsbookUrl' | 'pamUrl' | 'secrets' | 'clockSpeed' | 'goalSuspensionMs'>;
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
  rateLimits?: Partial<SportsbookRateLimits>;
  /** Schedule tuning (tests): slot length, horizon, days ahead. */
  feed?: Partial<Pick<FeedOptions, 'slotMs' | 'horizonMs' | 'daysAhead'>>;
}

/** Builds every part of the sportsbook once, each given only what it uses. Routes receive this and nothing else. */
export function createSportsbookServices(deps: SportsbookServiceDeps) {
  const { db, clock, config, logger } = deps;
  const model = deps.model ?? scoreModel;
  const bus = deps.bus ?? new InProcessSportsbookBus();
  const store = new CatalogueStore(db);
  const catalogue = new LiveCatalogue({ store, model, bus, clock, logger });
  const feed = new MatchFeed({ catalogue, store, model, clock, random: deps.random, goals: deps.goals, logger }, { clockSpeed: config.clockSpeed, goalSuspensionMs: config.goalSuspensionMs, ...deps.feed });
  const runner = new FeedRunner(feed, catalogue, deps.leadership ?? soleLeadership, logger);
  const live = new SportsbookLiveHub(bus, deps.resolveSession ?? (async () => undefined));
  return {
    db,
    clock,
    config,
    model,
    bus,
    store,
    catalogue,
    feed,
    runner,
    live,
    heartbeatMs: deps.heartbeatMs ?? 30_000,
    rateLimits: { ...defaultSportsbookRateLimits, ...deps.rateLimits },
  };
}

export type SportsbookServices = ReturnType<typeof createSportsbookServices>;
