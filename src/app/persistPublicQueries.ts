import type { Query, QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { PUBLIC_QUERIES_STORAGE_KEY, PUBLIC_QUERY } from './publicQuery';

const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
// Raised when a public query's answer changes shape, so an older saved answer is dropped rather than misread.
const SAVED_SHAPE = '1';

const isPublic = (query: Query) => query.meta?.persist === PUBLIC_QUERY.persist && query.state.status === 'success';

/**
 * Keeps the public queries' last answers in web storage so that an offline start shows them; a customer's own
 * queries never leave memory. Returns the unsubscribe and the promise of the restore.
 */
export function persistPublicQueries(queryClient: QueryClient, storage: Storage) {
  const persister = createSyncStoragePersister({ storage, key: PUBLIC_QUERIES_STORAGE_KEY, throttleTime: 500 });
  return persistQueryClient({
    queryClient,
    persister,
    buster: SAVED_SHAPE,
    maxAge: MAX_AGE_MS,
    dehydrateOptions: { shouldDehydrateQuery: isPublic, shouldDehydrateMutation: () => false },
  });
}
