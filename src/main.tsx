import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure } from 'mobx';
import { lazyDatabase } from './db/lazy';
import { RootStore } from './stores/RootStore';
import { overlayCatalog } from './overlays/registry';
import { StoreProvider } from './stores/context';
import { App } from './app/App';
import { APP_QUERY_DEFAULTS } from './app/queryDefaults';
import { openFromAddress } from './app/openFromAddress';
import { captureClickKey } from './features/registration/clickKey';
import { registerServiceWorker } from './app/serviceWorker';
import { webFontWhenCached } from './app/webFont';
import { afterFirstContentfulPaint } from './ui/afterPaint';
import { discardEarlyFrame } from './features/embed/earlyFrame';
import './ui/design/index.css';
import './app/styles.css';

configure({ enforceActions: 'never' });
webFontWhenCached(document.documentElement, navigator.serviceWorker);

const queryClient = new QueryClient({ defaultOptions: APP_QUERY_DEFAULTS });
const store = new RootStore({
  db: lazyDatabase(() => import('./db/database').then(({ AppDatabase }) => new AppDatabase())),
  queryClient,
  overlayCatalog,
});
// A handle for the browser tests only: in development, or in a build made with VITE_TEST_HOOKS=true; never in a production build.
if (import.meta.env.DEV || import.meta.env.VITE_TEST_HOOKS === 'true')
  (globalThis as { __store?: RootStore }).__store = store;

openFromAddress(store.overlays, window.location, window.history);
captureClickKey(window.location.search, window.localStorage);
void store.start();
// Neither is on the first paint's path: the saved public answers matter only to an offline start, and the worker's
// install downloads the whole app beside the frame's first load (docs/benchmarks.md, "Off the first paint's path").
afterFirstContentfulPaint(
  () =>
    void import('./app/persistPublicQueries').then(({ persistPublicQueries }) =>
      persistPublicQueries(queryClient, window.localStorage),
    ),
);
store.firstScreen.afterwards(() => registerServiceWorker(store));
// A frame the page opened that no screen took by then (the visitor went to another page first) is not left loaded.
store.firstScreen.afterwards(() => discardEarlyFrame());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoreProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StoreProvider>
  </StrictMode>,
);
