import type { Clock } from '../../platform/clock';
import { conflict, notFound } from '../../platform/errors';
import type {
  Competition,
  EventDetail,
  EventStatus,
  EventSummary,
  Market,
} from '../../../src/contract/sportsbook-rules';
import type { FinalResult, GoalTime, MarketSpec, MatchRates, MatchState, PricedMarket } from '../pricing/types';
import type { SportsbookBus } from '../live/bus';
import type { Catalogue, MarketsResolved, SelectionQuote } from './types';
import type { CompetitionRecord, EventRecord, MarketState, TeamRecord } from './records';
import { isFinishedStatus, isOpenStatus } from './records';
import type { CatalogueStore, StoredResolution } from './store';
import type { ScoreModel } from './score-model';
import { matchState } from './score-model';
import { marketView } from './market-views';
import { marketIdOf, parseMarketId, parseSelectionId } from './ids';

export interface CatalogueLogger {
  error(object: unknown, message: string): void;
}

export interface CatalogueDeps {
  store: CatalogueStore;
  model: ScoreModel;
  bus: SportsbookBus;
  clock: Clock;
  logger?: CatalogueLogger;
  /** How long a finished event stays in memory, queryable by id (bet history shows it). */
  finishedRetentionMs?: number;
}

export interface EventsFilter {
  status?: 'live' | 'upcoming';
  competitionId?: string;
}

interface Entry {
  record: EventRecord;
  home: string;
  away: string;
  specs: MarketSpec[];
  /** By market key. */
  states: Map<string, MarketState>;
  /** By market key, as last pushed. */
  markets: Map<string, Market>;
  summary: EventSummary;
  /** Changes to one event run one after another, so seq never forks. */
  queue: Promise<unknown>;
  finishedAt: number | null;
}

const MAIN_MARKET_TYPE = 'match-result';
const DEFAULT_RETENTION_MS = 6 * 60 * 60 * 1000;
const SYNC_OVERLAP_MS = 5_000;
const sameScore = (a: { home: number; away: number } | null, b: { home: number; away: number } | null) =>
  a?.home === b?.home && a?.away === b?.away;

/**
 * The in-memory current state of every scheduled and live event (and recently finished ones), its priced
 * markets and their effective statuses, one seq per event. Every change is stored, then applied in memory, then
 * pushed; so what placement quotes is exactly what browsers were last sent.
 */
export class LiveCatalogue implements Catalogue {
  private readonly competitions = new Map<string, CompetitionRecord>();
  private readonly teams = new Map<string, TeamRecord>();
  private readonly entries = new Map<string, Entry>();
  private readonly resolvedListeners = new Set<(resolved: MarketsResolved) => Promise<void> | void>();
  private readonly retentionMs: number;
  private syncedUntil: number | undefined;

  constructor(private readonly deps: CatalogueDeps) {
    this.retentionMs = deps.finishedRetentionMs ?? DEFAULT_RETENTION_MS;
  }

  /** Reads leagues, clubs and every event not long finished from the store. */
  async load(): Promise<void> {
    const reference = await this.deps.store.loadReference();
    for (const competition of reference.competitions) this.competitions.set(competition.id, competition);
    for (const team of reference.teams) this.teams.set(team.id, team);
    const now = this.deps.clock.now();
    const { events, marketStates } = await this.deps.store.loadEvents(new Date(now.getTime() - this.retentionMs));
    for (const record of events) this.entries.set(record.id, this.buildEntry(record, marketStates));
  }

  competitionRecords(): CompetitionRecord[] {
    return [...this.competitions.values()].sort((a, b) => a.sortOrder - b.sortOrder);
  }

  teamRecords(competitionId?: string): TeamRecord[] {
    return [...this.teams.values()].filter((team) => !competitionId || team.competitionId === competitionId);
  }

  team(teamId: string): TeamRecord | undefined {
    return this.teams.get(teamId);
  }

