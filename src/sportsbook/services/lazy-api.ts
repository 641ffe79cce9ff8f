/** An API whose code comes after the first paint: `api` answers every call, `load` fetches the code ahead of one. */
export interface LazyApi<Api> {
  api: Api;
  load(): Promise<Api>;
}

/**
 * An API (every method async) whose code loads at its first call or at `load`: a call made before the code is there
 * waits for it, then is made as it would have been. A failed load (offline) is the call's failure, tried again next time.
 */
export function lazyApi<Api extends object>(code: () => Promise<Api>): LazyApi<Api> {
  let loading: Promise<Api> | null = null;
  const load = () =>
    (loading ??= code().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  const api = new Proxy({} as Api, {
    get:
      (_, method) =>
      async (...args: unknown[]) =>
        ((await load()) as Record<PropertyKey, (...args: unknown[]) => unknown>)[method]!(...args),
  });
  return { api, load };
}
