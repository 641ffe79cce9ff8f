import { Observable } from '../../ui/frame/Observable';
import type { BetView, CashOutOffers, CashOutRequest } from '../../contract/sportsbook-rules';

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

/**
 * My Bets: the session's open and settled bets, refreshed by `bet` pushes, and their cash-out offers as the server
 * values them (from the score model, which the frame does not hold), fetched again whenever a bet or one of its
 * matches changes, so the figure shown is the figure a press would be paid.
 */
export class BetsStore extends Observable {
  readonly lists: Record<BetsTab, BetView[] | null> = { open: null, settled: null };
  error: string | null = null;
  /** The slip is showing the open bets (its My Bets view): their prices are followed live, as on the My Bets page. */
  shownInSlip = false;
  /** Presses without an answer, by bet id: kept here, not in the card, so leaving and coming back cannot start a new one. */
  private readonly cashOutPresses = new Map<string, CashOutPress>();
  private offers = new Map<string, number | null>();
  /** One fetch of the offers at a time; a change meanwhile fetches once more after it, never dropped. */
  private offersFetch: Promise<void> | null = null;
  private offersStale = false;

  constructor(
    private readonly fetchBets: (state: BetsTab) => Promise<BetView[]>,
    private readonly fetchOffers: () => Promise<CashOutOffers['offers']> = async () => [],
  ) {
    super();
  }

  /** The cash-out offer on an open bet now: pence, null when none is offered, undefined until known. */
  offerFor(betId: string): number | null | undefined {
    return this.offers.get(betId);
  }

  /** The offers are fetched again (a bet or one of its matches changed); not while no open bet listed can have one. */
  refreshOffers(): Promise<void> {
    if (!this.lists.open?.some(cashOutShown)) return Promise.resolve();
    if (this.offersFetch) {
      this.offersStale = true;
      return this.offersFetch;
    }
    this.offersStale = false;
    this.offersFetch = this.fetchOffers()
      .then((offers) => {
        this.offers = new Map(offers.map(({ betId, offer }) => [betId, offer]));
        this.changed();
      })
      .catch(() => {
        // Unknown now: no offer shown rather than an old one.
        this.offers = new Map();
        this.changed();
      })
      .finally(() => {
        this.offersFetch = null;
        if (this.offersStale) void this.refreshOffers();
      });
    return this.offersFetch;
  }

  /** Whether a change to this event moves an offer shown. */
  followsEvent(eventId: string): boolean {
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
    if (tab === 'open') await this.refreshOffers();
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
  }

  /** The events of the open legs of open bets: My Bets follows their prices to show cash-out offers live. */
  get openEventIds(): string[] {
    const ids = new Set<string>();
    for (const bet of this.lists.open ?? [])
      if (cashOutShown(bet)) for (const leg of bet.legs) if (leg.result === 'open') ids.add(leg.eventId);
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
    this.changed();
  }
}
