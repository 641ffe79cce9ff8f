import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { DAY, HOUR, MINUTE } from '../../platform/clock';
import type { HarmMarkerKind } from '../../../src/contract/harm';
import { CARD_DECLINED_FOR_FUNDS_MESSAGE } from '../../../src/contract/payments';
import { LIMIT_WINDOW_MS } from '../../../src/contract/limits-rules';
import { daysBetween, londonDateAndHour } from './london-time';

/** A marker as computed: the same evidence always gives the same key, so computing it twice records it once. */
export interface MarkerCandidate {
  kind: Exclude<HarmMarkerKind, 'financial-vulnerability'>;
  key: string;
  evidence: Record<string, unknown>;
  observedAt: Date;
}

/** The thresholds of docs/decisions.md ("Markers of harm"). */
const MARKER_RULES = {
  depositsInAnHour: 3,
  growthMultiple: 3,
  lossChaseWindowMs: 15 * MINUTE,
  lossChasesInADay: 3,
  nightEndHour: 6,
  nightsInAWeek: 3,
  limitRaisedWithinMs: DAY,
};

const LOOKBACK_MS = 8 * DAY;

interface Deposit {
  id: number;
  amount: number;
  at: Date;
}

/** Reads what the PAM already records about one customer and finds the markers in it; writes nothing. */
export class MarkerDetector {
  constructor(private readonly db: Db) {}

  async detect(userId: number, now: Date): Promise<MarkerCandidate[]> {
    const deposits = await this.deposits(userId, new Date(now.getTime() - LOOKBACK_MS - LIMIT_WINDOW_MS.Monthly));
    const recent = deposits.filter((deposit) => deposit.at.getTime() > now.getTime() - LOOKBACK_MS);
    return [
      ...depositFrequency(recent),
      ...(await this.depositGrowth(userId, recent.at(-1))),
      ...lossChasing(recent, await this.losingSettlements(userId, now)),
      ...nightPlay(await this.playTimes(userId, now)),
      ...(await this.limitRaisedAfterReached(userId, deposits, now)),
      ...(await this.declinedForFunds(userId, now)),
    ];
  }

