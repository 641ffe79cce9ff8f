import { Observable } from './Observable';
import type { BetView } from '../../contract/sportsbook-rules';

export type BetsTab = 'open' | 'settled';

/** Cash out is offered on open singles and accumulators staked with the customer's money (not free or system bets). */
export const cashOutShown = (bet: BetView): boolean => bet.status === 'open' && !bet.freeBet && bet.system === null && bet.kind !== 'bet-builder';

/** My Bets: the session's open and settled bets, refreshed by `bet` pushes. */
export class BetsStore extends Observable {
  readonly lists: Record<BetsTab, BetView[] | null> = { open: null, settled: null };
  error: string | null = null;
  /** The slip is showing the open bets (its My Bets view): their prices are followed live, as on the My Bets page. */
  shownInSlip = false;

  constructor(private readonly fetchBets: (state: BetsTab) => Promise<BetView[]>) {
    super();
  }

  async load(tab: BetsTab): Promise<void> {
    try {
      this.lists[tab] = await this.fetchBets(tab);
      this.error = null;
    } catch (error) {
      this.error = error instanceof Error ? error.message : 'We could not load your bets.';
    }
    this.changed();
  }

  /** Pushes may have been missed: the tabs already shown are fetched again. */
  async reloadShown(): Promise<void> {
    await Promise.all((['open', 'settled'] as const).filter((tab) => this.lists[tab] !== null).map((tab) => this.load(tab)));
  }

  onBet(bet: BetView): void {
    const tab: BetsTab = bet.status === 'open' || bet.status === 'pending' ? 'open' : 'settled';
    const other: BetsTab = tab === 'open' ? 'settled' : 'open';
    const others = this.lists[other];
    if (others) this.lists[other] = others.filter((candidate) => candidate.betId !== bet.betId);
    const list = this.lists[tab];
    if (list) this.lists[tab] = [bet, ...list.filter((candidate) => candidate.betId !== bet.betId)];
    this.changed();
  }

  /** The events of the open legs of open bets: My Bets follows their prices to show cash-out offers live. */
  get openEventIds(): string[] {
    const ids = new Set<string>();
    for (const bet of this.lists.open ?? []) if (cashOutShown(bet)) for (const leg of bet.legs) if (leg.result === 'open') ids.add(leg.eventId);
    return [...ids].sort();
  }

  showInSlip(shown: boolean): void {
    if (this.shownInSlip === shown) return;
    this.shownInSlip = shown;
    this.changed();
  }

  reset(): void {
    this.lists.open = null;
    this.lists.settled = null;
    this.changed();
  }
}
