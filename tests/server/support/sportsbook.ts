import type { FastifyInstance } from 'fastify';
import { cloneDatabase, TEST_CONFIG, type DatabaseKind } from './harness';
import type { AnyDatabaseHandle } from '../../../server/platform/db/database';
import { ManualClock } from '../../../server/platform/clock';
import { migrateSportsbook } from '../../../server/sportsbook/db/migrate';
import { sportsbookDb } from '../../../server/sportsbook/db/schema';
import {
  createSportsbookServices,
  type SportsbookServiceDeps,
  type SportsbookServices,
} from '../../../server/sportsbook/services';
import { buildSportsbookApp } from '../../../server/sportsbook/app';
import type { EventRecord } from '../../../server/sportsbook/catalogue/records';
import type { EventUpdate } from '../../../server/sportsbook/live/bus';
import type { GoalDraw } from '../../../server/sportsbook/feed/match-step';
import { OutrightBook } from '../../../server/sportsbook/outrights/book';
import { SeasonStore } from '../../../server/sportsbook/outrights/store';

export const SPORTSBOOK_TEST_CONFIG = {
  publicUrl: TEST_CONFIG.publicUrl,
  sportsbookUrl: 'http://localhost:8100',
  pamUrl: 'http://127.0.0.1:8080',
  secrets: TEST_CONFIG.secrets,
  clockSpeed: 9,
  goalSuspensionMs: 5_000,
};

/** Goals only where a test puts them: `goals.add(eventId, minute, 'home')`. */
export class ScriptedGoals {
  private readonly planned = new Set<string>();
  readonly draw: GoalDraw = (eventId, minute, side) => this.planned.has(`${eventId}/${minute}/${side}`);
  add(eventId: string, minute: number, side: 'home' | 'away'): void {
    this.planned.add(`${eventId}/${minute}/${side}`);
  }
}

/** Outrights priced from fewer simulated seasons than the 10,000 of production: tests tick the feed often. */
export const TEST_OUTRIGHT_RUNS = 500;

/** A second outright book over these services' database and catalogue, as another instance (or a restart) has. */
export function anotherOutrightBook(services: SportsbookServices, store = new SeasonStore(services.db)): OutrightBook {
  return new OutrightBook({
    store,
    events: services.store,
    catalogue: services.catalogue,
    model: services.model,
    bus: services.bus,
    clock: services.clock,
    runs: TEST_OUTRIGHT_RUNS,
  });
}

/** A seeded generator, so fixtures are the same on every run. */
export function seededRandom(seed = 42): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface SportsbookTestContext {
  kind: DatabaseKind;
  database: AnyDatabaseHandle;
  clock: ManualClock;
  goals: ScriptedGoals;
  services: SportsbookServices;
  app: FastifyInstance;
  /** Every pushed event update, in order. */
  updates: EventUpdate[];
  close(): Promise<void>;
}

/** A migrated sportsbook on a cloned database, its world seeded and its schedule filled by one tick, not listening. */
export async function createSportsbookContext(
  kind: DatabaseKind,
  overrides: Partial<Omit<SportsbookServiceDeps, 'db' | 'clock' | 'config'>> = {},
  start = '2026-06-01T12:00:30.000Z',
  config: Partial<Pick<typeof SPORTSBOOK_TEST_CONFIG, 'clockSpeed' | 'goalSuspensionMs'>> = {},
): Promise<SportsbookTestContext> {
  const database = await cloneDatabase(kind);
  const db = sportsbookDb(database);
  await migrateSportsbook(db);
  const clock = new ManualClock(start);
  const goals = new ScriptedGoals();
  const services = createSportsbookServices({
    db,
    clock,
    config: { ...SPORTSBOOK_TEST_CONFIG, ...config },
    random: seededRandom(),
    goals: goals.draw,
    outrightRuns: TEST_OUTRIGHT_RUNS,
    ...overrides,
  });
  const updates: EventUpdate[] = [];
  services.bus.subscribe((message) => {
    if (message.kind === 'event') updates.push(message.update);
  });
  await services.feed.seedWorld();
  await services.catalogue.load();
  await services.feed.tick();
  await services.feed.idle();
  const app = await buildSportsbookApp({ services });
  await app.ready();
  return {
    kind,
    database,
    clock,
    goals,
    services,
    app,
    updates,
    close: async () => {
      await services.runner.stop();
      await app.close();
      await database.close();
    },
  };
}

/** Moves the clock and runs one feed pass, waiting for any resolution it started. */
export async function tickAt(context: SportsbookTestContext, at: Date | number): Promise<void> {
  context.clock.set(new Date(at));
  await context.services.feed.tick();
  await context.services.feed.idle();
}

/** The next event to kick off after now. */
export function nextKickoff(context: SportsbookTestContext): EventRecord {
  const now = context.clock.now().getTime();
  const record = context.services.catalogue
    .records()
    .find((event) => event.status === 'scheduled' && event.kickoffAt.getTime() > now);
  if (!record) throw new Error('no upcoming event');
  return record;
}

export const updatesOf = (context: SportsbookTestContext, eventId: string) =>
  context.updates.filter((update) => update.eventId === eventId);
