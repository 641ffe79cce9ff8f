import { Observable } from '../../ui/frame/Observable';
import type { OutrightView, SelectionStatus } from '../../contract/sportsbook-rules';
import type { CatalogEvent, LiveSelection } from './CatalogStore';

export interface OutrightsApi {
  outright(competitionId: string): Promise<OutrightView>;
}

type Load = 'loading' | 'ready' | 'error';

/** Each league's outright as last fetched or pushed (`outright-update`), by competition id. */
export class OutrightsStore extends Observable {
  readonly outrights = new Map<string, OutrightView>();
  readonly state = new Map<string, Load>();

  constructor(private readonly api: OutrightsApi) {
    super();
  }

  /** Fetches a league's outright; what was shown stays 'ready' through a failed refresh. */
  async load(competitionId: string): Promise<void> {
    if (this.state.get(competitionId) !== 'ready') this.state.set(competitionId, 'loading');
    this.changed();
    try {
      this.put(await this.api.outright(competitionId), true);
      this.state.set(competitionId, 'ready');
    } catch {
      if (this.state.get(competitionId) !== 'ready') this.state.set(competitionId, 'error');
    }
    this.changed();
  }

  /** A push: a newer state of a season, or a new season, is kept; an older one is dropped. */
  apply(outright: OutrightView): void {
    this.put(outright, false);
    this.changed();
  }

  private put(outright: OutrightView, snapshot: boolean): void {
    const known = this.outrights.get(outright.competitionId);
    if (!snapshot && known && known.seasonId === outright.seasonId && known.seq >= outright.seq) return;
    this.outrights.set(outright.competitionId, outright);
  }

  /** An outright's selection, with its season standing in for the event (a league has no home and away). */
  findSelection(selectionId: string): LiveSelection | null {
    for (const outright of this.outrights.values()) {
      const selection = outright.market.selections.find((candidate) => candidate.id === selectionId);
      if (!selection) continue;
      const status: SelectionStatus =
        outright.market.status !== 'open' || !selection.price
          ? outright.market.status === 'suspended'
            ? 'suspended'
            : 'closed'
          : selection.status;
      return {
        selection,
        market: outright.market,
        event: outrightEvent(outright),
        status,
        price: selection.price,
        eventName: outright.seasonName,
      };
    }
    return null;
  }
}

/** The season as an event for the slip and the price buttons: named for the league, never in the match lists. */
function outrightEvent(outright: OutrightView): CatalogEvent {
  return {
    id: outright.seasonId,
    competitionId: outright.competitionId,
    competitionName: outright.competitionName,
    home: outright.seasonName,
    away: '',
    kickoffAt: new Date(0).toISOString(),
    // Suspended (a goal in one of the league's matches) is still a season running, its prices back once re-priced.
    status: outright.market.status === 'open' || outright.market.status === 'suspended' ? 'scheduled' : 'settled',
    phase: 'pre-match',
    minute: 0,
    score: { home: 0, away: 0 },
    halfTimeScore: null,
    suspended: outright.market.status === 'suspended',
    seq: outright.seq,
    mainMarket: null,
    marketCount: 1,
  };
}
