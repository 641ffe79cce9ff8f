import { useSyncExternalStore } from 'react';
import { isPhoneUserAgent, MOBILE_MAX_WIDTH } from '../../lib/device';

const query = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function subscribe(onChange: () => void) {
  const list = globalThis.matchMedia?.(query);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const isMobileNow = () =>
  (globalThis.matchMedia?.(query).matches ?? false) || isPhoneUserAgent(globalThis.navigator?.userAgent ?? '');

/** Mobile means a width up to 768 px or a phone user agent; follows the window as it is resized. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
