import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';

/** A component loaded on first use; `reload` forgets a failed load, so the next render loads it again. */
export interface RetryableLazy<P extends object> extends FunctionComponent<P> {
  reload(): void;
}

/**
 * React.lazy that can be loaded again: React.lazy keeps a failed load's error for good, so code that did not arrive
 * (no signal, a release that replaced it) would fail every later render too. Pair it with ScreenBoundary's Retry.
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): RetryableLazy<P> {
  let Loaded = lazy(load);
  const Screen = ((props: P) => createElement(Loaded as ComponentType<P>, props)) as RetryableLazy<P>;
  Screen.reload = () => {
    Loaded = lazy(load);
  };
  return Screen;
}
