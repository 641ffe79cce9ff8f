import type { Selectable } from 'kysely';
import type { SeasonsTable, SportsbookDb, StoredFixture, StoredPrice } from '../db/schema';

export interface SeasonRecord {
  id: string;
  competitionId: string;
  number: number;
  status: 'running' | 'settled' | 'void';
  fixtures: StoredFixture[];
  prices: StoredPrice[] | null;
  winners: string[] | null;
  seq: number;
  startedAt: Date;
}

const toRecord = (row: Selectable<SeasonsTable>): SeasonRecord => ({
  id: row.id,
  competitionId: row.competition_id,
  number: row.number,
  status: row.status,
  fixtures: row.fixtures,
  prices: row.prices,
  winners: row.winners,
  seq: row.seq,
  startedAt: new Date(row.started_at),
});

/** The seasons' rows: written only by the instance that runs the feed, read by every instance. */
export class SeasonStore {
  constructor(private readonly db: SportsbookDb) {}

  /** Each league's latest season. */
  async loadCurrent(): Promise<SeasonRecord[]> {
    const rows = await this.db
      .selectFrom('sportsbook.seasons as s')
      .selectAll('s')
      .where((eb) =>
        eb(
          's.number',
          '=',
          eb
            .selectFrom('sportsbook.seasons as t')
            .select((t) => t.fn.max('t.number').as('n'))
            .whereRef('t.competition_id', '=', 's.competition_id'),
        ),
      )
      .execute();
    return rows.map(toRecord);
  }

  async loadChangedSince(since: Date): Promise<SeasonRecord[]> {
    return (
      await this.db
        .selectFrom('sportsbook.seasons')
        .selectAll()
        .where('updated_at', '>=', since)
        .orderBy('number')
        .execute()
    ).map(toRecord);
  }

  async find(seasonId: string): Promise<SeasonRecord | undefined> {
    const row = await this.db
      .selectFrom('sportsbook.seasons')
      .selectAll()
      .where('id', '=', seasonId)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** A new season; a second start of the same one (two leaders for a moment) stores nothing and answers false. */
  async insert(season: SeasonRecord, now: Date): Promise<boolean> {
    const inserted = await this.db
      .insertInto('sportsbook.seasons')
      .values({
        id: season.id,
        competition_id: season.competitionId,
        number: season.number,
        status: season.status,
        fixtures: JSON.stringify(season.fixtures),
        prices: season.prices ? JSON.stringify(season.prices) : null,
        winners: null,
        seq: season.seq,
        started_at: season.startedAt,
        updated_at: now,
        settled_at: null,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute();
    return inserted.length === 1;
  }

  /** The next state of a season, only over the one it follows (seq - 1). False when it had moved on elsewhere. */
  async save(season: SeasonRecord, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('sportsbook.seasons')
      .set({
        status: season.status,
        fixtures: JSON.stringify(season.fixtures),
        prices: season.prices ? JSON.stringify(season.prices) : null,
        winners: season.winners ? JSON.stringify(season.winners) : null,
        seq: season.seq,
        updated_at: now,
        ...(season.status !== 'running' ? { settled_at: now } : {}),
      })
      .where('id', '=', season.id)
      .where('seq', '=', season.seq - 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
