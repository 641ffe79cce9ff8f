import type { Selectable } from 'kysely';
import type { EventsTable, SportsbookDb } from '../db/schema';
import type { FinalResult } from '../pricing/types';
import type { CompetitionRecord, EventRecord, MarketState, TeamRecord } from './records';

export interface StoredResolution {
  marketId: string;
  marketKey: string;
  outcome: { kind: 'result'; result: FinalResult } | { kind: 'void' };
}

const toRecord = (row: Selectable<EventsTable>): EventRecord => ({
  id: row.id,
  competitionId: row.competition_id,
  homeTeamId: row.home_team_id,
  awayTeamId: row.away_team_id,
  kickoffAt: new Date(row.kickoff_at),
  status: row.status,
  phase: row.phase,
  minute: row.minute,
  score: { home: row.home_score, away: row.away_score },
  halfTimeScore:
    row.half_time_home === null || row.half_time_away === null
      ? null
      : { home: row.half_time_home, away: row.half_time_away },
  goals: row.goals ?? [],
  seq: row.seq,
  suspendedUntil: row.suspended_until ? new Date(row.suspended_until) : null,
  rates: { home: row.rate_home, away: row.rate_away, rho: row.rho },
});

const stateColumns = (record: EventRecord, now: Date) => ({
  status: record.status,
  phase: record.phase,
  minute: record.minute,
  home_score: record.score.home,
  away_score: record.score.away,
  half_time_home: record.halfTimeScore?.home ?? null,
  half_time_away: record.halfTimeScore?.away ?? null,
  goals: JSON.stringify(record.goals),
  seq: record.seq,
  suspended_until: record.suspendedUntil,
  // A trader may move them (sb-nudge): the prices follow, so they are state too.
  rate_home: record.rates.home,
  rate_away: record.rates.away,
  rho: record.rates.rho,
  updated_at: now,
});

/**
 * The catalogue's rows. Every write is one statement or one short transaction: with PGlite the PAM shares the
 * single connection, so nothing here waits on anything but the database.
 */
export class CatalogueStore {
  constructor(private readonly db: SportsbookDb) {}

