import { useSyncExternalStore } from 'react';

/**
 * A frame's stores (the sportsbook's, the exchange's) are plain classes that call `changed()` after every change;
 * components re-render through `useWatch`. MobX would cost ~18 KB gzip of a frame's first paint, so this is the
 * whole reactivity.
 */
export class Observable {
  private readonly listeners = new Set<() => void>();
  private revision = 0;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getRevision = (): number => this.revision;

  protected changed(): void {
    this.revision++;
    for (const listener of [...this.listeners]) listener();
  }
}

/** Re-renders the calling component whenever one of these stores changes. */
export function useWatch(...stores: Observable[]): void {
  for (const store of stores) {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- the list of stores is fixed per call site
    useSyncExternalStore(store.subscribe, store.getRevision);
  }
}

/**
 * One value read from a store, the caller re-rendering only when it differs (Object.is): a price button watches
 * whether its own selection is on the slip, not every stake typed into it. `read` must give a primitive.
 */
export function useWatched<Value>(store: Observable, read: () => Value): Value {
  return useSyncExternalStore(store.subscribe, read);
}
