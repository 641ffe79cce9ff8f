/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The shell and every lazily loaded chunk, so that any screen opens offline.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes charge of the open page at once, so the first visit already works offline. Later
// versions still wait in 'installed' until the customer presses Reload (only then SKIP_WAITING).
clientsClaim();

// Navigations to the app's own pages (/, /terms, /privacy, /exchange) are answered with the cached shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    allowlist: [/^\/$/, /^\/terms$/, /^\/privacy$/, /^\/exchange$/],
  }),
);

// Legal and help documents: served from cache at once, refreshed in the background. No other API answer is cached.
// Each revision has its own address (?rev=), so old entries are only ever dead weight: keep a few per document.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && url.pathname.startsWith('/content/'),
  new StaleWhileRevalidate({ cacheName: 'content', plugins: [new ExpirationPlugin({ maxEntries: 40 })] }),
);

// A new version waits until the customer agrees to reload.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
