import { createContext, use, useContext } from 'react';
import type { Sportsbook } from './createSportsbook';
import type { SlipStore } from '../stores/SlipStore';
import type { BetsStore } from '../stores/BetsStore';
import type { OutrightsStore } from '../stores/OutrightsStore';

export const SportsbookContext = createContext<Sportsbook | null>(null);

export function useSportsbook(): Sportsbook {
  const sportsbook = useContext(SportsbookContext);
  if (!sportsbook) throw new Error('useSportsbook outside its provider');
  return sportsbook;
}

/** The whole bet slip, for what stakes and places: suspends (its Suspense's fallback shows) until its code is there. */
export function useSlip(): SlipStore {
  const { slip } = useSportsbook();
  return slip.store ?? use(slip.codeForScreen());
}

/** The customer's bets with their cash out, for the screens that show them: suspends until the store's code is there. */
export function useBets(): BetsStore {
  const { bets } = useSportsbook();
  return bets.store ?? use(bets.codeForScreen());
}

/** The leagues' outrights, for the Outrights tab: suspends until the store's code is there (a failed load is thrown to its LoadBoundary). */
export function useOutrights(): OutrightsStore {
  const { outrights } = useSportsbook();
  return outrights.store ?? use(outrights.codeForScreen());
}
