import { randomBytes } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import type { LiveCatalogue, CatalogueLogger } from '../catalogue/catalogue';
import type { CatalogueStore } from '../catalogue/store';
import type { ScoreModel } from '../catalogue/score-model';
import type { EventRecord } from '../catalogue/records';
import { isOpenStatus } from '../catalogue/records';
import { LEAGUES, teamId } from './leagues';
import { matchDurationMs } from './match-clock';
import { randomGoals, stepMatch, type GoalDraw } from './match-step';
import { missingFixtures } from './schedule';

export interface FeedOptions {
  /** Match seconds per real second (SPORTSBOOK_CLOCK_SPEED). */
  clockSpeed: number;
  /** Real milliseconds a goal holds the match's markets suspended (SPORTSBOOK_GOAL_SUSPENSION_MS). */
  goalSuspensionMs: number;
  /** Real milliseconds between rolling kick-offs. */
  slotMs?: number;
  horizonMs?: number;
  daysAhead?: number;
}

export interface FeedDeps {
  catalogue: LiveCatalogue;
  store: CatalogueStore;
  model: ScoreModel;
  clock: Clock;
  /** Picks clubs for fixtures. */
  random?: () => number;
  /** Draws goals: at random from the model's rates unless given. */
  goals?: GoalDraw;
  logger?: CatalogueLogger;
  /** Each league's season: the scheduler books its fixtures, and each tick lets it take results in (outrights/book.ts). */
  seasons?: SeasonFixtures;
}

interface SeasonFixtures {
  tick(): Promise<void>;
  /** A goal in this match (its league's outright is suspended until re-priced). */
  goalScored(eventId: string): Promise<void>;
  fixturesToBook(competitionId: string): ReadonlyArray<{ home: string; away: string }>;
  booked(
    bookings: ReadonlyArray<{ competitionId: string; home: string; away: string; eventId: string }>,
  ): Promise<void>;
}

export const DEFAULT_CLOCK_SPEED = 9;
/**
 * Five seconds at the default speed; at a faster clock (e2e runs, demos) the same 45 match seconds, so a goal does
 * not hold a match's markets for minutes of play.
 */
export const defaultGoalSuspensionMs = (clockSpeed: number) => Math.min(5_000, Math.round(45_000 / clockSpeed));

/**
 * The simulated football feed: keeps the schedule topped up and moves every match along its accelerated clock.
 * It does nothing by itself: `tick()` is one pass (the runner calls it every second, tests call it by hand).
 */
