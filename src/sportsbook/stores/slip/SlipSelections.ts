import { longerPrice, priceAcceptable, samePrice as sameValue } from '../../../contract/rules/odds';
import type { Price, PriceChangePolicy } from '../../../contract/sportsbook-rules';
import type { PlacementRefusalBody } from '../../../contract/sportsbook';
import { nFoldsFor, systemBetsFor, type SystemBetType } from '../../../contract/system-bets';
import type { LiveSelection } from '../CatalogStore';
import type { SlipSelection } from './model';
import { priceChangedWords } from './wording';

/** A selection as the slip keeps it, from its live view (the price shown is the one agreed to). */
export function slipSelectionOf(live: LiveSelection): SlipSelection {
  return {
    selectionId: live.selection.id,
    eventId: live.event.id,
    eventName: live.eventName ?? `${live.event.home} v ${live.event.away}`,
    marketName: live.market.name,
    selectionName: live.selection.name,
    kickoffAt: live.event.kickoffAt,
    price: live.price,
    acceptedPrice: live.price,
    status: live.status,
    ...(live.market.type === 'outright' ? { outright: true } : {}),
  };
}

export const samePrice = (a: Price | null, b: Price | null) => a === b || (!!a && !!b && sameValue(a, b));

interface SlipSelectionsDeps {
  formatPrice: (price: Price) => string;
  /** Says a move to screen readers. */
  announce: (text: string) => void;
}

/**
 * The slip's selections and their prices: which combinations they allow, how each price moved since the customer
 * agreed to it, and the customer's setting for a moved price. Every change renews `list`, so a component sees it.
 */
export class SlipSelections {
  list: SlipSelection[] = [];
  priceChanges: PriceChangePolicy = 'never';

  constructor(private readonly deps: SlipSelectionsDeps) {}

  has(selectionId: string): boolean {
    return this.list.some((selection) => selection.selectionId === selectionId);
  }

  add(selection: SlipSelection): void {
    this.list = [...this.list, selection];
  }

  remove(selectionId: string): void {
    this.list = this.list.filter((selection) => selection.selectionId !== selectionId);
  }

  clear(): void {
    this.list = [];
  }

  keepOnly(keep: (selection: SlipSelection) => boolean): void {
    this.list = this.list.filter(keep);
  }

  get eventIds(): string[] {
    return [...new Set(this.list.map((selection) => selection.eventId))];
  }

  /** Events with two or more selections: they cannot go in one accumulator. */
  get relatedEventIds(): Set<string> {
    const seen = new Set<string>();
    const related = new Set<string>();
    for (const selection of this.list) {
      if (seen.has(selection.eventId)) related.add(selection.eventId);
      seen.add(selection.eventId);
    }
    return related;
  }

  /** An outright on the slip: it is backed as a single, so no accumulator or system bet is offered. */
  get hasOutright(): boolean {
    return this.list.some((selection) => selection.outright === true);
  }

  get accaOffered(): boolean {
    return this.list.length >= 2 && this.relatedEventIds.size === 0 && !this.hasOutright;
  }

  /** The full covers these selections can make (3 to 8 from different matches), in the order the slip lists them. */
  get systemsOffered(): SystemBetType[] {
    return this.relatedEventIds.size === 0 && !this.hasOutright ? systemBetsFor(this.list.length) : [];
  }

  /** The n-folds these selections can make (3 or more from different matches): Doubles up, smallest first. */
  get nFoldsOffered(): SystemBetType[] {
    return this.relatedEventIds.size === 0 && !this.hasOutright ? nFoldsFor(this.list.length) : [];
  }

  /**
   * Brings the selections up to the catalogue's newest prices and states; answers whether anything changed. While a
   * bet is being placed (`quietPrices`) its prices are struck: a screen reader hears the bet's progress, not moves of
   * a price it no longer depends on (the slip still shows them).
   */
  reconcile(find: (selectionId: string) => LiveSelection | null, quietPrices: boolean): boolean {
    let changed = false;
    for (const selection of this.list) {
      const live = find(selection.selectionId);
      if (!live) continue;
      if (live.status !== selection.status) {
        selection.status = live.status;
        changed = true;
        if (live.status === 'suspended') this.deps.announce(`${selection.selectionName} is suspended.`);
      }
      if (live.price && !samePrice(live.price, selection.price)) {
        this.movePrice(selection, live.price, quietPrices);
        changed = true;
      }
    }
    if (changed) this.list = [...this.list];
    return changed;
  }

  private movePrice(selection: SlipSelection, price: Price, quiet: boolean): void {
    const before = selection.price;
    selection.price = price;
    if (selection.acceptedPrice && priceAcceptable(this.priceChanges, selection.acceptedPrice, price))
      selection.acceptedPrice = price;
    if (before && !quiet) this.announcePrice(selection, before, price);
  }

  /** The states and prices a refusal reports: shown (and said) at once, though never agreed to. */
  applyRefusal(refusal: PlacementRefusalBody): void {
    for (const change of refusal.changes ?? []) {
      const selection = this.list.find((candidate) => candidate.selectionId === change.selectionId);
      if (!selection) continue;
      selection.status = change.status;
      if (change.price && !samePrice(change.price, selection.price)) {
        const before = selection.price;
        selection.price = change.price;
        if (before) this.announcePrice(selection, before, change.price);
      }
    }
    this.list = [...this.list];
  }

  private announcePrice(selection: SlipSelection, before: Price, after: Price): void {
    this.deps.announce(
      priceChangedWords(selection.selectionName, this.deps.formatPrice(before), this.deps.formatPrice(after)),
    );
  }

  /** 'up' when the price lengthened since the customer accepted it (better for them), 'down' when it shortened. */
  movement(selection: SlipSelection): 'up' | 'down' | null {
    if (!selection.price || !selection.acceptedPrice || samePrice(selection.price, selection.acceptedPrice))
      return null;
    return longerPrice(selection.price, selection.acceptedPrice) ? 'up' : 'down';
  }

  get hasPriceChanges(): boolean {
    return this.list.some((selection) => this.movement(selection) !== null);
  }

  acceptChanges(): void {
    for (const selection of this.list) selection.acceptedPrice = selection.price;
    this.list = [...this.list];
  }

  setPriceChanges(policy: PriceChangePolicy): void {
    this.priceChanges = policy;
    const taken = this.list.filter(
      (selection) =>
        selection.price && selection.acceptedPrice && priceAcceptable(policy, selection.acceptedPrice, selection.price),
    );
    for (const selection of taken) selection.acceptedPrice = selection.price;
    this.list = [...this.list];
  }
}
