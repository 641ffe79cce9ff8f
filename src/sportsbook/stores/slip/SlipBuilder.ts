import { BetBuilderStore, type BetBuilderApi } from '../BetBuilderStore';
import type { LiveSelection } from '../CatalogStore';
import type { Price } from '../../../contract/sportsbook-rules';
import type { SlipSelection } from './model';
import { samePrice, slipSelectionOf } from './SlipSelections';

/** The Bet Builder line's stake key on the slip. */
export const BUILDER = 'builder';

/** A leg of the slip's Bet Builder: a selection and the market it was picked from (one pick per market). */
export interface BuilderLeg extends SlipSelection {
  marketId: string;
}

const NO_PRICING: BetBuilderApi = {
  quoteBetBuilder: () => Promise.reject(new Error('We could not price your Bet Builder. Please try again.')),
};

/**
 * The slip's Bet Builder line: picks of one match, priced together by the server as one bet (docs/sportsbook.md,
 * Bet Builder), staked and placed with the slip's other bets. One line at a time: a pick from another match starts a
 * new one, as the match page's builder shows only its own match.
 */
export class SlipBuilder {
  legs: BuilderLeg[] = [];
  /** The server's price for the legs together, asked again whenever they or their prices change. */
  readonly pricing: BetBuilderStore;

  constructor(api: BetBuilderApi | undefined, onChange: () => void) {
    this.pricing = new BetBuilderStore(api ?? NO_PRICING);
    this.pricing.subscribe(onChange);
  }

  get eventId(): string | null {
    return this.legs[0]?.eventId ?? null;
  }

  has(selectionId: string): boolean {
    return this.legs.some((leg) => leg.selectionId === selectionId);
  }

  /** Picks a selection (replacing another from its market, or the legs of another match), or drops it if picked. */
  toggle(live: LiveSelection): void {
    const leg: BuilderLeg = { ...slipSelectionOf(live), marketId: live.market.id };
    if (this.eventId !== null && this.eventId !== leg.eventId) this.legs = [];
    if (this.has(leg.selectionId)) this.legs = this.legs.filter((picked) => picked.selectionId !== leg.selectionId);
    else {
      const at = this.legs.findIndex((picked) => picked.marketId === leg.marketId);
      this.legs = at < 0 ? [...this.legs, leg] : this.legs.map((picked, index) => (index === at ? leg : picked));
    }
    this.requote();
  }

  remove(selectionId: string): void {
    this.legs = this.legs.filter((leg) => leg.selectionId !== selectionId);
    this.requote();
  }

  clear(): void {
    this.legs = [];
    this.requote();
  }

  /** The legs kept with the slip (a reload), priced afresh. */
  restore(legs: BuilderLeg[]): void {
    this.legs = legs;
    this.requote();
  }

  /** The price Place would send: none while the legs are being priced, or when they cannot be priced together. */
  get price(): Price | null {
    const { quote, quoting } = this.pricing;
    return this.legs.length >= 2 && quote && !quoting ? quote.price : null;
  }

  /** Brings the legs up to the catalogue; a moved price or state asks for a new price. True when anything changed. */
  reconcile(find: (selectionId: string) => LiveSelection | null): boolean {
    let changed = false;
    for (const leg of this.legs) {
      const live = find(leg.selectionId);
      if (!live || (live.status === leg.status && samePrice(live.price, leg.price))) continue;
      leg.status = live.status;
      leg.price = live.price;
      leg.acceptedPrice = live.price;
      changed = true;
    }
    if (changed) {
      this.legs = [...this.legs];
      this.requote();
    }
    return changed;
  }

  private requote(): void {
    this.pricing.picks = new Map(this.legs.map((leg) => [leg.marketId, leg.selectionId]));
    void this.pricing.requote();
  }
}
