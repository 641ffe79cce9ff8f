import type { BetLeg, BetView } from '../../../src/contract/sportsbook-rules';
import type { BetLegsTable, BetsDb, BetsTable } from './tables';
import { sql, type Selectable } from 'kysely';

const BETS_PAGE_SIZE = 50;
const SETTLED = ['won', 'lost', 'void', 'cashed-out'] as const;

type BetRow = Selectable<BetsTable>;
type LegRow = Selectable<BetLegsTable>;

/** The open bets on My Bets' first page, newest first: what cash-out offers and the live standings are shown beside. */
export function openBetsFirstPage(db: BetsDb, playerId: string) {
  return db
    .selectFrom('sportsbook.bets')
    .select(['id', 'stake', 'free_bet_id', 'system_type', 'kind'])
    .where('player_id', '=', playerId)
    .where('status', '=', 'open')
    .orderBy('placed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(BETS_PAGE_SIZE)
    .execute();
}

function legView(leg: LegRow): BetLeg {
  return {
    selectionId: leg.selection_id,
    eventId: leg.event_id,
    eventName: leg.event_name,
    kickoffAt: leg.kickoff_at.toISOString(),
    marketName: leg.market_name,
    selectionName: leg.selection_name,
    price: { num: leg.price_num, den: leg.price_den },
    result: leg.result,
    score: leg.score_home === null || leg.score_away === null ? null : { home: leg.score_home, away: leg.score_away },
    deadHeatWays: leg.dead_heat_ways ?? null,
  };
}

export function betView(bet: BetRow, legs: LegRow[]): BetView {
  return {
    betId: bet.id,
    kind: bet.kind,
    stake: bet.stake,
    placedAt: bet.placed_at.toISOString(),
    status: bet.status,
    legs: legs.sort((a, b) => a.position - b.position).map(legView),
    potentialReturns: bet.potential_returns,
    returns: bet.returns,
    settledAt: bet.settled_at?.toISOString() ?? null,
    reason: bet.reason,
    price: bet.price_num && bet.price_den ? { num: bet.price_num, den: bet.price_den } : null,
    heldUntil: bet.status === 'pending' ? (bet.held_until?.toISOString() ?? null) : null,
    system:
      bet.system_type && bet.stake_per_line && bet.lines
        ? { type: bet.system_type, stakePerLine: bet.stake_per_line, lines: bet.lines }
        : null,
    cashedOutStake: Number(bet.cashed_out_stake),
    cashedOut: Number(bet.cashed_out),
    freeBet: bet.free_bet_id !== null,
  };
}

/** A leg as json_agg returns it: timestamps as text. */
type JsonLegRow = Omit<LegRow, 'kickoff_at'> & { kickoff_at: string };

/** Bets as the frame shows them (My Bets, and what became of a placement). */
export class BetViews {
  constructor(private readonly db: BetsDb) {}

  async one(betId: string, db: BetsDb = this.db): Promise<BetView | undefined> {
    return (await this.withSessions([betId], db))[0]?.view;
  }

  async many(betIds: readonly string[]): Promise<BetView[]> {
    return (await this.withSessions(betIds)).map((entry) => entry.view);
  }

  /** These bets with the session each was placed in, bets and legs in one round trip (placement and settlement push them). */
  async withSessions(
    betIds: readonly string[],
    db: BetsDb = this.db,
  ): Promise<Array<{ sessionId: string; view: BetView }>> {
    if (betIds.length === 0) return [];
    const { rows } = await sql<BetRow & { legs: JsonLegRow[] | null }>`
      SELECT b.*, (SELECT json_agg(l) FROM sportsbook.bet_legs l WHERE l.bet_id = b.id) AS legs
      FROM sportsbook.bets b WHERE b.id = ANY(${[...betIds]}::uuid[])`.execute(db);
    return rows.map((row) => this.fromRow(row));
  }

  /** A bet row with its legs as json_agg gives them (timestamps as text), and the session it was placed in. */
  fromRow({ legs, ...bet }: BetRow & { legs: JsonLegRow[] | null }): { sessionId: string; view: BetView } {
    return {
      sessionId: bet.session_id,
      view: betView(
        bet,
        (legs ?? []).map((leg) => ({ ...leg, kickoff_at: new Date(leg.kickoff_at) })),
      ),
    };
  }

  /**
   * A player's bets, newest first. Only accepted bets are listed ("a bet is accepted only once it shows in your
   * bet history"): open for state=open, settled (won, lost, void) for state=settled, both otherwise.
   */
  async list(playerId: string, state: 'open' | 'settled' | undefined, before: Date | undefined): Promise<BetView[]> {
    let query = this.db
      .selectFrom('sportsbook.bets')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('status', 'in', state === 'open' ? ['open'] : state === 'settled' ? SETTLED : ['open', ...SETTLED]);
    if (before) query = query.where('placed_at', '<', before);
    const bets = await query.orderBy('placed_at', 'desc').orderBy('id', 'desc').limit(BETS_PAGE_SIZE).execute();
    return this.withLegs(bets);
  }

  private async withLegs(bets: BetRow[]): Promise<BetView[]> {
    if (bets.length === 0) return [];
    const legs = await this.db
      .selectFrom('sportsbook.bet_legs')
      .selectAll()
      .where(
        'bet_id',
        'in',
        bets.map((bet) => bet.id),
      )
      .execute();
    const byBet = new Map<string, LegRow[]>();
    for (const leg of legs) byBet.set(leg.bet_id, [...(byBet.get(leg.bet_id) ?? []), leg]);
    return bets.map((bet) => betView(bet, byBet.get(bet.id) ?? []));
  }
}
