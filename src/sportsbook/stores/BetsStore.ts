import { Observable } from '../../ui/frame/Observable';
import type {
  BetView,
  CashOutOffers,
  CashOutRequest,
  EventChange,
  LegStanding,
  MatchNow,
  OpenBetsLive,
} from '../../contract/sportsbook-rules';
import { CashOutConfirmations, type ConfirmTimers } from './CashOutConfirmations';

export type BetsTab = 'open' | 'settled';

/**
 * A cash-out press that has no answer yet: 'sending' while its request is out, 'unconfirmed' when the answer was lost
 * (no connection, a timeout, a 5xx), so the server may have paid it, and 'checking' while the same request is sent
 * again. Its body (request id, offer, amount) is kept until an answer comes: checking again sends the same body, and
 * the server answers what the first press got.
 */
export interface CashOutPress {
  body: CashOutRequest;
  state: 'sending' | 'unconfirmed' | 'checking';
}

/** Cash out is offered on open singles and accumulators staked with the customer's money (not free or system bets). */
export const cashOutShown = (bet: BetView): boolean =>
  bet.status === 'open' && !bet.freeBet && bet.system === null && bet.kind !== 'bet-builder';

/** One fetch at a time; a call meanwhile fetches once more after it, never dropped. */
class OneAtATime {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly work: () => Promise<void>) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.again = false;
    this.running = this.work().finally(() => {
      this.running = null;
      if (this.again) void this.run();
    });
    return this.running;
  }
}

const legKey = (betId: string, selectionId: string) => `${betId} ${selectionId}`;

export interface BetsStoreOptions {
  fetchLive?: () => Promise<OpenBetsLive>;
  timers?: ConfirmTimers;
}

/**
 * My Bets: the session's open and settled bets, refreshed by `bet` pushes, and their cash-out offers as the server
 * values them (from the score model, which the frame does not hold), fetched again whenever a bet or one of its
 * matches changes, so the figure shown is the figure a press would be paid. The open bets' matches are followed live
 * (score and clock from the pushes), and how each open leg stands on its match is the server's to say (its markets'
 * rules), fetched again whenever a push moves a match's score, phase or status.
 */
export class BetsStore extends Observable {
  readonly lists: Record<BetsTab, BetView[] | null> = { open: null, settled: null };
  error: string | null = null;
  /** The slip is showing the open bets (its My Bets view): their prices are followed live, as on the My Bets page. */
  shownInSlip = false;
  /** Presses without an answer, by bet id: kept here, not in the card, so leaving and coming back cannot start a new one. */
  private readonly cashOutPresses = new Map<string, CashOutPress>();
  private offers = new Map<string, number | null>();
  private matches = new Map<string, MatchNow>();
  private standings = new Map<string, LegStanding>();
  /** Cash out's second press: asked for on the first, lapsing after a few seconds (CashOutConfirmations). */
  readonly confirmations: CashOutConfirmations;
  private readonly offersFetch = new OneAtATime(() => this.fetchOffersNow());
  private readonly liveFetch = new OneAtATime(() => this.fetchLiveNow());
  private readonly fetchLive: () => Promise<OpenBetsLive>;

  constructor(
    private readonly fetchBets: (state: BetsTab) => Promise<BetView[]>,
    private readonly fetchOffers: () => Promise<CashOutOffers['offers']> = async () => [],
    options: BetsStoreOptions = {},
  ) {
    super();
    this.fetchLive = options.fetchLive ?? (async () => ({ matches: [], legs: [] }));
    this.confirmations = new CashOutConfirmations(
      options.timers ?? {
        setTimeout: (fn, ms) => setTimeout(fn, ms),
        clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      },
      () => this.changed(),
    );
  }

  /** The match of an open leg as last pushed or fetched: its live score and clock. */
  matchNow(eventId: string): MatchNow | undefined {
    return this.matches.get(eventId);
  }

  /** How an open leg stands on its match now; undefined before kick-off, for outrights, or until known. */
  standingOf(betId: string, selectionId: string): LegStanding | undefined {
    return this.standings.get(legKey(betId, selectionId));
  }

  /** The cash-out offer on an open bet now: pence, null when none is offered, undefined until known. */
  offerFor(betId: string): number | null | undefined {
    return this.offers.get(betId);
  }

  /** The offers are fetched again (a bet or one of its matches changed); not while no open bet listed can have one. */
  refreshOffers(): Promise<void> {
    if (!this.lists.open?.some(cashOutShown)) return Promise.resolve();
    return this.offersFetch.run();
  }

  private async fetchOffersNow(): Promise<void> {
    try {
      const offers = await this.fetchOffers();
      this.offers = new Map(offers.map(({ betId, offer }) => [betId, offer]));
    } catch {
      // Unknown now: no offer shown rather than an old one.
      this.offers = new Map();
    }
    for (const bet of this.lists.open ?? []) this.confirmations.offerNow(bet.betId, this.offers.get(bet.betId) ?? null);
    this.changed();
  }

  /** The open bets' matches and their legs' standings are fetched again; not while no open leg is listed. */
  refreshLive(): Promise<void> {
    if (!this.lists.open?.some((bet) => bet.legs.some((leg) => leg.result === 'open'))) return Promise.resolve();
    return this.liveFetch.run();
  }