export class MatchFeed {
  private readonly random: () => number;
  private readonly slotMs: number;
  private readonly horizonMs: number;
  private readonly daysAhead: number;
  private readonly settling = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: FeedDeps,
    private readonly options: FeedOptions,
  ) {
    this.random = deps.random ?? Math.random;
    const duration = matchDurationMs(options.clockSpeed);
    // About five matches in play at once and fifteen kick-offs ahead, at any clock speed.
    // Whole minutes where the clock allows, so kick-offs read as times of day.
    const slot = duration / 5;
    this.slotMs =
      options.slotMs ??
      (slot >= 60_000 ? Math.round(slot / 60_000) * 60_000 : Math.max(10_000, Math.round(slot / 10_000) * 10_000));
    this.horizonMs = options.horizonMs ?? 15 * this.slotMs;
    this.daysAhead = options.daysAhead ?? 3;
  }

  /** The leagues and clubs, written on first start; run before the catalogue loads. */
  async seedWorld(): Promise<void> {
    await this.deps.store.ensureReference(
      LEAGUES.map((league, index) => ({
        id: league.id,
        name: league.name,
        country: league.country,
        homeGoals: league.homeGoals,
        awayGoals: league.awayGoals,
        rho: league.rho,
        sortOrder: index,
      })),
      LEAGUES.flatMap((league) =>
        league.teams.map(([name, attack, defence]) => ({
          id: teamId(league.id, name),
          competitionId: league.id,
          name,
          attack,
          defence,
        })),
      ),
    );
  }

  async tick(): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.seasons?.tick();
    await this.topUp(now);
    const { catalogue, model } = this.deps;
    for (const record of catalogue.records()) {
      let current: EventRecord | undefined = record;
      if (isOpenStatus(record.status)) {
        current = await catalogue
          .advance(record.id, (state) =>
            stepMatch(state, {
              now,
              speed: this.options.clockSpeed,
              goalSuspensionMs: this.options.goalSuspensionMs,
              goalRates: (rates, state) => model.goalRates(rates, state),
              scores: this.deps.goals ?? randomGoals,
            }),
          )
          .catch((error: unknown) => {
            this.deps.logger?.error({ err: error, eventId: record.id }, 'advancing a match failed');
            return undefined;
          });
      }
      if (current && (current.score.home !== record.score.home || current.score.away !== record.score.away))
        await this.deps.seasons
          ?.goalScored(record.id)
          .catch((error: unknown) =>
            this.deps.logger?.error({ err: error, eventId: record.id }, 'suspending an outright for a goal failed'),
          );
      if (current?.status === 'ended') this.settle(current);
    }
    catalogue.evictFinished();
  }

  /** Resolutions in progress (settlement may take a while): tests and shutdown wait for them. */
  async idle(): Promise<void> {
    while (this.settling.size > 0) await Promise.all(this.settling.values());
  }

  /** Full time: every market is resolved by the final score. Not awaited by the tick, so the clock keeps running. */
  private settle(record: EventRecord): void {
    if (this.settling.has(record.id)) return;
    const result = { halfTime: record.halfTimeScore ?? record.score, fullTime: record.score, goals: record.goals };
    const work = this.deps.catalogue
      .resultEvent(record.id, result)
      .catch((error: unknown) =>
        this.deps.logger?.error({ err: error, eventId: record.id }, 'resolving a finished match failed'),
      )
      .finally(() => this.settling.delete(record.id));
    this.settling.set(record.id, work);
  }

  private async topUp(now: Date): Promise<void> {
    const { catalogue, model } = this.deps;
    const competitions = catalogue.competitionRecords();
    const fixtures = missingFixtures(now, catalogue.records(), competitions, catalogue.teamRecords(), {
      matchDurationMs: matchDurationMs(this.options.clockSpeed),
      slotMs: this.slotMs,
      horizonMs: this.horizonMs,
      daysAhead: this.daysAhead,
      random: this.random,
      seasonFixtures: this.deps.seasons && ((competitionId) => this.deps.seasons!.fixturesToBook(competitionId)),
    });
    if (fixtures.length === 0) return;
    const records: EventRecord[] = fixtures.map((fixture) => {
      const league = competitions.find((competition) => competition.id === fixture.competitionId)!;
      const home = catalogue.team(fixture.homeTeamId)!;
      const away = catalogue.team(fixture.awayTeamId)!;
      return {
        id: eventId(fixture.kickoffAt),
        competitionId: fixture.competitionId,
        homeTeamId: home.id,
        awayTeamId: away.id,
        kickoffAt: fixture.kickoffAt,
        status: 'scheduled',
        phase: 'pre-match',
        minute: 0,
        score: { home: 0, away: 0 },
        halfTimeScore: null,
        goals: [],
        seq: 1,
        suspendedUntil: null,
        rates: model.matchRates(home, away, {
          homeGoals: league.homeGoals,
          awayGoals: league.awayGoals,
          rho: league.rho,
        }),
      };
    });
    // The season is told first: a crash before the events are stored leaves its fixtures to be booked again.
    await this.deps.seasons?.booked(
      records.map((record) => ({
        competitionId: record.competitionId,
        home: record.homeTeamId,
        away: record.awayTeamId,
        eventId: record.id,
      })),
    );
    await catalogue.addEvents(records);
  }
}

/** 'ev-202611231145-3fa9c1': readable for operators, unique by its random tail. */
function eventId(kickoffAt: Date): string {
  const stamp = kickoffAt.toISOString().slice(0, 16).replace(/[-:T]/g, '');
  return `ev-${stamp}-${randomBytes(3).toString('hex')}`;
}
