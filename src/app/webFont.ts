/**
 * Inter only where the service worker already holds it (a visit after the first): a first visit paints in the system
 * font and never waits for the 48 KB file. On a slow line `font-display: optional` gave that visit the system font
 * anyway, after blocking its text for up to 100 ms; on a fast one the font's download sat on the first paint's path
 * (docs/benchmarks.md, "Off the first paint's path").
 */
export function webFontWhenCached(
  root: HTMLElement,
  serviceWorker: Pick<ServiceWorkerContainer, 'controller'> | undefined,
): void {
  if (serviceWorker?.controller) root.dataset.webFont = 'inter';
}
