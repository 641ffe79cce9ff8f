import { MAX_SELECTIONS, PRICE_CHANGE_POLICIES, type PriceChangePolicy } from '../../../contract/sportsbook-rules';
import { SLIP_KEY, type Placement, type SlipSelection } from './model';
import { SET_ASIDE_MAX } from './Placements';
import type { BuilderLeg } from './SlipBuilder';

/** The slip as stored: everything a reload or a sign-in (which reloads the session, not the slip) must not lose. */
interface SlipSnapshot {
  selections: SlipSelection[];
  stakes: Record<string, string>;
  priceChanges: PriceChangePolicy;
  placements: Placement[];
  /** Singles whose stake is a free bet: selection id to free-bet id. */
  freeBetStakes: Record<string, string>;
  setAside: Placement[];
  /** The Bet Builder line's legs. */
  builder: BuilderLeg[];
}

interface Persisted extends Partial<SlipSnapshot> {
  /** Written by older frames: true was 'any'. */
  acceptPriceChanges?: boolean;
}

/** The slip in localStorage (or any storage given), read once at start and written after every change. */
export class SlipPersistence {
  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'>) {}

  save(snapshot: SlipSnapshot): void {
    try {
      this.storage.setItem(SLIP_KEY, JSON.stringify(snapshot));
    } catch {
      // Storage full or refused: the slip still works for this page.
    }
  }

  /** The stored slip, or null when there is none; read part by part, and with no selections once a part is unreadable. */
  load(): Partial<SlipSnapshot> | null {
    const slip: Partial<SlipSnapshot> = {};
    try {
      const raw = this.storage.getItem(SLIP_KEY);
      if (!raw) return null;
      const persisted = JSON.parse(raw) as Persisted;
      slip.selections = Array.isArray(persisted.selections) ? persisted.selections.slice(0, MAX_SELECTIONS) : [];
      slip.stakes = persisted.stakes && typeof persisted.stakes === 'object' ? persisted.stakes : {};
      slip.freeBetStakes =
        persisted.freeBetStakes && typeof persisted.freeBetStakes === 'object' ? persisted.freeBetStakes : {};
      slip.priceChanges = PRICE_CHANGE_POLICIES.includes(persisted.priceChanges as PriceChangePolicy)
        ? persisted.priceChanges!
        : persisted.acceptPriceChanges === true
          ? 'any'
          : 'never';
      // A placement interrupted by the reload is not known to have failed: it is asked about, never resent.
      slip.placements = (Array.isArray(persisted.placements) ? persisted.placements : []).map((placement) =>
        placement.state === 'placing' || placement.state === 'checking'
          ? { ...placement, state: 'unknown' }
          : placement,
      );
      slip.setAside = Array.isArray(persisted.setAside) ? persisted.setAside.slice(-SET_ASIDE_MAX) : [];
      slip.builder = Array.isArray(persisted.builder) ? persisted.builder.slice(0, MAX_SELECTIONS) : [];
    } catch {
      slip.selections = [];
    }
    return slip;
  }
}
