import { Observable } from '../../ui/frame/Observable';

/** How a store's code comes: loaded when first needed (the frame), or given at once (tests of the whole frame). */
export type StoreCode<Module> = (() => Promise<Module>) | Module;

/**
 * A store the frame's first paint does without: `store` is null until its code has loaded (at `loadCode`, or at once
 * when the code is given), and its changes are then heard as this one's. A failed load (offline) is tried again at the
 * next call, and a screen waiting on it is shown the failure until `reload` (its LoadBoundary's Try again). The gates built
 * on it (SlipGate, BetsGate, OutrightsGate) answer what the first paint reads as the empty store would.
 */
export class LazyStore<Store extends Observable, Module> extends Observable {
  store: Store | null = null;
  private loading: Promise<Store> | null = null;
  /** The load that failed, kept for the screens until `reload`: React must be handed that same promise to show it. */
  private failed: Promise<Store> | null = null;

  constructor(
    private readonly code: StoreCode<Module>,
    private readonly create: (module: Module) => Store,
    /** Called once the store exists, to catch it up with what happened before it. */
    private readonly onLoaded: (store: Store) => void = () => undefined,
  ) {
    super();
    if (typeof code !== 'function') this.loading = Promise.resolve(this.build(code));
  }

  loadCode(): Promise<Store> {
    if (this.loading) return this.loading;
    const code = this.code;
    const loading = (typeof code === 'function' ? (code as () => Promise<Module>)() : Promise.resolve(code)).then(
      (module) => this.build(module),
      (error: unknown) => {
        this.loading = null;
        this.failed = loading;
        throw error;
      },
    );
    this.loading = loading;
    return loading;
  }

  /**
   * What a screen suspends on (`use`): the load under way, or the one that failed until `reload`. Handed a fresh load
   * each time, a screen whose code cannot come would wait on its placeholder for ever instead of saying so.
   */
  codeForScreen(): Promise<Store> {
    return this.failed ?? this.loadCode();
  }

  /** Try again: the next screen to ask loads the code afresh. */
  reload(): void {
    this.failed = null;
  }

  /** The store once its code is there: `act` at once if it is, else after the load (never lost meanwhile). */
  protected whenLoaded(act: (store: Store) => void): void {
    if (this.store) return act(this.store);
    this.loadCode().then(act, () => undefined);
  }

  /** A gate's own catch-up once its store exists, after `onLoaded` (it may run inside the constructor). */
  protected caughtUp(_store: Store): void {}

  private build(module: Module): Store {
    const store = this.create(module);
    this.store = store;
    this.failed = null;
    store.subscribe(() => this.changed());
    this.onLoaded(store);
    this.caughtUp(store);
    this.changed();
    return store;
  }
}
