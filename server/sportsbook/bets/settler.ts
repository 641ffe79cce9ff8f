import { sql, type Transaction } from 'kysely';
import type { Clock } from '../../platform/clock';
import { NET_PAYOUT_CAP_PENCE, type LegResult } from '../../../src/contract/sportsbook-rules';
import type { MarketsResolved } from '../catalogue/types';
import { settleSelection } from '../markets';
import type { FinalResult, GoalTime, MarketSpec } from '../pricing/types';
import { pamPlayerId } from '../wallet-client';
import type { WalletOutbox } from '../wallet/outbox';
import { applyPayoutCap, netPaidInWindow, settleFreeBet, settlementLegsOf } from './settlement';
import { lockPayoutWindows } from './payout-window';
import { closingCall, ownStakeOf } from '../free-bets/returns';
import { settleStoredBet } from './system-bets';
import type { BetsDatabase, BetsDb } from './tables';

/** Bets settled per transaction: big enough to keep 50,000 bets quick, small enough to keep locks short. */
const CHUNK = 500;

export interface SettledBet {
  betId: string;
  sessionId: string;
  status: 'won' | 'lost' | 'void';
  returns: number;
}

const scoreFor = (spec: MarketSpec, result: FinalResult) =>
  spec.type === 'first-half-result' ? result.halfTime : result.fullTime;

/**
 * Settlement: legs take their results as markets resolve; a bet whose legs decide it (settlement.ts) is settled,
 * its returns capped by the player's 24-hour net payout, and its closing credit stored in the same transaction;
 * the outbox then pays it. Every bet moves from open exactly once (UPDATE ... WHERE status = 'open'), and its
 * credit's id is made from the bet's, so settling twice, or racing a void, never pays twice.
 */
export class Settler {
  constructor(
    private readonly db: BetsDb,
    private readonly outbox: WalletOutbox,
    private readonly clock: Clock,
    private readonly onSettled: (bets: SettledBet[]) => void = () => {},
    private readonly cap: number = NET_PAYOUT_CAP_PENCE,
  ) {}

  async marketsResolved(resolved: MarketsResolved): Promise<SettledBet[]> {
    for (const market of resolved.markets) {
      if (market.outcome.kind === 'void') {
        await this.db
          .updateTable('sportsbook.bet_legs')
          .set({ result: 'void' })
          .where('market_id', '=', market.marketId)
          .where('result', '=', 'open')
          .execute();
        continue;
      }
      if (market.outcome.kind === 'winners') {
        await this.settleOutright(market.marketId, market.outcome.winners);
        continue;
      }
      const result = market.outcome.result;
      const score = scoreFor(market.spec, result);
      const keys = await this.db
        .selectFrom('sportsbook.bet_legs')
        .select('selection_key')
        .distinct()
        .where('market_id', '=', market.marketId)
        .where('result', '=', 'open')
        .execute();
      for (const { selection_key } of keys) {
        const outcome: LegResult = settleSelection(market.spec, selection_key, result);
        await this.db
          .updateTable('sportsbook.bet_legs')
          .set({ result: outcome, score_home: score.home, score_away: score.away })
          .where('market_id', '=', market.marketId)
          .where('selection_key', '=', selection_key)
          .where('result', '=', 'open')
          .execute();
      }
    }
    const marketIds = resolved.markets.map((market) => market.marketId);
    if (marketIds.length === 0) return [];
    const touched = await this.db
      .selectFrom('sportsbook.bets')
      .select('id')
      .where('status', '=', 'open')
      .where('id', 'in', (qb) =>
        qb.selectFrom('sportsbook.bet_legs').select('bet_id').where('market_id', 'in', marketIds),
      )
      // A player's bets together: a chunk then names a few players, and reads (and locks) only their payout windows.
      .orderBy('player_id')
      .orderBy('id')
      .execute();
    return this.settle(touched.map((bet) => bet.id));
  }