  /** 30-day net deposits (deposits less withdrawals, a cancelled withdrawal's refund added back) ending at `at`. */
  async netDeposits(db: Pick<Db, 'selectFrom'>, userId: number, at: Date): Promise<number> {
    const row = await db
      .selectFrom('transactions')
      .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
      .where('user_id', '=', userId)
      .where('created_at', '>', new Date(at.getTime() - 30 * DAY))
      .where('created_at', '<=', at)
      .where((eb) =>
        eb.or([
          eb('kind', 'in', ['Deposit', 'Withdrawal']),
          eb.and([eb('kind', '=', 'Refund'), eb('payment_id', 'is not', null)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  private async deposits(userId: number, since: Date): Promise<Deposit[]> {
    const rows = await this.db
      .selectFrom('transactions')
      .select(['id', 'amount', 'created_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'Deposit')
      .where('created_at', '>', since)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, amount: Number(row.amount), at: row.created_at }));
  }

  /** The 30 days up to the latest deposit against the 30 days before: anchored there, so a later look finds the same. */
  private async depositGrowth(userId: number, latest: Deposit | undefined): Promise<MarkerCandidate[]> {
    if (!latest) return [];
    const current = await this.netDeposits(this.db, userId, latest.at);
    const previous = await this.netDeposits(this.db, userId, new Date(latest.at.getTime() - 30 * DAY));
    if (previous <= 0 || current < MARKER_RULES.growthMultiple * previous) return [];
    // One a month at most: each deposit while the rise lasts is the same story, not a new one.
    const { date } = londonDateAndHour(latest.at);
    return [
      {
        kind: 'deposit-growth',
        key: date.slice(0, 7),
        evidence: { last30Days: current, previous30Days: previous, latestDeposit: latest.id },
        observedAt: latest.at,
      },
    ];
  }

  /** Settlements that lost the customer cash: a bet returning less than its cash stake, an exchange position paying less than it held. */
  private async losingSettlements(userId: number, now: Date): Promise<Date[]> {
    const since = new Date(now.getTime() - LOOKBACK_MS);
    const bets = await this.db
      .selectFrom('bets')
      .select('closed_at')
      .where('user_id', '=', userId)
      .where('status', '=', 'closed')
      .where('closed_at', '>', since)
      .where('staked', '>', 0)
      .where(sql<boolean>`returned + refunded < staked`)
      .execute();
    const positions = await this.db
      .selectFrom('p2p_positions')
      .select('settled_at')
      .where('user_id', '=', userId)
      .where('status', '=', 'settled')
      .where('settled_at', '>', since)
      .where(sql<boolean>`paid + released < held_total`)
      .execute();
    return [...bets.map((row) => row.closed_at), ...positions.map((row) => row.settled_at)].filter(
      (at): at is Date => at !== null,
    );
  }

  private async playTimes(userId: number, now: Date): Promise<Date[]> {
    const since = new Date(now.getTime() - LOOKBACK_MS);
    const bets = await this.db
      .selectFrom('bets')
      .select('placed_at')
      .where('user_id', '=', userId)
      .where('placed_at', '>', since)
      .execute();
    const positions = await this.db
      .selectFrom('p2p_positions')
      .select('opened_at')
      .where('user_id', '=', userId)
      .where('opened_at', '>', since)
      .execute();
    return [...bets.map((row) => row.placed_at), ...positions.map((row) => row.opened_at)];
  }

  /** An increase or removal (the only changes that wait) asked for within a day of deposits reaching the limit in force. */
  private async limitRaisedAfterReached(userId: number, deposits: Deposit[], now: Date): Promise<MarkerCandidate[]> {
    const changes = await this.db
      .selectFrom('deposit_limit_changes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('created_at', '>', new Date(now.getTime() - LOOKBACK_MS - LIMIT_WINDOW_MS.Monthly))
      .orderBy('id')
      .execute();
    const found: MarkerCandidate[] = [];
    for (const change of changes) {
      if (change.created_at.getTime() <= now.getTime() - LOOKBACK_MS) continue;
      if (change.effective_from.getTime() <= change.created_at.getTime()) continue;
      const inForce = changes
        .filter(
          (earlier) =>
            earlier.kind === change.kind &&
            earlier.id < change.id &&
            earlier.effective_from.getTime() <= change.created_at.getTime(),
        )
        .at(-1);
      if (!inForce || inForce.amount === null) continue;
      const limit = inForce.amount;
      const window = LIMIT_WINDOW_MS[change.kind];
      const askedAt = change.created_at.getTime();
      const reachedAt = deposits.find((deposit) => {
        const at = deposit.at.getTime();
        if (at > askedAt || at < askedAt - MARKER_RULES.limitRaisedWithinMs) return false;
        const total = deposits
          .filter((other) => other.at.getTime() > at - window && other.at.getTime() <= at)
          .reduce((sum, other) => sum + other.amount, 0);
        return total >= limit;
      });
      if (!reachedAt) continue;
      found.push({
        kind: 'limit-raised',
        key: `change-${change.id}`,
        evidence: {
          limit: change.kind,
          amount: limit,
          reachedAt: reachedAt.at.toISOString(),
          askedFor: change.amount,
          askedAt: change.created_at.toISOString(),
        },
        observedAt: change.created_at,
      });
    }
    return found;
  }

  private async declinedForFunds(userId: number, now: Date): Promise<MarkerCandidate[]> {
    const rows = await this.db
      .selectFrom('payments')
      .select(['id', 'amount', 'updated_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'Deposit')
      .where('status', '=', 'Failed')
      .where('error', '=', CARD_DECLINED_FOR_FUNDS_MESSAGE)
      .where('updated_at', '>', new Date(now.getTime() - LOOKBACK_MS))
      .execute();
    return rows.map((row) => ({
      kind: 'declined-for-funds',
      key: `payment-${row.id}`,
      evidence: { paymentId: row.id, amount: Number(row.amount) },
      observedAt: row.updated_at,
    }));
  }
}

/** Three deposits within an hour; one marker per UK day. */
function depositFrequency(deposits: Deposit[]): MarkerCandidate[] {
  const byDay = new Map<string, MarkerCandidate>();
  const needed = MARKER_RULES.depositsInAnHour;
  for (let index = needed - 1; index < deposits.length; index++) {
    const run = deposits.slice(index - needed + 1, index + 1);
    if (run.at(-1)!.at.getTime() - run[0]!.at.getTime() > HOUR) continue;
    const { date } = londonDateAndHour(run.at(-1)!.at);
    if (byDay.has(date)) continue;
    byDay.set(date, {
      kind: 'deposit-frequency',
      key: date,
      evidence: { deposits: run.map((deposit) => ({ id: deposit.id, amount: deposit.amount, at: deposit.at })) },
      observedAt: run.at(-1)!.at,
    });
  }
  return [...byDay.values()];
}

/** A deposit within 15 minutes after a losing settlement, three times in one UK day; one marker per day. */
function lossChasing(deposits: Deposit[], losses: Date[]): MarkerCandidate[] {
  const chasesByDay = new Map<string, Array<{ deposit: number; lossAt: Date; depositAt: Date }>>();
  for (const deposit of deposits) {
    const loss = losses
      .filter(
        (lossAt) =>
          lossAt.getTime() <= deposit.at.getTime() &&
          deposit.at.getTime() - lossAt.getTime() <= MARKER_RULES.lossChaseWindowMs,
      )
      .sort((a, b) => b.getTime() - a.getTime())[0];
    if (!loss) continue;
    const { date } = londonDateAndHour(deposit.at);
    chasesByDay.set(date, [
      ...(chasesByDay.get(date) ?? []),
      { deposit: deposit.id, lossAt: loss, depositAt: deposit.at },
    ]);
  }
  return [...chasesByDay.entries()]
    .filter(([, chases]) => chases.length >= MARKER_RULES.lossChasesInADay)
    .map(([date, chases]) => ({
      kind: 'loss-chasing' as const,
      key: date,
      evidence: { chases },
      observedAt: chases[MARKER_RULES.lossChasesInADay - 1]!.depositAt,
    }));
}

/**
 * Play between midnight and 6am (UK time) on three nights within seven days. Keyed by the first qualifying night, so
 * a fourth night in the same week is the same marker rather than a second one.
 */
function nightPlay(playTimes: Date[]): MarkerCandidate[] {
  const nights = new Map<string, Date>();
  for (const at of playTimes) {
    const { date, hour } = londonDateAndHour(at);
    if (hour >= MARKER_RULES.nightEndHour) continue;
    const seen = nights.get(date);
    if (!seen || at < seen) nights.set(date, at);
  }
  const dates = [...nights.keys()].sort();
  for (let index = MARKER_RULES.nightsInAWeek - 1; index < dates.length; index++) {
    const week = dates.slice(index - MARKER_RULES.nightsInAWeek + 1, index + 1);
    if (daysBetween(week[0]!, week.at(-1)!) > 6) continue;
    return [
      {
        kind: 'night-play',
        key: `week-from-${week[0]}`,
        evidence: { nights: week.map((date) => ({ night: date, firstPlayAt: nights.get(date)!.toISOString() })) },
        observedAt: nights.get(week.at(-1)!)!,
      },
    ];
  }
  return [];
}
