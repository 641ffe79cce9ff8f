/**
 * Which control of the page's own first screen (scripts/first-screen.ts) has the keyboard's focus, as a selector for
 * the same control in the app's copy: the app's first render replaces the page's bar, and the focus would fall back
 * to the page's start. Null when the focus is elsewhere.
 */
export function focusInFirstScreen(doc: Document): string | null {
  const focused = doc.activeElement;
  if (!(focused instanceof HTMLElement) || !focused.closest('[data-first-screen]')) return null;
  if (focused.dataset.consent === 'true' || focused.dataset.consent === 'false')
    return `[data-consent="${focused.dataset.consent}"]`;
  if (focused instanceof HTMLAnchorElement) return 'a[href="/privacy"]';
  return null;
}