  /**
   * An outright's legs: a winner alone wins; n winners level at the top are a dead heat, each leg on them paid at
   * full odds on 1/n of its stake (legFactor); every other club loses.
   */
  private async settleOutright(marketId: string, winners: readonly string[]): Promise<void> {
    if (winners.length > 0) {
      await this.db
        .updateTable('sportsbook.bet_legs')
        .set(winners.length === 1 ? { result: 'won' } : { result: 'dead-heat', dead_heat_ways: winners.length })
        .where('market_id', '=', marketId)
        .where('selection_key', 'in', [...winners])
        .where('result', '=', 'open')
        .execute();
    }
    await this.db
      .updateTable('sportsbook.bet_legs')
      .set({ result: 'lost' })
      .where('market_id', '=', marketId)
      .where('result', '=', 'open')
      .execute();
  }

  /**
   * Catches up after a settlement that did not finish (a crash, a database error in the listener: the catalogue
   * keeps the resolution and only logs the failure): legs still open on markets the catalogue resolved take their
   * results, and open bets that their legs now decide are settled.
   */
  async recover(): Promise<SettledBet[]> {
    const { rows } = await sql<{
      market_id: string;
      event_id: string;
      outcome: 'result' | 'void';
      spec: MarketSpec;
      hth: number | null;
      hta: number | null;
      fth: number | null;
      fta: number | null;
      goals: GoalTime[] | null;
    }>`
      SELECT DISTINCT ON (l.market_id) l.market_id, r.event_id, r.outcome, l.spec,
             r.half_time_home AS hth, r.half_time_away AS hta, r.full_time_home AS fth, r.full_time_away AS fta, r.goals
        FROM sportsbook.bet_legs l JOIN sportsbook.market_resolutions r ON r.market_id = l.market_id
       WHERE l.result = 'open'`.execute(this.db);
    const byEvent = new Map<string, MarketsResolved['markets']>();
    for (const row of rows) {
      const outcome: MarketsResolved['markets'][number]['outcome'] =
        row.outcome === 'void'
          ? { kind: 'void' }
          : {
              kind: 'result',
              result: {
                halfTime: { home: row.hth!, away: row.hta! },
                fullTime: { home: row.fth!, away: row.fta! },
                goals: row.goals,
              },
            };
      byEvent.set(row.event_id, [
        ...(byEvent.get(row.event_id) ?? []),
        { marketId: row.market_id, spec: row.spec, outcome },
      ]);
    }
    // Outrights: a season settled or void while its legs were still open.
    const seasons = await sql<{
      market_id: string;
      event_id: string;
      spec: MarketSpec;
      status: 'settled' | 'void';
      winners: string[] | null;
    }>`
      SELECT DISTINCT ON (l.market_id) l.market_id, l.event_id, l.spec, s.status, s.winners
        FROM sportsbook.bet_legs l JOIN sportsbook.seasons s ON s.id = l.event_id
       WHERE l.result = 'open' AND s.status IN ('settled', 'void')`.execute(this.db);
    for (const row of seasons.rows) {
      const outcome: MarketsResolved['markets'][number]['outcome'] =
        row.status === 'void' ? { kind: 'void' } : { kind: 'winners', winners: row.winners ?? [] };
      byEvent.set(row.event_id, [
        ...(byEvent.get(row.event_id) ?? []),
        { marketId: row.market_id, spec: row.spec, outcome },
      ]);
    }
    const settled: SettledBet[] = [];
    for (const [eventId, markets] of byEvent) settled.push(...(await this.marketsResolved({ eventId, markets })));
    const decided = await this.db
      .selectFrom('sportsbook.bets')
      .select('id')
      .where('status', '=', 'open')
      .where('id', 'in', (qb) => qb.selectFrom('sportsbook.bet_legs').select('bet_id').where('result', '!=', 'open'))
      .execute();
    settled.push(...(await this.settle(decided.map((bet) => bet.id))));
    return settled;
  }

  /** Settles those of these bets that are open and decided by their legs; the rest are left as they are. */
  async settle(betIds: readonly string[]): Promise<SettledBet[]> {
    const settled: SettledBet[] = [];
    for (let start = 0; start < betIds.length; start += CHUNK) {
      const chunk = await this.db
        .transaction()
        .execute((trx) => this.settleChunk(trx, betIds.slice(start, start + CHUNK)));
      settled.push(...chunk);
      if (chunk.length > 0) this.onSettled(chunk);
    }
    return settled;
  }

