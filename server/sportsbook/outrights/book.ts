import { createHash } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { conflict, notFound } from '../../platform/errors';
import type { Market, MarketStatus, OutrightView, SelectionStatus } from '../../../src/contract/sportsbook-rules';
import type { LiveCatalogue, CatalogueLogger } from '../catalogue/catalogue';
import type { MarketsResolved, SelectionQuote } from '../catalogue/types';
import type { CompetitionRecord, EventRecord } from '../catalogue/records';
import type { CatalogueStore } from '../catalogue/store';
import type { ScoreModel } from '../catalogue/score-model';
import { matchState } from '../catalogue/score-model';
import { parseSelectionId } from '../catalogue/ids';
import type { StoredFixture, StoredPrice } from '../db/schema';
import type { SportsbookBus } from '../live/bus';
import { MARKET_MARGINS, offeredPrice } from '../markets/margins';
import { OUTRIGHT_RUNS, simulateOutright, type RemainingMatch } from '../pricing/outright';
import type { MarketSpec } from '../pricing/types';
import { doubleRoundRobin, leagueTable, POINTS_FOR_DRAW, POINTS_FOR_WIN, winnersOf, type MatchResult } from './season';
import type { SeasonRecord, SeasonStore } from './store';

const OUTRIGHT_MARKET_KEY = 'outright';
const SEASON_PREFIX = 'season-';
const seasonIdOf = (competitionId: string, number: number) => `${SEASON_PREFIX}${competitionId}-${number}`;
const marketIdOf = (seasonId: string) => `${seasonId}~${OUTRIGHT_MARKET_KEY}`;

export interface OutrightBookDeps {
  store: SeasonStore;
  /** Matches gone from the catalogue's memory are read from their rows. */
  events: Pick<CatalogueStore, 'loadEventsById'>;
  catalogue: LiveCatalogue;
  model: ScoreModel;
  bus: SportsbookBus;
  clock: Clock;
  logger?: CatalogueLogger;
  /** Simulated seasons per pricing (OUTRIGHT_RUNS unless a test asks for fewer). */
  runs?: number;
  /** While a league has a match in play, its outright is priced again at most this often (real ms). */
  inPlayRepriceMs?: number;
}

interface Season extends SeasonRecord {
  pricedAt: number;
}

/**
 * Each league's season and its outright "To win the <league>": the fixtures the scheduler books, the table from the
 * settled matches, prices from simulating the rest of the season (pricing/outright.ts) after every settled match and
 * every minute while a match of the league is in play, and settlement by the final table when the last fixture is
 * played (then the next season starts). A goal in a match of the league suspends the outright, as it does the
 * match's markets, until the next tick re-prices it with the goal counted. The instance that runs the feed changes it
 * (tick); the others follow the store (syncFromStore).
 */
export class OutrightBook {
  private readonly seasons = new Map<string, Season>();
  private readonly listeners = new Set<(resolved: MarketsResolved) => Promise<void> | void>();
  private readonly runs: number;
  private readonly inPlayRepriceMs: number;
  private syncedUntil: number | undefined;

  constructor(private readonly deps: OutrightBookDeps) {
    this.runs = deps.runs ?? OUTRIGHT_RUNS;
    this.inPlayRepriceMs = deps.inPlayRepriceMs ?? 60_000;
  }

  /** Each league's latest season, read once by whichever runs first: the leader's tick or a follower's sync. */
  private async load(): Promise<void> {
    if (this.syncedUntil !== undefined) return;
    const now = this.deps.clock.now().getTime();
    for (const record of await this.deps.store.loadCurrent())
      this.seasons.set(record.competitionId, { ...record, pricedAt: 0 });
    this.syncedUntil = now;
  }

  /** One pass of the leader: seasons started, results taken in, prices refreshed, finished seasons settled. */
  async tick(): Promise<void> {
    await this.load();
    for (const competition of this.deps.catalogue.competitionRecords()) {
      try {
        await this.tickLeague(competition);
      } catch (error) {
        this.deps.logger?.error({ err: error, competitionId: competition.id }, 'an outright tick failed');
      }
    }
  }

