import { createContext, useContext } from 'react';
import type { Sportsbook } from './createSportsbook';

export const SportsbookContext = createContext<Sportsbook | null>(null);

export function useSportsbook(): Sportsbook {
  const sportsbook = useContext(SportsbookContext);
  if (!sportsbook) throw new Error('useSportsbook outside its provider');
  return sportsbook;
}
