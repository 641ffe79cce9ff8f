import type { DefaultOptions } from '@tanstack/react-query';

/** The app's query defaults: an answer is fresh for 30 s, so drawers opened again within that show it at once. */
export const APP_QUERY_DEFAULTS: DefaultOptions = {
  queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
};