  /** Every event in memory, in kick-off order (the feed advances the open ones). */
  records(): EventRecord[] {
    return [...this.entries.values()]
      .map((entry) => entry.record)
      .sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime() || a.id.localeCompare(b.id));
  }

  record(eventId: string): EventRecord | undefined {
    return this.entries.get(eventId)?.record;
  }

  /** New fixtures: stored, then listed and pushed to list subscribers (seq 1). */
  async addEvents(records: EventRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.deps.store.insertEvents(records, this.deps.clock.now());
    for (const record of records) {
      const entry = this.buildEntry(record, new Map());
      this.entries.set(record.id, entry);
      await this.publish(entry, [...entry.markets.values()]);
    }
  }

  /**
   * Moves an event on: `step` sees the current record and answers the next one (seq is set here), or undefined
   * when nothing changed. Answers the record now current.
   */
  advance(
    eventId: string,
    step: (current: EventRecord) => Omit<EventRecord, 'seq'> | undefined,
  ): Promise<EventRecord | undefined> {
    const entry = this.entries.get(eventId);
    if (!entry) return Promise.resolve(undefined);
    return this.serial(entry, async () => {
      const next = step(entry.record);
      if (!next) return entry.record;
      const record = { ...next, seq: entry.record.seq + 1 };
      await this.persist(entry, () => this.deps.store.saveEvent(record, this.deps.clock.now()));
      await this.apply(entry, record, entry.states);
      return entry.record;
    });
  }

  // ---- Catalogue (the bets side's seam) ----

  quote(selectionId: string): SelectionQuote | undefined {
    const ids = parseSelectionId(selectionId);
    if (!ids) return undefined;
    const entry = this.entries.get(ids.eventId);
    const spec = entry?.specs.find((candidate) => candidate.key === ids.marketKey);
    const market = entry?.markets.get(ids.marketKey);
    const selectionSpec = spec?.selections.find((candidate) => candidate.key === ids.selectionKey);
    const selection = market?.selections.find((candidate) => candidate.id === selectionId);
    if (!entry || !spec || !market || !selectionSpec || !selection) return undefined;
    return {
      selectionId,
      marketId: market.id,
      eventId: entry.record.id,
      eventName: `${entry.home} v ${entry.away}`,
      kickoffAt: entry.record.kickoffAt,
      marketName: market.name,
      selectionName: selection.name,
      spec,
      selectionKey: selectionSpec.key,
      price: selection.price,
      status: selection.status,
      marketStatus: market.status,
      eventStatus: entry.record.status,
      seq: entry.record.seq,
      score: { ...entry.record.score },
    };
  }

  matchPricing(eventId: string): { rates: MatchRates; state: MatchState; goals: readonly GoalTime[] } | undefined {
    const record = this.entries.get(eventId)?.record;
    return record && { rates: record.rates, state: matchState(record), goals: [...record.goals] };
  }

  onMarketsResolved(listener: (resolved: MarketsResolved) => Promise<void> | void): () => void {
    this.resolvedListeners.add(listener);
    return () => this.resolvedListeners.delete(listener);
  }

  suspendMarket(marketId: string): Promise<void> {
    return this.setOperatorSuspension(marketId, true);
  }

  reopenMarket(marketId: string): Promise<void> {
    return this.setOperatorSuspension(marketId, false);
  }

  async voidMarket(marketId: string): Promise<void> {
    const { entry, spec } = this.market(marketId);
    const resolved = await this.serial(entry, () =>
      this.resolve(entry, [{ spec, outcome: { kind: 'void' } }], entry.record.status),
    );
    await this.announce(resolved);
  }

  async resultEvent(eventId: string, result: FinalResult): Promise<void> {
    const entry = this.entry(eventId);
    const resolved = await this.serial(entry, async () => {
      const { record } = entry;
      if (isFinishedStatus(record.status)) {
        const unresolved = entry.specs.some((spec) => !entry.states.get(spec.key)?.resolution);
        if (record.status === 'abandoned') throw conflict('This match was abandoned');
        if (!sameScore(record.score, result.fullTime) || !sameScore(record.halfTimeScore, result.halfTime))
          throw conflict('This match is already settled with another result');
        if (!unresolved) return undefined;
      }
      const needsEnding =
        isOpenStatus(record.status) ||
        (record.status === 'ended' &&
          (!sameScore(record.score, result.fullTime) || !sameScore(record.halfTimeScore, result.halfTime)));
      if (needsEnding) {
        const ended: EventRecord = {
          ...record,
          status: 'ended',
          phase: 'full-time',
          minute: 90,
          score: { ...result.fullTime },
          halfTimeScore: { ...result.halfTime },
          goals: result.goals ? [...result.goals] : [],
          suspendedUntil: null,
          seq: record.seq + 1,
        };
        await this.persist(entry, () => this.deps.store.saveEvent(ended, this.deps.clock.now()));
        await this.apply(entry, ended, entry.states);
      }
      return this.resolve(
        entry,
        entry.specs.map((spec) => ({ spec, outcome: { kind: 'result', result } })),
        'settled',
      );
    });
    await this.announce(resolved);
  }

  async abandonEvent(eventId: string): Promise<void> {
    const entry = this.entry(eventId);
    const resolved = await this.serial(entry, async () => {
      if (entry.record.status === 'abandoned') return undefined;
      if (entry.record.status === 'settled') throw conflict('This match is already settled');
      // "Bets on it are void, except bets on markets that were already decided when play stopped, which stand": those
      // settle on the score so far (certainMarketKeys), the rest are void.
      const { record } = entry;
      const certain = this.deps.model.certainMarketKeys(record.rates, matchState(record), entry.specs);
      const soFar: FinalResult = {
        fullTime: { ...record.score },
        halfTime: { ...(record.halfTimeScore ?? record.score) },
        goals: [...record.goals],
      };
      return this.resolve(
        entry,
        entry.specs.map((spec) => ({
          spec,
          outcome: certain.has(spec.key) ? { kind: 'result', result: soFar } : { kind: 'void' },
        })),
        'abandoned',
      );
    });
    await this.announce(resolved);
  }

  // ---- read model (GET /api/...) ----

  listCompetitions(): Competition[] {
    const counts = new Map<string, number>();
    for (const entry of this.entries.values()) {
      if (isOpenStatus(entry.record.status))
        counts.set(entry.record.competitionId, (counts.get(entry.record.competitionId) ?? 0) + 1);
    }
    return this.competitionRecords().map((competition) => ({
      id: competition.id,
      name: competition.name,
      country: competition.country,
      eventCount: counts.get(competition.id) ?? 0,
    }));
  }

  listEvents(filter: EventsFilter = {}): EventSummary[] {
    const wanted: EventStatus[] =
      filter.status === 'live' ? ['live'] : filter.status === 'upcoming' ? ['scheduled'] : ['scheduled', 'live'];
    return this.records()
      .filter(
        (record) =>
          wanted.includes(record.status) && (!filter.competitionId || record.competitionId === filter.competitionId),
      )
      .map((record) => this.entries.get(record.id)!.summary);
  }

  eventDetail(eventId: string): EventDetail | undefined {
    const entry = this.entries.get(eventId);
    if (!entry) return undefined;
    return { ...entry.summary, markets: entry.specs.map((spec) => entry.markets.get(spec.key)!) };
  }

  /** Forgets events finished longer ago than the retention (they stay in the database). */
  evictFinished(): void {
    const cutoff = this.deps.clock.now().getTime() - this.retentionMs;
    for (const [id, entry] of this.entries) {
      if (entry.finishedAt !== null && entry.finishedAt < cutoff) this.entries.delete(id);
    }
  }

  /**
   * For an instance that does not run the feed: takes in what the feed's instance stored since, and pushes it to
   * this instance's sockets (a skipped seq tells browsers to fetch afresh).
   */
  async syncFromStore(): Promise<void> {
    const now = this.deps.clock.now();
    // Rows carry the writer's clock: look back a little further than the last pass, for clocks a little apart.
    const since =
      this.syncedUntil === undefined
        ? new Date(now.getTime() - this.retentionMs)
        : new Date(this.syncedUntil - SYNC_OVERLAP_MS);
    const { events, marketStates } = await this.deps.store.loadEventsChangedSince(since);
    this.syncedUntil = now.getTime();
    for (const record of events) {
      const entry = this.entries.get(record.id);
      if (!entry) {
        const created = this.buildEntry(record, marketStates);
        this.entries.set(record.id, created);
        await this.publish(created, [...created.markets.values()]);
      } else if (record.seq > entry.record.seq) {
        await this.serial(entry, () =>
          this.apply(entry, record, this.statesOf(entry.record.id, entry.specs, marketStates)),
        );
      }
    }
  }

  // ---- internals ----

  private entry(eventId: string): Entry {
    const entry = this.entries.get(eventId);
    if (!entry) throw notFound('Unknown event');
    return entry;
  }

  private market(marketId: string): { entry: Entry; spec: MarketSpec } {
    const ids = parseMarketId(marketId);
    const entry = ids ? this.entries.get(ids.eventId) : undefined;
    const spec = entry?.specs.find((candidate) => candidate.key === ids!.marketKey);
    if (!entry || !spec) throw notFound('Unknown market');
    return { entry, spec };
  }

  private async setOperatorSuspension(marketId: string, suspended: boolean): Promise<void> {
    const { entry, spec } = this.market(marketId);
    await this.serial(entry, async () => {
      const current = entry.states.get(spec.key) ?? { operatorSuspended: false, resolution: null };
      if (current.resolution)
        throw conflict(current.resolution === 'void' ? 'This market is void' : 'This market is settled');
      if (current.operatorSuspended === suspended) return;
      const state: MarketState = { ...current, operatorSuspended: suspended };
      const record = { ...entry.record, seq: entry.record.seq + 1 };
      await this.persist(entry, () =>
        this.deps.store.saveMarketState(record, marketIdOf(record.id, spec.key), state, this.deps.clock.now()),
      );
      await this.apply(entry, record, new Map(entry.states).set(spec.key, state));
    });
  }

  /** Stores the resolution of the markets not yet resolved and the event's status; answers what to announce. */
  private async resolve(
    entry: Entry,
    outcomes: Array<{ spec: MarketSpec; outcome: StoredResolution['outcome'] }>,
    status: EventStatus,
  ): Promise<MarketsResolved | undefined> {
    const pending = outcomes.filter(({ spec }) => !entry.states.get(spec.key)?.resolution);
    if (pending.length === 0 && status === entry.record.status) return undefined;
    const record: EventRecord = {
      ...entry.record,
      status,
      suspendedUntil: isOpenStatus(status) ? entry.record.suspendedUntil : null,
      seq: entry.record.seq + 1,
    };
    const stored: StoredResolution[] = pending.map(({ spec, outcome }) => ({
      marketId: marketIdOf(record.id, spec.key),
      marketKey: spec.key,
      outcome,
    }));
    const resolvedIds = new Set(
      await this.persist(entry, () => this.deps.store.saveResolutions(record, stored, this.deps.clock.now())),
    );
    const states = new Map(entry.states);
    const resolved = pending.filter(({ spec }) => resolvedIds.has(marketIdOf(record.id, spec.key)));
    for (const { spec, outcome } of resolved) {
      states.set(spec.key, {
        operatorSuspended: states.get(spec.key)?.operatorSuspended ?? false,
        resolution: outcome.kind === 'void' ? 'void' : 'settled',
      });
    }
    await this.apply(entry, record, states);
    if (resolved.length === 0) return undefined;
    return {
      eventId: record.id,
      markets: resolved.map(({ spec, outcome }) => ({ marketId: marketIdOf(record.id, spec.key), spec, outcome })),
    };
  }

  /** Tells settlement, after the lock is released; a listener's failure is logged, the resolution stays stored. */
  private async announce(resolved: MarketsResolved | undefined): Promise<void> {
    if (!resolved) return;
    for (const listener of this.resolvedListeners) {
      try {
        await listener(resolved);
      } catch (error) {
        this.deps.logger?.error({ err: error, eventId: resolved.eventId }, 'a markets-resolved listener failed');
      }
    }
  }

  /** A write that lost to another writer reloads the event, so this instance follows what is stored. */
  private async persist<T>(entry: Entry, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const [stored] = await this.deps.store.loadEventsById([entry.record.id]).catch(() => []);
      if (stored && stored.seq > entry.record.seq) {
        await this.apply(
          entry,
          stored,
          this.statesOf(stored.id, entry.specs, await this.deps.store.loadMarketStates(stored.id)),
        );
      }
      throw error;
    }
  }

  private serial<T>(entry: Entry, work: () => Promise<T>): Promise<T> {
    const run = entry.queue.then(work, work);
    entry.queue = run.catch(() => undefined);
    return run;
  }

  private statesOf(eventId: string, specs: MarketSpec[], all: Map<string, MarketState>): Map<string, MarketState> {
    const states = new Map<string, MarketState>();
    for (const spec of specs) {
      const state = all.get(marketIdOf(eventId, spec.key));
      if (state) states.set(spec.key, state);
    }
    return states;
  }

  private buildEntry(record: EventRecord, allStates: Map<string, MarketState>): Entry {
    const home = this.teams.get(record.homeTeamId)?.name ?? record.homeTeamId;
    const away = this.teams.get(record.awayTeamId)?.name ?? record.awayTeamId;
    const specs = this.deps.model.marketCatalogue(home, away);
    const entry: Entry = {
      record,
      home,
      away,
      specs,
      states: this.statesOf(record.id, specs, allStates),
      markets: new Map(),
      summary: undefined as unknown as EventSummary,
      queue: Promise.resolve(),
      finishedAt: isFinishedStatus(record.status) ? this.deps.clock.now().getTime() : null,
    };
    this.render(entry);
    return entry;
  }

  /** Recomputes prices and views; answers the markets that differ from what was shown before. */
  private render(entry: Entry): Market[] {
    const { record } = entry;
    let priced: Map<string, PricedMarket> | undefined;
    if (isOpenStatus(record.status)) {
      try {
        priced = new Map(
          this.deps.model
            .priceEvent(record.rates, matchState(record), entry.specs)
            .map((market) => [market.key, market]),
        );
      } catch (error) {
        // A model failure must not take the event down: its markets show as closed until the next change.
        this.deps.logger?.error({ err: error, eventId: record.id }, 'pricing failed');
      }
    }
    const changed: Market[] = [];
    for (const spec of entry.specs) {
      const view = marketView(record, spec, priced?.get(spec.key), entry.states.get(spec.key));
      const before = entry.markets.get(spec.key);
      if (!before || JSON.stringify(before) !== JSON.stringify(view)) changed.push(view);
      entry.markets.set(spec.key, view);
    }
    const competition = this.competitions.get(record.competitionId);
    const mainSpec = entry.specs.find((spec) => spec.type === MAIN_MARKET_TYPE);
    entry.summary = {
      id: record.id,
      competitionId: record.competitionId,
      competitionName: competition?.name ?? record.competitionId,
      home: entry.home,
      away: entry.away,
      kickoffAt: record.kickoffAt.toISOString(),
      status: record.status,
      phase: record.phase,
      minute: record.minute,
      score: { ...record.score },
      halfTimeScore: record.halfTimeScore ? { ...record.halfTimeScore } : null,
      suspended: record.suspendedUntil !== null,
      seq: record.seq,
      mainMarket: mainSpec ? entry.markets.get(mainSpec.key)! : null,
      marketCount: entry.specs.length,
    };
    return changed;
  }

  private async apply(entry: Entry, record: EventRecord, states: Map<string, MarketState>): Promise<void> {
    entry.record = record;
    entry.states = states;
    if (isFinishedStatus(record.status) && entry.finishedAt === null)
      entry.finishedAt = this.deps.clock.now().getTime();
    await this.publish(entry, this.render(entry));
  }

  private async publish(entry: Entry, markets: Market[]): Promise<void> {
    const mainSpec = entry.specs.find((spec) => spec.type === MAIN_MARKET_TYPE);
    try {
      await this.deps.bus.publish({
        kind: 'event',
        update: {
          eventId: entry.record.id,
          seq: entry.record.seq,
          event: entry.summary,
          markets,
          mainMarketId: mainSpec ? marketIdOf(entry.record.id, mainSpec.key) : null,
        },
      });
    } catch (error) {
      // Stored and applied already; browsers that miss it see the seq gap on the next push and fetch afresh.
      this.deps.logger?.error({ err: error, eventId: entry.record.id }, 'publishing an event update failed');
    }
  }
}