  private async fetchLiveNow(): Promise<void> {
    try {
      const live = await this.fetchLive();
      for (const match of live.matches) {
        // A push may have brought a newer state while this was on its way.
        const known = this.matches.get(match.eventId);
        if (!known || known.seq <= match.seq) this.matches.set(match.eventId, match);
      }
      this.standings = new Map(live.legs.map((leg) => [legKey(leg.betId, leg.selectionId), leg.standing]));
    } catch {
      // Unknown now: no standing shown rather than an old one; the score and clock still follow the pushes.
      this.standings = new Map();
    }
    this.changed();
  }

  /**
   * Pushed changes to events: a match of an open leg takes its new score and clock, and a new score, phase or status
   * asks the server how the legs stand now; a match of a bet with a cash-out offer asks for the offers again.
   */
  onEventChanges(updates: readonly EventChange[]): void {
    let moved = false;
    let standingsStale = false;
    for (const { eventId, seq, event } of updates) {
      if (!this.followsMatch(eventId)) continue;
      const known = this.matches.get(eventId);
      if (known && known.seq >= seq) continue;
      this.matches.set(eventId, {
        eventId,
        status: event.status,
        phase: event.phase,
        minute: event.minute,
        score: event.score,
        seq,
      });
      moved = true;
      if (
        !known ||
        known.status !== event.status ||
        known.phase !== event.phase ||
        known.score.home !== event.score.home ||
        known.score.away !== event.score.away
      )
        standingsStale = true;
    }
    if (moved) this.changed();
    if (standingsStale) void this.refreshLive();
    // A match of an open bet moved (a minute, a goal, a suspension): its cash-out offer is the server's to say.
    if (updates.some((update) => this.followsEvent(update.eventId))) void this.refreshOffers();
  }

  /** Whether this event is the match of an open leg of an open bet listed. */
  private followsMatch(eventId: string): boolean {
    return (this.lists.open ?? []).some((bet) =>
      bet.legs.some((leg) => leg.result === 'open' && leg.eventId === eventId),
    );
  }

  /** Whether a change to this event moves an offer shown. */
  private followsEvent(eventId: string): boolean {
    return (this.lists.open ?? []).some(
      (bet) => cashOutShown(bet) && bet.legs.some((leg) => leg.result === 'open' && leg.eventId === eventId),
    );
  }

  async load(tab: BetsTab): Promise<void> {
    try {
      this.lists[tab] = await this.fetchBets(tab);
      this.error = null;
    } catch (error) {
      this.error = error instanceof Error ? error.message : 'We could not load your bets.';
    }
    this.changed();
    if (tab === 'open') await Promise.all([this.refreshOffers(), this.refreshLive()]);
  }

  /** Pushes may have been missed: the tabs already shown are fetched again. */
  async reloadShown(): Promise<void> {
    await Promise.all(
      (['open', 'settled'] as const).filter((tab) => this.lists[tab] !== null).map((tab) => this.load(tab)),
    );
  }

  onBet(bet: BetView): void {
    const tab: BetsTab = bet.status === 'open' || bet.status === 'pending' ? 'open' : 'settled';
    const other: BetsTab = tab === 'open' ? 'settled' : 'open';
    const others = this.lists[other];
    if (others) this.lists[other] = others.filter((candidate) => candidate.betId !== bet.betId);
    const list = this.lists[tab];
    if (list) this.lists[tab] = [bet, ...list.filter((candidate) => candidate.betId !== bet.betId)];
    this.changed();
    if (tab === 'open' || this.offers.has(bet.betId)) void this.refreshOffers();
    if (tab === 'open') void this.refreshLive();
  }

  /** The events of the open legs of open bets: My Bets follows them to show their scores and cash-out offers live. */
  get openEventIds(): string[] {
    const ids = new Set<string>();
    for (const bet of this.lists.open ?? [])
      for (const leg of bet.legs) if (leg.result === 'open') ids.add(leg.eventId);
    return [...ids].sort();
  }

  cashOutPress(betId: string): CashOutPress | undefined {
    return this.cashOutPresses.get(betId);
  }

  /** A press's request is going out: a new press, or (`checking`) the same one again after its answer was lost. */
  cashOutSending(betId: string, body: CashOutRequest, checking = false): void {
    this.cashOutPresses.set(betId, { body, state: checking ? 'checking' : 'sending' });
    this.changed();
  }

  /** The press was answered (paid or refused): the next press is a new one, with a new request id. */
  cashOutAnswered(betId: string): void {
    if (this.cashOutPresses.delete(betId)) this.changed();
  }

  /** The answer was lost: the press stays, to be checked again with the same body. */
  cashOutUnconfirmed(betId: string): void {
    const press = this.cashOutPresses.get(betId);
    if (!press) return;
    this.cashOutPresses.set(betId, { ...press, state: 'unconfirmed' });
    this.changed();
  }

  showInSlip(shown: boolean): void {
    if (this.shownInSlip === shown) return;
    this.shownInSlip = shown;
    this.changed();
  }

  /** The lists are forgotten; a press still without an answer is not (only the same request may ask about it). */
  reset(): void {
    this.lists.open = null;
    this.lists.settled = null;
    this.offers = new Map();
    this.matches = new Map();
    this.standings = new Map();
    this.changed();
  }
}
