import { Observable } from '../../ui/frame/Observable';
import type {
  Competition,
  EventChange,
  EventDetail,
  EventSummary,
  Market,
  Price,
  Selection,
  SelectionStatus,
  SportsbookServerMessage,
} from '../../contract/sportsbook-rules';
import type { FirstLists } from '../../contract/sportsbook-page';

export interface CatalogApi {
  competitions(): Promise<Competition[]>;
  events(status: 'live' | 'upcoming'): Promise<EventSummary[]>;
  event(eventId: string): Promise<EventDetail>;
}

export type CatalogEvent = EventSummary & { markets?: Market[] };

/** The markets held for an event, with a newer copy of its main market in place of the old. */
function withMainMarket(markets: Market[] | undefined, main: Market | null | undefined): Market[] | undefined {
  return main ? markets?.map((market) => (market.id === main.id ? main : market)) : markets;
}

/** A selection as a customer may bet on it now: its market's and event's state folded into one status. */
export interface LiveSelection {
  selection: Selection;
  market: Market;
  event: CatalogEvent;
  status: SelectionStatus;
  price: Price | null;
  /** What the slip and bet history call the event when it is not a match: an outright's season (OutrightsStore). */
  eventName?: string;
}

type Load = 'idle' | 'loading' | 'ready' | 'error';

/**
 * Every event the frame knows, kept current by the socket's `event-updates`. Each event carries a sequence number;
 * an older one is ignored. A list-only change is the whole list view, applied whatever seqs it skipped; a full change
 * that is not the next one (a gap) is dropped and the event is fetched afresh instead, so a price shown is never one
 * that a missed update had changed.
 */
export class CatalogStore extends Observable {
  readonly events = new Map<string, CatalogEvent>();
  competitions: Competition[] = [];
  listsState: Load = 'idle';
  readonly detailState = new Map<string, Load>();
  private readonly selections = new Map<string, { marketId: string; eventId: string }>();
  private readonly refetching = new Set<string>();
  /**
   * The seq at which an event's `markets` (all of them) were last known whole. A list-only change moves the event's
   * seq but not this: its detail then lags, and the next full update fetches the event afresh instead of building on it.
   */
  private readonly detailSeq = new Map<string, number>();

  /** The lists came with the page (FirstLists): the home screen's first showing takes them rather than fetching. */
  private listsGiven = false;

  constructor(
    private readonly api: CatalogApi,
    firstLists?: FirstLists | null,
  ) {
    super();
    if (firstLists) {
      this.putLists(firstLists);
      this.listsGiven = true;
    }
  }

  get live(): CatalogEvent[] {
    return this.sorted((event) => event.status === 'live' || (event.status === 'ended' && event.phase === 'full-time'));
  }

  get upcoming(): CatalogEvent[] {
    return this.sorted((event) => event.status === 'scheduled');
  }