  private async settleChunk(trx: Transaction<BetsDatabase>, betIds: string[]): Promise<SettledBet[]> {
    // Locked, in id order: a cash out of one of these bets waits, then finds it settled (or settles it first, and
    // this reads its stake as the cash out left it).
    const bets = await trx
      .selectFrom('sportsbook.bets')
      .select([
        'id',
        'player_id',
        'session_id',
        'stake',
        'system_type',
        'stake_per_line',
        'free_bet_id',
        'price_num',
        'price_den',
      ])
      .where('id', 'in', betIds)
      .where('status', '=', 'open')
      .orderBy('id')
      .forUpdate()
      .execute();
    if (bets.length === 0) return [];
    // In slip order: a system bet's lines are positions of its legs.
    const legs = await trx
      .selectFrom('sportsbook.bet_legs')
      .select(['bet_id', 'price_num', 'price_den', 'result', 'dead_heat_ways'])
      .where(
        'bet_id',
        'in',
        bets.map((bet) => bet.id),
      )
      .orderBy('bet_id')
      .orderBy('position')
      .execute();
    const legsOf = new Map<string, typeof legs>();
    for (const leg of legs) {
      const list = legsOf.get(leg.bet_id);
      if (list) list.push(leg);
      else legsOf.set(leg.bet_id, [leg]);
    }
    const decided = bets
      .map((bet) => {
        const betLegs = settlementLegsOf(bet, legsOf.get(bet.id) ?? []);
        return {
          bet,
          settlement: bet.free_bet_id === null ? settleStoredBet(bet, betLegs) : settleFreeBet(bet.stake, betLegs),
        };
      })
      .filter((entry) => entry.settlement.status !== 'open');
    if (decided.length === 0) return [];

    const now = this.clock.now();
    const windowFor = await lockPayoutWindows(
      trx,
      decided.map((entry) => entry.bet.player_id),
      now,
    );

    const figures = decided.map(({ bet, settlement }) => ({
      bet,
      status: settlement.status as 'won' | 'lost' | 'void',
      full: (settlement as Exclude<typeof settlement, { status: 'open' }>).returns,
      ownStake: ownStakeOf(bet),
    }));
    // The chunk's bets are one group in every window: its losses go in first, so each winner's allowance counts them.
    for (const { bet, full, ownStake } of figures)
      if (full <= ownStake) windowFor(bet.player_id).push({ settledAt: now, stake: ownStake, returns: full });
    const rows = figures.map(({ bet, status, full, ownStake }) => {
      // Only winnings are capped: a bet returning no more than its stake needs no look at the window.
      if (full <= ownStake) return { bet, ownStake, status, returns: full, cappedBy: 0 };
      const window = windowFor(bet.player_id);
      const returns = applyPayoutCap(full, ownStake, netPaidInWindow(window, now), this.cap);
      window.push({ settledAt: now, stake: ownStake, returns });
      return { bet, ownStake, status, returns, cappedBy: full - returns };
    });

    const updated = await sql<{ id: string }>`
      UPDATE sportsbook.bets AS b
         SET status = v.status, returns = v.returns, capped_by = v.capped_by, settled_at = ${now}
        FROM unnest(${rows.map((row) => row.bet.id)}::uuid[], ${rows.map((row) => row.status)}::text[], ${rows.map((row) => row.returns)}::bigint[], ${rows.map((row) => row.cappedBy)}::bigint[])
             AS v(id, status, returns, capped_by)
       WHERE b.id = v.id AND b.status = 'open'
      RETURNING b.id`.execute(trx);
    const moved = new Set(updated.rows.map((row) => row.id));
    const paid = rows.filter((row) => moved.has(row.bet.id));
    if (paid.length === 0) return [];
    await trx
      .insertInto('sportsbook.payout_nets')
      .values(
        paid.map((row) => ({
          bet_id: row.bet.id,
          player_id: row.bet.player_id,
          stake: row.ownStake,
          returns: row.returns,
          settled_at: now,
        })),
      )
      .execute();
    await this.outbox.add(
      trx,
      paid.map((row) =>
        closingCall(
          { id: row.bet.id, playerId: pamPlayerId(row.bet.player_id), freeBet: row.bet.free_bet_id !== null },
          row.status,
          row.returns,
        ),
      ),
    );
    return paid.map((row) => ({
      betId: row.bet.id,
      sessionId: row.bet.session_id,
      status: row.status,
      returns: row.returns,
    }));
  }
}
