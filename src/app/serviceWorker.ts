import type { RootStore } from '../stores/RootStore';

/** Registers the worker; a waiting new version is announced, and only the customer's click activates it. */
export function registerServiceWorker(store: RootStore): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  void import('workbox-window').then(({ Workbox }) => {
    const workbox = new Workbox('/sw.js', { scope: '/' });
    workbox.addEventListener('waiting', () => {
      store.update.offer({
        activate: () => {
          workbox.addEventListener('controlling', () => window.location.reload());
          workbox.messageSkipWaiting();
        },
      });
    });
    void workbox.register();
  });
}
