import { createElement, lazy, type ComponentType } from 'react';
import type { LazyScreen, OverlayProps } from './types';

export type ScreenLoader = () => Promise<{ default: ComponentType<OverlayProps<any>> }>;

/**
 * An overlay screen loaded on first use, that can be loaded again: React.lazy keeps a failed load's error for good,
 * so a chunk that did not arrive (no signal, a release that replaced it) would fail every later opening too.
 */
export function lazyScreen(load: ScreenLoader): LazyScreen {
  let Loaded = lazy(load);
  const Screen = ((props: OverlayProps<any>) => createElement(Loaded, props)) as LazyScreen;
  Screen.reload = () => {
    Loaded = lazy(load);
  };
  return Screen;
}
