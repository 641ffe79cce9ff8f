import type { LegStanding, MatchNow, OpenBetsLive } from '../../../src/contract/sportsbook-rules';
import type { Catalogue } from '../catalogue/types';
import { selectionChances, settleSelection } from '../markets';
import type { GoalTime, MarketSpec, MatchRates, MatchState } from '../pricing/types';
import type { BetsDb } from './tables';
import { openBetsFirstPage } from './views';

/**
 * How a selection stands on the match so far, by the same rules that price and settle it (markets/): decided when
 * the model gives it one way left to settle, else as it would settle were the match to end on this score. Before
 * kick-off it has no standing. The first goal's markets are read by the model as certainly void once a goal is in
 * (the score cannot say who scored first); their goals decide them, as at settlement.
 */
export function legStanding(
  spec: MarketSpec,
  selectionKey: string,
  match: { rates: MatchRates; state: MatchState; goals?: readonly GoalTime[] },
): LegStanding | null {
  const { state } = match;
  if (state.phase === 'pre-match') return null;
  const asItStands = settleSelection(spec, selectionKey, {
    halfTime: state.halfTimeScore ?? state.score,
    fullTime: state.score,
    goals: match.goals ? [...match.goals] : null,
  });
  const { win, void: voided, lose } = selectionChances(match.rates, state, spec, selectionKey);
  const waysLeft = [win, voided, lose].filter((mass) => mass > 0).length;
  if (waysLeft === 1) {
    if (win > 0) return 'won';
    if (lose > 0) return 'lost';
    if (asItStands === 'won' || asItStands === 'lost') return asItStands;
    return 'void';
  }
  if (asItStands === 'won' || asItStands === 'half-won') return 'winning';
  if (asItStands === 'void') return 'void-as-it-stands';
  return 'losing';
}

/** My Bets' live view of a player's open bets: their matches now and how each open leg stands on them. */
export class OpenBetsLiveService {
  constructor(
    private readonly db: BetsDb,
    private readonly catalogue: Catalogue,
  ) {}

  /** The open bets My Bets lists (its first page), as the catalogue has their matches now. */
  async forPlayer(playerId: string): Promise<OpenBetsLive> {
    const bets = await openBetsFirstPage(this.db, playerId);
    if (bets.length === 0) return { matches: [], legs: [] };
    const legs = await this.db
      .selectFrom('sportsbook.bet_legs')
      .select(['bet_id', 'selection_id'])
      .where(
        'bet_id',
        'in',
        bets.map((bet) => bet.id),
      )
      .where('result', '=', 'open')
      .orderBy('bet_id')
      .orderBy('position')
      .execute();
    const matches = new Map<string, MatchNow>();
    const standings: OpenBetsLive['legs'] = [];
    for (const leg of legs) {
      const quote = this.catalogue.quote(leg.selection_id);
      const match = quote && this.catalogue.matchPricing(quote.eventId);
      if (!quote || !match) continue;
      if (!matches.has(quote.eventId))
        matches.set(quote.eventId, {
          eventId: quote.eventId,
          status: quote.eventStatus,
          phase: match.state.phase,
          minute: Math.floor(match.state.minute),
          score: { ...match.state.score },
          seq: quote.seq,
        });
      const standing = legStanding(quote.spec, quote.selectionKey, match);
      if (standing) standings.push({ betId: leg.bet_id, selectionId: leg.selection_id, standing });
    }
    return { matches: [...matches.values()], legs: standings };
  }
}
