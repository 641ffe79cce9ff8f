import { useEffect } from 'react';
import { useSportsbook } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';

/** The open bets, loaded once signed in: the slip's "My Bets (n)" counts them, live by the socket's `bet` pushes. */
export function useOpenBetsLoaded(): void {
  const { bets, session } = useSportsbook();
  useWatch(session, bets);
  const unloaded = session.signedIn && bets.lists.open === null && bets.error === null;
  useEffect(() => {
    if (unloaded) void bets.load('open');
  }, [bets, unloaded]);
}