  /** Leagues and clubs, written once; later runs keep what is stored (an operator may have tuned strengths). */
  async ensureReference(competitions: CompetitionRecord[], teams: TeamRecord[]): Promise<void> {
    if (competitions.length > 0) {
      await this.db
        .insertInto('sportsbook.competitions')
        .values(
          competitions.map((c) => ({
            id: c.id,
            name: c.name,
            country: c.country,
            home_goals: c.homeGoals,
            away_goals: c.awayGoals,
            rho: c.rho,
            sort_order: c.sortOrder,
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    if (teams.length > 0) {
      await this.db
        .insertInto('sportsbook.teams')
        .values(
          teams.map((t) => ({
            id: t.id,
            competition_id: t.competitionId,
            name: t.name,
            attack: t.attack,
            defence: t.defence,
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  }

  async loadReference(): Promise<{ competitions: CompetitionRecord[]; teams: TeamRecord[] }> {
    const competitions = await this.db
      .selectFrom('sportsbook.competitions')
      .selectAll()
      .orderBy('sort_order')
      .execute();
    const teams = await this.db.selectFrom('sportsbook.teams').selectAll().orderBy('id').execute();
    return {
      competitions: competitions.map((c) => ({
        id: c.id,
        name: c.name,
        country: c.country,
        homeGoals: c.home_goals,
        awayGoals: c.away_goals,
        rho: c.rho,
        sortOrder: c.sort_order,
      })),
      teams: teams.map((t) => ({
        id: t.id,
        competitionId: t.competition_id,
        name: t.name,
        attack: t.attack,
        defence: t.defence,
      })),
    };
  }

  /** Events not yet over, and those that ended after `endedSince` (still shown in bet history). */
  async loadEvents(endedSince: Date): Promise<{ events: EventRecord[]; marketStates: Map<string, MarketState> }> {
    const rows = await this.db
      .selectFrom('sportsbook.events')
      .selectAll()
      .where((eb) => eb.or([eb('status', 'in', ['scheduled', 'live', 'ended']), eb('updated_at', '>=', endedSince)]))
      .orderBy('kickoff_at')
      .execute();
    const marketStates = new Map<string, MarketState>();
    if (rows.length > 0) {
      const states = await this.db
        .selectFrom('sportsbook.market_states')
        .selectAll()
        .where(
          'event_id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
      for (const state of states)
        marketStates.set(state.market_id, {
          operatorSuspended: state.operator_suspended,
          resolution: state.resolution,
        });
    }
    return { events: rows.map(toRecord), marketStates };
  }

  async loadMarketStates(eventId: string): Promise<Map<string, MarketState>> {
    const rows = await this.db
      .selectFrom('sportsbook.market_states')
      .selectAll()
      .where('event_id', '=', eventId)
      .execute();
    return new Map(
      rows.map((row) => [row.market_id, { operatorSuspended: row.operator_suspended, resolution: row.resolution }]),
    );
  }

  /** Events written at or after `since` (a serving instance following the one that runs the feed). */
  async loadEventsChangedSince(
    since: Date,
  ): Promise<{ events: EventRecord[]; marketStates: Map<string, MarketState> }> {
    const rows = await this.db
      .selectFrom('sportsbook.events')
      .selectAll()
      .where('updated_at', '>=', since)
      .orderBy('kickoff_at')
      .execute();
    const marketStates = new Map<string, MarketState>();
    if (rows.length > 0) {
      const states = await this.db
        .selectFrom('sportsbook.market_states')
        .selectAll()
        .where(
          'event_id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
      for (const state of states)
        marketStates.set(state.market_id, {
          operatorSuspended: state.operator_suspended,
          resolution: state.resolution,
        });
    }
    return { events: rows.map(toRecord), marketStates };
  }

  /** These events as stored now. */
  async loadEventsById(ids: string[]): Promise<EventRecord[]> {
    if (ids.length === 0) return [];
    return (await this.db.selectFrom('sportsbook.events').selectAll().where('id', 'in', ids).execute()).map(toRecord);
  }

  async insertEvents(records: EventRecord[], now: Date): Promise<void> {
    if (records.length === 0) return;
    await this.db
      .insertInto('sportsbook.events')
      .values(
        records.map((record) => ({
          id: record.id,
          competition_id: record.competitionId,
          home_team_id: record.homeTeamId,
          away_team_id: record.awayTeamId,
          kickoff_at: record.kickoffAt,
          created_at: now,
          ...stateColumns(record, now),
        })),
      )
      .execute();
  }

  /**
   * Writes the next state of an event, only over the state it follows (seq - 1): a second writer, which the
   * feed's lock should already prevent, fails instead of overwriting.
   */
  async saveEvent(record: EventRecord, now: Date): Promise<void> {
    const result = await this.db
      .updateTable('sportsbook.events')
      .set(stateColumns(record, now))
      .where('id', '=', record.id)
      .where('seq', '=', record.seq - 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1)
      throw new Error(`Event ${record.id} changed elsewhere (expected seq ${record.seq - 1})`);
  }

  async saveMarketState(record: EventRecord, marketId: string, state: MarketState, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sportsbook.market_states')
        .values({
          market_id: marketId,
          event_id: record.id,
          operator_suspended: state.operatorSuspended,
          resolution: state.resolution,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column('market_id').doUpdateSet({
            operator_suspended: state.operatorSuspended,
            resolution: state.resolution,
            updated_at: now,
          }),
        )
        .execute();
      await new CatalogueStore(trx).saveEvent(record, now);
    });
  }

  /**
   * Stores how markets ended together with the event's next state. A market resolved before keeps its first
   * resolution; the answer lists only the ones resolved now, so nothing is announced twice.
   */
  async saveResolutions(record: EventRecord, resolutions: StoredResolution[], now: Date): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const inserted =
        resolutions.length === 0
          ? []
          : await trx
              .insertInto('sportsbook.market_resolutions')
              .values(
                resolutions.map((resolution) => {
                  const result = resolution.outcome.kind === 'result' ? resolution.outcome.result : null;
                  return {
                    market_id: resolution.marketId,
                    event_id: record.id,
                    market_key: resolution.marketKey,
                    outcome: resolution.outcome.kind,
                    half_time_home: result?.halfTime.home ?? null,
                    half_time_away: result?.halfTime.away ?? null,
                    full_time_home: result?.fullTime.home ?? null,
                    full_time_away: result?.fullTime.away ?? null,
                    goals: result?.goals ? JSON.stringify(result.goals) : null,
                    resolved_at: now,
                  };
                }),
              )
              .onConflict((oc) => oc.column('market_id').doNothing())
              .returning('market_id')
              .execute();
      const resolvedNow = new Set(inserted.map((row) => row.market_id));
      const endings = resolutions
        .filter((resolution) => resolvedNow.has(resolution.marketId))
        .map((resolution) => ({
          market_id: resolution.marketId,
          event_id: record.id,
          resolution: resolution.outcome.kind === 'void' ? ('void' as const) : ('settled' as const),
          updated_at: now,
        }));
      if (endings.length > 0) {
        await trx
          .insertInto('sportsbook.market_states')
          .values(endings)
          .onConflict((oc) =>
            oc
              .column('market_id')
              .doUpdateSet((eb) => ({ resolution: eb.ref('excluded.resolution'), updated_at: now })),
          )
          .execute();
      }
      await new CatalogueStore(trx).saveEvent(record, now);
      return [...resolvedNow];
    });
  }

  /** Every stored resolution of an event, for settlement to read again after a crash. */
  async resolutionsOf(eventId: string): Promise<StoredResolution[]> {
    const rows = await this.db
      .selectFrom('sportsbook.market_resolutions')
      .selectAll()
      .where('event_id', '=', eventId)
      .orderBy('market_id')
      .execute();
    return rows.map((row) => ({
      marketId: row.market_id,
      marketKey: row.market_key,
      outcome:
        row.outcome === 'void'
          ? { kind: 'void' as const }
          : {
              kind: 'result' as const,
              result: {
                halfTime: { home: row.half_time_home!, away: row.half_time_away! },
                fullTime: { home: row.full_time_home!, away: row.full_time_away! },
                goals: row.goals,
              },
            },
    }));
  }
}