  /** The season's next fixtures not yet booked, in round order (the scheduler books the first whose clubs are free). */
  fixturesToBook(competitionId: string): Array<{ home: string; away: string }> {
    const season = this.seasons.get(competitionId);
    if (!season || season.status !== 'running') return [];
    return season.fixtures
      .filter((fixture) => fixture.eventId === null && fixture.score === null)
      .map(({ home, away }) => ({ home, away }));
  }

  /** Fixtures booked as these events (stored before the events are added, so a crash books them again at worst). */
  async booked(
    bookings: ReadonlyArray<{ competitionId: string; home: string; away: string; eventId: string }>,
  ): Promise<void> {
    const touched = new Set<Season>();
    for (const booking of bookings) {
      const season = this.seasons.get(booking.competitionId);
      const fixture = season?.fixtures.find(
        (candidate) =>
          candidate.eventId === null &&
          candidate.score === null &&
          candidate.home === booking.home &&
          candidate.away === booking.away,
      );
      if (!season || !fixture) continue;
      fixture.eventId = booking.eventId;
      touched.add(season);
    }
    for (const season of touched) await this.save(season, false);
  }

  /** A goal in this match: its league's outright is shown suspended at once (seq bumped, pushed) until re-priced. */
  async goalScored(eventId: string): Promise<void> {
    const season = [...this.seasons.values()].find(
      (candidate) =>
        candidate.status === 'running' &&
        candidate.fixtures.some((fixture) => fixture.eventId === eventId && fixture.score === null),
    );
    if (season && this.goalsUnpriced(season)) await this.save(season, true);
  }

  owns(id: string): boolean {
    return id.startsWith(SEASON_PREFIX);
  }

  view(competitionId: string): OutrightView | undefined {
    const season = this.seasons.get(competitionId);
    const competition = this.deps.catalogue.competitionRecords().find((candidate) => candidate.id === competitionId);
    if (!season || !competition) return undefined;
    const names = (teamId: string) => this.deps.catalogue.team(teamId)?.name ?? teamId;
    const teams = this.teamIds(competitionId);
    return {
      competitionId,
      competitionName: competition.name,
      seasonId: season.id,
      seasonName: seasonName(competition, season),
      seq: season.seq,
      fixturesPlayed: season.fixtures.filter((fixture) => fixture.score !== null).length,
      fixturesTotal: season.fixtures.length,
      table: leagueTable(teams, resultsOf(season.fixtures)).map((line) => ({ ...line, name: names(line.teamId) })),
      market: this.market(season, competition),
      winners: season.winners?.map(names) ?? null,
    };
  }

  views(): OutrightView[] {
    return this.deps.catalogue.competitionRecords().flatMap((competition) => this.view(competition.id) ?? []);
  }

  quote(selectionId: string): SelectionQuote | undefined {
    const ids = parseSelectionId(selectionId);
    if (!ids || ids.marketKey !== OUTRIGHT_MARKET_KEY) return undefined;
    const season = [...this.seasons.values()].find((candidate) => candidate.id === ids.eventId);
    const competition =
      season && this.deps.catalogue.competitionRecords().find((candidate) => candidate.id === season.competitionId);
    if (!season || !competition) return undefined;
    const market = this.market(season, competition);
    const selection = market.selections.find((candidate) => candidate.id === selectionId);
    if (!selection) return undefined;
    return {
      selectionId,
      marketId: market.id,
      eventId: season.id,
      eventName: seasonName(competition, season),
      kickoffAt: season.startedAt,
      marketName: market.name,
      selectionName: selection.name,
      spec: this.spec(competition),
      selectionKey: ids.selectionKey,
      price: selection.price,
      status: selection.status,
      marketStatus: market.status,
      // Not a match: never held for the in-play delay, and priced only as often as the book re-prices it.
      eventStatus: season.status === 'running' ? 'scheduled' : 'settled',
      seq: season.seq,
      score: { home: 0, away: 0 },
    };
  }

