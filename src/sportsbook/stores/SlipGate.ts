import { LazyStore, type StoreCode } from './LazyStore';
import type { BetView } from '../../contract/sportsbook-rules';
import type { LiveSelection } from './CatalogStore';
import type { SlipDeps, SlipStore } from './SlipStore';
import { SLIP_KEY, type Placement, type SlipBet } from './slip/model';
import type { BuilderLeg } from './slip/SlipBuilder';

export interface SlipModule {
  SlipStore: new (deps: SlipDeps) => SlipStore;
}
/** How the slip's code comes: loaded when first needed (the frame), or given at once (tests of the whole frame). */
export type SlipCode = StoreCode<SlipModule>;

/** Whether a slip kept from an earlier visit has anything on it or anything placed (its store must load to show it). */
function savedSlipInUse(storage: SlipDeps['storage']): boolean {
  try {
    const saved = JSON.parse(storage.getItem(SLIP_KEY) ?? 'null') as Record<string, unknown> | null;
    return ['selections', 'placements', 'setAside', 'builder'].some((part) => {
      const list = saved?.[part];
      return Array.isArray(list) && list.length > 0;
    });
  } catch {
    return true;
  }
}

/**
 * The bet slip as the frame's first paint sees it: empty until its store's code (SlipStore and its parts, about a
 * tenth of the frame's script) has loaded. It loads at the first pick, at once when a saved slip holds something, or
 * when a screen needs the whole slip (`useSlip`); the frame's first paint never waits for it.
 */
export class SlipGate extends LazyStore<SlipStore, SlipModule> {
  /**
   * Prices pressed before the store is there, shown as picked and put on the slip once it is: kept through a load
   * that failed (offline) until one succeeds, so a pick is never dropped and a second press takes it off as it looks.
   * Made at the first press: code given at once builds the store inside the constructor, before fields are set.
   */
  private picked?: Map<string, { live: LiveSelection; how: Parameters<SlipStore['toggle']>[1] }>;

  constructor(
    deps: SlipDeps,
    /** Called once the store exists, to catch it up with what happened before (the catalogue, placements to check). */
    onLoaded: (store: SlipStore) => void,
    code: SlipCode = () => import('./SlipStore'),
  ) {
    super(code, ({ SlipStore }) => new SlipStore(deps), onLoaded);
    if (typeof code === 'function' && savedSlipInUse(deps.storage)) void this.loadCode().catch(() => undefined);
  }

  // ---- what the first paint reads: the prices pressed so far until the store is there

  has(selectionId: string): boolean {
    return this.store ? this.store.has(selectionId) : (this.picked?.has(selectionId) ?? false);
  }

  get lineCount(): number {
    return this.store?.lineCount ?? this.picked?.size ?? 0;
  }

  get placements(): Placement[] {
    return this.store?.placements ?? [];
  }

  get bets(): SlipBet[] {
    return this.store?.bets ?? [];
  }

  get totalReturns(): number {
    return this.store?.totalReturns ?? 0;
  }

  get builderLegs(): BuilderLeg[] {
    return this.store?.builderLegs ?? [];
  }

  get eventIds(): string[] {
    return this.store?.eventIds ?? [];
  }

  // ---- what the price buttons and the frame's wiring do

  /** A price pressed: on the slip at once if its code is there, else picked now and put on it when the code comes. */
  toggle(live: LiveSelection, how?: Parameters<SlipStore['toggle']>[1]): void {
    if (this.store) return this.store.toggle(live, how);
    const id = live.selection.id;
    this.picked ??= new Map();
    if (this.picked.has(id)) this.picked.delete(id);
    else this.picked.set(id, { live, how });
    this.changed();
    void this.loadCode().catch(() => undefined);
  }

  // A pick that a slip kept from an earlier visit already holds stays on it: the press was shown as adding it.
  protected override caughtUp(store: SlipStore): void {
    for (const { live, how } of this.picked?.values() ?? []) if (!store.has(live.selection.id)) store.toggle(live, how);
    this.picked?.clear();
  }

  // Before the store loads nothing was placed from this page: what it would check is loaded with it.
  onBet(bet: BetView): void {
    this.store?.onBet(bet);
  }

  checkUnresolved(): void {
    this.store?.checkUnresolved();
  }

  reconcile(find: (selectionId: string) => LiveSelection | null): void {
    this.store?.reconcile(find);
  }

  sessionChanged(): void {
    this.store?.sessionChanged();
  }
}
