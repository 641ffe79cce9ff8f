import type { BeforeInstallPromptEvent } from './InstallPrompt';

/**
 * Where the page's inline start keeps an install offer the browser made before the app ran
 * (src/app/startAfterFirstPaint.ts): the app's script is asked for only after the first paint.
 */
export const EARLY_INSTALL_OFFER = 'exsportEarlyInstallOffer';

/** The offer kept by the page before the app ran, taken once. */
export function takeEarlyInstallOffer(page: object | undefined): BeforeInstallPromptEvent | undefined {
  if (!page || !(EARLY_INSTALL_OFFER in page)) return undefined;
  const offer = (page as Record<string, unknown>)[EARLY_INSTALL_OFFER] as BeforeInstallPromptEvent;
  delete (page as Record<string, unknown>)[EARLY_INSTALL_OFFER];
  return offer;
}
