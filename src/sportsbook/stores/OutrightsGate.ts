import type { OutrightView } from '../../contract/sportsbook-rules';
import type { LiveSelection } from './CatalogStore';
import type { OutrightsApi, OutrightsStore } from './OutrightsStore';
import { LazyStore, type StoreCode } from './LazyStore';

export interface OutrightsModule {
  OutrightsStore: typeof OutrightsStore;
}

/**
 * The leagues' outrights as the frame's first paint sees them: none until OutrightsStore's code has loaded, which it
 * does when the Outrights tab is first shown or a league's re-pricing is first pushed (every socket hears those, and
 * the slip may hold one of its selections); the Outrights tab takes the store itself.
 */
export class OutrightsGate extends LazyStore<OutrightsStore, OutrightsModule> {
  constructor(api: OutrightsApi, code: StoreCode<OutrightsModule> = () => import('./OutrightsStore')) {
    super(code, ({ OutrightsStore }) => new OutrightsStore(api));
  }

  /** A push: kept once the code is there (never lost meanwhile). */
  apply(outright: OutrightView): void {
    this.whenLoaded((store) => store.apply(outright));
  }

  findSelection(selectionId: string): LiveSelection | null {
    return this.store?.findSelection(selectionId) ?? null;
  }
}
