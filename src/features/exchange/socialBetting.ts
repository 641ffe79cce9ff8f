import type { RootStore } from '../../stores/RootStore';

/** Social betting pressed: the exchange in the installed app (or where the operator allows it), else the download-app modal. */
export function openSocialBetting(store: Pick<RootStore, 'exchange' | 'overlays'>): void {
  if (store.exchange.open()) store.overlays.closeAll();
  else store.overlays.open('download-app');
}
