import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { DAY } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import type { Trx } from '../wallet/ledger';
import type { HarmMarkerKind, InteractionResponse } from '../../../src/contract/harm';
import { MarkerDetector } from './markers';

/** Two markers within this long stop marketing and queue a review (docs/decisions.md, "Markers of harm"). */
const REVIEW_WINDOW_MS = 30 * DAY;
const MARKERS_FOR_REVIEW = 2;

export interface NewMarker {
  kind: HarmMarkerKind;
  key: string;
  evidence: Record<string, unknown>;
  observedAt: Date;
}

export interface InteractionReviewRecord {
  id: number;
  userId: number;
  email: string;
  reason: string;
  createdAt: string;
  reviewedAt: string | null;
  outcome: string | null;
  markers: Array<{ id: number; kind: HarmMarkerKind; observedAt: string; evidence: unknown }>;
}

/**
 * Customer interaction (LCCP SR 3.4.3): records the markers of harm found in what the PAM records, shows the
 * customer a safer-gambling message until they acknowledge it, and on two markers in 30 days (or a financial
 * vulnerability) stops marketing and queues the account for an operator's review. It never moves money or touches a bet.
 */
export class HarmService {
  private readonly detector: MarkerDetector;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.detector = new MarkerDetector(db);
  }

  /** Looks for markers in the customer's record and acts on any new ones; returns the ones recorded now. */
  async evaluate(userId: number): Promise<NewMarker[]> {
    return this.record(userId, await this.detector.detect(userId, this.clock.now()));
  }

  /** 30-day net deposits ending at `at`, read inside the caller's transaction (the £150 trigger). */
  netDeposits(trx: Trx, userId: number, at: Date): Promise<number> {
    return this.detector.netDeposits(trx, userId, at);
  }

  /** Records markers once each (by key) and takes the actions new ones call for. */
  async record(userId: number, markers: NewMarker[]): Promise<NewMarker[]> {
    if (markers.length === 0) return [];
    const now = this.clock.now();
    const recorded: NewMarker[] = [];
    for (const marker of markers) {
      const row = await this.db
        .insertInto('harm_markers')
        .values({
          user_id: userId,
          kind: marker.kind,
          marker_key: marker.key,
          evidence: JSON.stringify(marker.evidence),
          observed_at: marker.observedAt,
          created_at: now,
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'marker_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) recorded.push(marker);
    }
    if (recorded.length === 0) return [];
    const recent = await this.db
      .selectFrom('harm_markers')
      .select(['kind'])
      .where('user_id', '=', userId)
      .where('created_at', '>', new Date(now.getTime() - REVIEW_WINDOW_MS))
      .execute();
    const vulnerable = recorded.some((marker) => marker.kind === 'financial-vulnerability');
    if (vulnerable || recent.length >= MARKERS_FOR_REVIEW)
      await this.suppressAndQueue(
        userId,
        vulnerable
          ? 'financial vulnerability check found a public record'
          : `${recent.length} markers of harm within 30 days`,
      );
    return recorded;
  }

  /** The safer-gambling message: markers not yet acknowledged, newest first. */
  async interaction(userId: number): Promise<InteractionResponse> {
    const rows = await this.db
      .selectFrom('harm_markers')
      .select(['id', 'kind', 'observed_at'])
      .where('user_id', '=', userId)
      .where('acknowledged_at', 'is', null)
      .orderBy('observed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    return { markers: rows.map((row) => ({ id: row.id, kind: row.kind, observedAt: row.observed_at.toISOString() })) };
  }

  /** The customer has read the message: it is not shown again for these markers. Someone else's ids change nothing. */
  async acknowledge(userId: number, markerIds: number[]): Promise<void> {
    await this.db
      .updateTable('harm_markers')
      .set({ acknowledged_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('id', 'in', markerIds)
      .where('acknowledged_at', 'is', null)
      .execute();
  }

  /** The review queue, waiting first, with each account's markers. */
  async reviews(includeReviewed: boolean): Promise<InteractionReviewRecord[]> {
    let query = this.db
      .selectFrom('interaction_reviews')
      .innerJoin('users', 'users.id', 'interaction_reviews.user_id')
      .select([
        'interaction_reviews.id',
        'interaction_reviews.user_id',
        'users.email',
        'interaction_reviews.reason',
        'interaction_reviews.created_at',
        'interaction_reviews.reviewed_at',
        'interaction_reviews.outcome',
      ])
      .orderBy('interaction_reviews.id')
      .limit(200);
    if (!includeReviewed) query = query.where('interaction_reviews.reviewed_at', 'is', null);
    const rows = await query.execute();
    const userIds = [...new Set(rows.map((row) => row.user_id))];
    const markers = userIds.length
      ? await this.db
          .selectFrom('harm_markers')
          .select(['id', 'user_id', 'kind', 'observed_at', 'evidence'])
          .where('user_id', 'in', userIds)
          .orderBy('observed_at')
          .execute()
      : [];
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      email: row.email,
      reason: row.reason,
      createdAt: row.created_at.toISOString(),
      reviewedAt: row.reviewed_at?.toISOString() ?? null,
      outcome: row.outcome,
      markers: markers
        .filter((marker) => marker.user_id === row.user_id)
        .map((marker) => ({
          id: marker.id,
          kind: marker.kind,
          observedAt: marker.observed_at.toISOString(),
          evidence: marker.evidence,
        })),
    }));
  }

  /** The operator's review is done; marketing stays stopped (lifting it is a decision for its own command, not a side effect). */
  async review(id: number, outcome: string): Promise<InteractionReviewRecord> {
    const row = await this.db
      .updateTable('interaction_reviews')
      .set({ reviewed_at: this.clock.now(), outcome })
      .where('id', '=', id)
      .where('reviewed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound(`No open interaction review ${id}`);
    const reviewed = (await this.reviews(true)).find((review) => review.id === id);
    if (!reviewed) throw notFound(`No open interaction review ${id}`);
    return reviewed;
  }

  /** Whether marketing and promotions are stopped for this customer. */
  async marketingSuppressed(db: Pick<Db, 'selectFrom'>, userId: number): Promise<boolean> {
    const row = await db.selectFrom('users').select('marketing_suppressed').where('id', '=', userId).executeTakeFirst();
    return row?.marketing_suppressed ?? false;
  }

  private async suppressAndQueue(userId: number, reason: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ marketing_suppressed: true }).where('id', '=', userId).execute();
      await trx
        .insertInto('interaction_reviews')
        .values({ user_id: userId, reason, created_at: now })
        .onConflict((conflict) => conflict.column('user_id').where('reviewed_at', 'is', null).doNothing())
        .execute();
    });
  }
}