  onMarketsResolved(listener: (resolved: MarketsResolved) => Promise<void> | void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Operator: settles a league's season with these winners now (several: a dead heat); the next season starts. */
  async settle(seasonOrCompetitionId: string, winners: readonly string[]): Promise<OutrightView> {
    const season = this.find(seasonOrCompetitionId);
    const teams = new Set(this.teamIds(season.competitionId));
    const unknown = winners.filter((winner) => !teams.has(winner));
    if (winners.length === 0 || unknown.length > 0)
      throw notFound(`Not a club of this league: ${unknown.join(', ') || '(none given)'}`);
    await this.finish(season, { kind: 'winners', winners: [...new Set(winners)] });
    return this.view(season.competitionId)!;
  }

  /** Operator: voids a league's outright (every bet on it at 1.00); the next season starts. */
  async void(seasonOrCompetitionId: string): Promise<OutrightView> {
    const season = this.find(seasonOrCompetitionId);
    await this.finish(season, { kind: 'void' });
    return this.view(season.competitionId)!;
  }

  /** For an instance that does not run the feed: takes in the seasons stored since the last pass. */
  async syncFromStore(): Promise<void> {
    await this.load();
    const now = this.deps.clock.now().getTime();
    const since = new Date(this.syncedUntil! - 5_000);
    this.syncedUntil = now;
    for (const record of await this.deps.store.loadChangedSince(since)) {
      const known = this.seasons.get(record.competitionId);
      if (!known || record.number > known.number || (record.number === known.number && record.seq > known.seq)) {
        this.seasons.set(record.competitionId, { ...record, pricedAt: now });
      }
    }
  }

  // ---- internals ----

  private find(seasonOrCompetitionId: string): Season {
    const season =
      this.seasons.get(seasonOrCompetitionId) ??
      [...this.seasons.values()].find((candidate) => candidate.id === seasonOrCompetitionId);
    if (!season) throw notFound(`No season ${seasonOrCompetitionId}`);
    if (season.status !== 'running')
      throw conflict(`This outright is already ${season.status === 'void' ? 'void' : 'settled'}`);
    return season;
  }

  private teamIds(competitionId: string): string[] {
    return this.deps.catalogue
      .teamRecords(competitionId)
      .map((team) => team.id)
      .sort();
  }

  private async tickLeague(competition: CompetitionRecord): Promise<void> {
    let season = this.seasons.get(competition.id);
    if (!season || season.status !== 'running') season = await this.start(competition, (season?.number ?? 0) + 1);
    if (!season) return;
    const changed = await this.takeResults(season);
    if (season.fixtures.length > 0 && season.fixtures.every((fixture) => fixture.score !== null)) {
      const table = leagueTable(this.teamIds(competition.id), resultsOf(season.fixtures));
      await this.finish(season, { kind: 'winners', winners: winnersOf(table) });
      return;
    }
    const now = this.deps.clock.now().getTime();
    const inPlay = season.fixtures.some(
      (fixture) =>
        fixture.eventId && fixture.score === null && this.deps.catalogue.record(fixture.eventId)?.status === 'live',
    );
    if (
      changed ||
      season.prices === null ||
      this.goalsUnpriced(season) ||
      (inPlay && now - season.pricedAt >= this.inPlayRepriceMs)
    ) {
      this.price(season, competition);
      await this.save(season, true);
    }
  }

  /** A new season: a fresh double round-robin, priced at once. */
  private async start(competition: CompetitionRecord, number: number): Promise<Season | undefined> {
    const now = this.deps.clock.now();
    const season: Season = {
      id: seasonIdOf(competition.id, number),
      competitionId: competition.id,
      number,
      status: 'running',
      fixtures: doubleRoundRobin(this.teamIds(competition.id)).map((fixture) => ({ ...fixture, score: null })),
      prices: null,
      winners: null,
      seq: 1,
      startedAt: now,
      pricedAt: 0,
    };
    this.price(season, competition);
    if (!(await this.deps.store.insert(season, now))) {
      const stored = await this.deps.store.find(season.id);
      if (!stored) return undefined;
      Object.assign(season, stored);
    }
    this.seasons.set(competition.id, season);
    await this.publish(season);
    return season;
  }

  /** Settled matches of the season count in the table; an abandoned one is booked again. */
  private async takeResults(season: Season): Promise<boolean> {
    let changed = false;
    const pending = season.fixtures.filter((fixture) => fixture.eventId !== null && fixture.score === null);
    const missing = pending.filter((fixture) => !this.deps.catalogue.record(fixture.eventId!));
    const stored = new Map(
      (await this.deps.events.loadEventsById(missing.map((fixture) => fixture.eventId!))).map((record) => [
        record.id,
        record,
      ]),
    );
    for (const fixture of pending) {
      const record = this.deps.catalogue.record(fixture.eventId!) ?? stored.get(fixture.eventId!);
      if (record?.status === 'settled') {
        fixture.score = { ...record.score };
        changed = true;
      } else if (!record || record.status === 'abandoned') {
        fixture.eventId = null;
        changed = true;
      }
    }
    return changed;
  }

  /** A match of the season has a score its prices do not count yet (a goal since they were made). */
  private goalsUnpriced(season: Season): boolean {
    if (season.status !== 'running' || season.prices === null) return false;
    return season.fixtures.some((fixture) => {
      const record =
        fixture.eventId && fixture.score === null ? this.deps.catalogue.record(fixture.eventId) : undefined;
      if (!record || !hasKickedOff(record)) return false;
      const priced = fixture.pricedScore ?? { home: 0, away: 0 };
      return record.score.home !== priced.home || record.score.away !== priced.away;
    });
  }

  private price(season: Season, competition: CompetitionRecord): void {
    const { catalogue, model } = this.deps;
    const teams = this.teamIds(competition.id);
    const table = leagueTable(teams, resultsOf(season.fixtures));
    const remaining: RemainingMatch[] = season.fixtures
      .filter((fixture) => fixture.score === null)
      .flatMap((fixture) => {
        const record = fixture.eventId ? catalogue.record(fixture.eventId) : undefined;
        const played = record && hasKickedOff(record) ? record : undefined;
        if (played) fixture.pricedScore = { ...played.score };
        else delete fixture.pricedScore;
        if (record)
          return [
            {
              home: fixture.home,
              away: fixture.away,
              rates: record.rates,
              state: played && matchState(played),
            },
          ];
        const home = catalogue.team(fixture.home);
        const away = catalogue.team(fixture.away);
        if (!home || !away) return [];
        return [{ home: fixture.home, away: fixture.away, rates: model.matchRates(home, away, competition) }];
      });
    const chances = simulateOutright({
      standings: table,
      remaining,
      runs: remaining.length === 0 ? 1 : this.runs,
      seed: seedOf(season.id, season.seq),
      points: { win: POINTS_FOR_WIN, draw: POINTS_FOR_DRAW },
    });
    season.prices = teams.map((teamId): StoredPrice => {
      const probability = chances.get(teamId) ?? 0;
      return {
        teamId,
        probability,
        price: remaining.length === 0 ? null : offeredPrice(probability, MARKET_MARGINS.outright),
      };
    });
    season.pricedAt = this.deps.clock.now().getTime();
  }

  private async finish(
    season: Season,
    outcome: { kind: 'winners'; winners: string[] } | { kind: 'void' },
  ): Promise<void> {
    season.status = outcome.kind === 'void' ? 'void' : 'settled';
    season.winners = outcome.kind === 'void' ? null : outcome.winners;
    await this.save(season, true);
    const competition = this.deps.catalogue
      .competitionRecords()
      .find((candidate) => candidate.id === season.competitionId)!;
    for (const listener of this.listeners) {
      try {
        await listener({
          eventId: season.id,
          markets: [{ marketId: marketIdOf(season.id), spec: this.spec(competition), outcome }],
        });
      } catch (error) {
        this.deps.logger?.error({ err: error, seasonId: season.id }, 'settling an outright failed');
      }
    }
  }

  /** Stores the season's next state (seq + 1), then pushes it when its prices or status changed. */
  private async save(season: Season, push: boolean): Promise<void> {
    season.seq++;
    if (!(await this.deps.store.save(season, this.deps.clock.now()))) {
      const stored = await this.deps.store.find(season.id);
      if (stored) Object.assign(season, stored);
      throw new Error(`Season ${season.id} changed elsewhere`);
    }
    if (push) await this.publish(season);
  }

  private async publish(season: Season): Promise<void> {
    const view = this.view(season.competitionId);
    if (!view) return;
    await this.deps.bus
      .publish({ kind: 'outright', outright: view })
      .catch((error: unknown) =>
        this.deps.logger?.error({ err: error, seasonId: season.id }, 'publishing an outright failed'),
      );
  }

  private spec(competition: CompetitionRecord): MarketSpec {
    return {
      key: OUTRIGHT_MARKET_KEY,
      type: 'outright',
      line: null,
      name: `To win the ${competition.name}`,
      selections: this.teamIds(competition.id).map((teamId) => ({
        key: teamId,
        name: this.deps.catalogue.team(teamId)?.name ?? teamId,
      })),
    };
  }

  private marketStatus(season: Season): MarketStatus {
    if (season.status !== 'running') return season.status;
    if (!season.prices) return 'closed';
    return this.goalsUnpriced(season) ? 'suspended' : 'open';
  }

  /** The market as browsers see it: clubs from the likeliest down. */
  private market(season: Season, competition: CompetitionRecord): Market {
    const id = marketIdOf(season.id);
    const status = this.marketStatus(season);
    const priceOf = new Map((season.prices ?? []).map((price) => [price.teamId, price]));
    const selections = this.spec(competition)
      .selections.map((selection) => {
        const priced = priceOf.get(selection.key);
        // Suspended by a goal: the prices stay on show, as a match's do, but cannot be backed.
        const price = status === 'open' || status === 'suspended' ? (priced?.price ?? null) : null;
        const selectionStatus: SelectionStatus = !price ? 'closed' : status === 'suspended' ? 'suspended' : 'open';
        return {
          id: `${id}~${selection.key}`,
          name: selection.name,
          price,
          status: selectionStatus,
          probability: priced?.probability ?? 0,
        };
      })
      .sort((a, b) => b.probability - a.probability || a.name.localeCompare(b.name))
      .map(({ probability: _probability, ...selection }) => selection);
    return {
      id,
      eventId: season.id,
      type: 'outright',
      name: `To win the ${competition.name}`,
      line: null,
      status,
      selections,
    };
  }
}

/** In play or played to full time and not yet settled: its score so far counts in the outright's prices. */
const hasKickedOff = (record: EventRecord) => record.status === 'live' || record.status === 'ended';

const seasonName = (competition: CompetitionRecord, season: SeasonRecord) =>
  `${competition.name}, season ${season.number}`;

function resultsOf(fixtures: readonly StoredFixture[]): MatchResult[] {
  return fixtures.flatMap((fixture) =>
    fixture.score
      ? [{ home: fixture.home, away: fixture.away, homeGoals: fixture.score.home, awayGoals: fixture.score.away }]
      : [],
  );
}

/** The same season at the same state always draws the same simulated seasons (prices do not flicker on a re-run). */
const seedOf = (seasonId: string, seq: number) =>
  createHash('sha256').update(`${seasonId}:${seq}`).digest().readUInt32LE(0);
