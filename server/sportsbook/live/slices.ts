/** Entries visited between looks at the clock (a look costs more than a socket's turn). */
const ENTRIES_PER_CLOCK_READ = 64;

export interface SlicedWalk {
  /** False once every entry was visited, or the walk was cancelled. */
  readonly running: boolean;
  cancel(): void;
}

/**
 * Visits every entry for `sliceMs` at a time with the event loop free between slices: at ten thousand sockets one
 * pass takes tens of milliseconds, and database answers, bets and handshakes would otherwise wait behind all of it.
 * `done` is called after the last entry (at once when they fit in one slice).
 */
export function walkInSlices<T>(
  entries: Iterator<T>,
  sliceMs: number,
  visit: (entry: T) => void,
  done: () => void = () => {},
): SlicedWalk {
  let next: NodeJS.Immediate | undefined;
  let running = true;
  const slice = () => {
    next = undefined;
    const until = performance.now() + sliceMs;
    for (let visited = 1; ; visited++) {
      const entry = entries.next();
      if (entry.done) {
        running = false;
        return done();
      }
      visit(entry.value);
      if (visited % ENTRIES_PER_CLOCK_READ === 0 && performance.now() >= until) break;
    }
    next = setImmediate(slice);
  };
  slice();
  return {
    get running() {
      return running;
    },
    cancel() {
      clearImmediate(next);
      running = false;
    },
  };
}