  private sorted(keep: (event: CatalogEvent) => boolean): CatalogEvent[] {
    return [...this.events.values()]
      .filter(keep)
      .sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt) || a.id.localeCompare(b.id));
  }

  /** The home screen is shown: the lists the page came with the first time, fetched afresh every later time. */
  showLists(): Promise<void> {
    if (!this.listsGiven) return this.loadLists();
    this.listsGiven = false;
    // Heard as lists just loaded are (what waits for the first prices on screen starts now).
    this.changed();
    return Promise.resolve();
  }

  async loadLists(): Promise<void> {
    this.listsGiven = false;
    if (this.listsState === 'idle' || this.listsState === 'error') {
      this.listsState = 'loading';
      this.changed();
    }
    try {
      const [live, upcoming, competitions] = await Promise.all([
        this.api.events('live'),
        this.api.events('upcoming'),
        this.api.competitions(),
      ]);
      this.putLists({ live, upcoming, competitions });
    } catch {
      if (this.listsState !== 'ready') this.listsState = 'error';
    }
    this.changed();
  }

  private putLists({ live, upcoming, competitions }: FirstLists): void {
    for (const event of [...live, ...upcoming]) this.put(event, false);
    this.competitions = competitions;
    this.listsState = 'ready';
  }

  loadEvent(eventId: string): Promise<void> {
    return this.load(this.detailState, eventId, async () => this.put(await this.api.event(eventId), true));
  }

  /** Fetches one thing into the store; what was shown stays 'ready' through a failed refresh. */
  private async load(states: Map<string, Load>, key: string, fetchAndPut: () => Promise<void>): Promise<void> {
    if (states.get(key) !== 'ready') states.set(key, 'loading');
    this.changed();
    try {
      await fetchAndPut();
      states.set(key, 'ready');
    } catch {
      if (states.get(key) !== 'ready') states.set(key, 'error');
    }
    this.changed();
  }

  /** A snapshot replaces what we had, whatever its seq: it is the server's word now. */
  private put(event: EventSummary | EventDetail, detailed: boolean): void {
    const before = this.events.get(event.id);
    // A summary's main market is current and replaces the held copy, which the slip reads (the other markets lag).
    const markets = detailed ? (event as EventDetail).markets : withMainMarket(before?.markets, event.mainMarket);
    this.store({ ...event, markets });
    if (detailed) this.detailSeq.set(event.id, event.seq);
  }

  private index(event: CatalogEvent): void {
    for (const market of [...(event.markets ?? []), ...(event.mainMarket ? [event.mainMarket] : [])]) {
      for (const selection of market.selections)
        this.selections.set(selection.id, { marketId: market.id, eventId: event.id });
    }
  }

  apply(message: SportsbookServerMessage): void {
    if (message.type !== 'event-updates') return;
    let changed = false;
    for (const update of message.updates) changed = this.applyChange(update) || changed;
    if (changed) this.changed();
  }

  /** Answers whether anything shown changed. */
  private applyChange(update: EventChange): boolean {
    const known = this.events.get(update.eventId);
    if (this.refetching.has(update.eventId)) return false;
    if (!known) {
      // A new event in the lists: the summary carries its whole state.
      this.put({ ...update.event, seq: update.seq }, false);
      return true;
    }
    if (update.seq <= known.seq) return false;
    if (update.markets === undefined) {
      // The list view, whole: seqs may skip. Its main market is current; the other markets held now lag (detailSeq).
      const markets = withMainMarket(known.markets, update.event.mainMarket);
      this.store({ ...update.event, seq: update.seq, markets });
      return true;
    }
    if (
      update.seq !== known.seq + 1 ||
      (known.markets !== undefined && this.detailSeq.get(update.eventId) !== known.seq)
    ) {
      void this.refetch(update.eventId);
      return false;
    }
    const updated = new Map(update.markets.map((market) => [market.id, market]));
    const markets = known.markets?.map((market) => updated.get(market.id) ?? market);
    const mainMarket = update.event.mainMarket ?? known.mainMarket;
    this.store({
      ...update.event,
      seq: update.seq,
      mainMarket: mainMarket && updated.get(mainMarket.id) ? updated.get(mainMarket.id)! : mainMarket,
      markets,
    });
    if (markets) this.detailSeq.set(update.eventId, update.seq);
    return true;
  }

  private store(event: CatalogEvent): void {
    this.events.set(event.id, event);
    this.index(event);
  }

  /** After a gap or a reconnect: fetch the event again rather than trust what we hold. */
  async refetch(eventId: string): Promise<void> {
    if (this.refetching.has(eventId)) return;
    this.refetching.add(eventId);
    const detailed = this.events.get(eventId)?.markets !== undefined;
    try {
      const event = await this.api.event(eventId);
      this.put(event, true);
      if (!detailed) this.events.get(eventId)!.markets = event.markets;
      this.detailState.set(eventId, 'ready');
    } catch {
      // The next update shows the gap again and we try again.
    } finally {
      this.refetching.delete(eventId);
      this.changed();
    }
  }

  /** The socket came back: every price we hold may be stale. */
  async resync(detailIds: readonly string[], lists: boolean): Promise<void> {
    await Promise.all([...(lists ? [this.loadLists()] : []), ...detailIds.map((id) => this.refetch(id))]);
  }

  findSelection(selectionId: string): LiveSelection | null {
    const where = this.selections.get(selectionId);
    if (!where) return null;
    const event = this.events.get(where.eventId);
    if (!event) return null;
    const market =
      event.markets?.find((candidate) => candidate.id === where.marketId) ??
      (event.mainMarket?.id === where.marketId ? event.mainMarket : undefined);
    const selection = market?.selections.find((candidate) => candidate.id === selectionId);
    if (!market || !selection) return null;
    let status: SelectionStatus = selection.status;
    if (market.status === 'suspended' || event.suspended) status = status === 'closed' ? 'closed' : 'suspended';
    if (
      market.status === 'closed' ||
      market.status === 'settled' ||
      market.status === 'void' ||
      event.status === 'ended' ||
      event.status === 'settled' ||
      event.status === 'abandoned'
    )
      status = 'closed';
    if (status === 'open' && !selection.price) status = 'closed';
    return { selection, market, event, status, price: selection.price };
  }
}
