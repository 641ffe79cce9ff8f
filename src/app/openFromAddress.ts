import type { OverlayStore } from '../stores/OverlayStore';

/** `?token=` opens reset-password with that code and leaves the address; /terms and /privacy open their document. */
export function openFromAddress(
  overlays: Pick<OverlayStore, 'open'>,
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  history: Pick<History, 'replaceState'>,
): void {
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (token) {
    params.delete('token');
    const search = params.toString();
    history.replaceState(null, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
    overlays.open('reset-password', { code: token });
    return;
  }
  if (location.pathname === '/terms') overlays.open('terms');
  else if (location.pathname === '/privacy') overlays.open('privacy');
}
