import type { BetView, EventChange } from '../../contract/sportsbook-rules';
import type { BetsStore, BetsTab } from './BetsStore';
import { LazyStore, type StoreCode } from './LazyStore';

export interface BetsModule {
  BetsStore: typeof BetsStore;
}

const NO_LISTS: Readonly<BetsStore['lists']> = Object.freeze({ open: null, settled: null });

/**
 * The customer's bets as the frame's first paint sees them: none listed until BetsStore's code (with cash out's) has
 * loaded, which it does when a list is first asked for (`load`, signed in) or the slip first shows them; the screens
 * that show bets take the store itself (`useBets`). Until then there is nothing a push could change.
 */
export class BetsGate extends LazyStore<BetsStore, BetsModule> {
  constructor(create: (module: BetsModule) => BetsStore, code: StoreCode<BetsModule> = () => import('./BetsStore')) {
    super(code, create);
  }

  get lists(): Readonly<BetsStore['lists']> {
    return this.store?.lists ?? NO_LISTS;
  }

  get error(): string | null {
    return this.store?.error ?? null;
  }

  get shownInSlip(): boolean {
    return this.store?.shownInSlip ?? false;
  }

  get openEventIds(): string[] {
    return this.store?.openEventIds ?? [];
  }

  /** A list fetched, its store's code loaded first. */
  async load(tab: BetsTab): Promise<void> {
    await (await this.loadCode()).load(tab);
  }

  showInSlip(shown: boolean): void {
    if (shown || this.store) this.whenLoaded((store) => store.showInSlip(shown));
  }

  // ---- pushes and resyncs: nothing is listed before the store is there, so nothing to change

  onEventChanges(updates: readonly EventChange[]): void {
    this.store?.onEventChanges(updates);
  }

  onBet(bet: BetView): void {
    this.store?.onBet(bet);
  }

  async reloadShown(): Promise<void> {
    await this.store?.reloadShown();
  }

  async refreshOffers(): Promise<void> {
    await this.store?.refreshOffers();
  }

  async refreshLive(): Promise<void> {
    await this.store?.refreshLive();
  }

  reset(): void {
    this.store?.reset();
  }
}
