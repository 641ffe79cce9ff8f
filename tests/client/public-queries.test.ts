import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { persistPublicQueries } from '../../src/app/persistPublicQueries';
import { PUBLIC_QUERIES_STORAGE_KEY, PUBLIC_QUERY } from '../../src/app/publicQuery';

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

async function persisted(client: QueryClient, storage: Storage) {
  const [stop, restored] = persistPublicQueries(client, storage);
  stops.push(stop);
  await restored;
}

/** The sync persister writes at most once per throttle window: wait for what it holds to settle. */
async function savedQueryKeys(storage: Storage): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 700));
  const saved = JSON.parse(storage.getItem(PUBLIC_QUERIES_STORAGE_KEY) ?? '{"clientState":{"queries":[]}}');
  return saved.clientState.queries.map((query: { queryHash: string }) => query.queryHash);
}

describe('saved public queries', () => {
  it('keeps a public answer in web storage and never a customer’s own', async () => {
    localStorage.clear();
    const client = new QueryClient();
    await persisted(client, localStorage);
    await client.fetchQuery({
      queryKey: ['client-config'],
      queryFn: () => ({ supportEmail: 'help@example.com' }),
      meta: PUBLIC_QUERY,
    });
    await client.fetchQuery({ queryKey: ['account', 'details'], queryFn: () => ({ email: 'demo@example.com' }) });

    expect(await savedQueryKeys(localStorage)).toEqual(['["client-config"]']);
  });

  it('gives a new tab the saved public answer before the network does', async () => {
    localStorage.clear();
    const first = new QueryClient();
    await persisted(first, localStorage);
    await first.fetchQuery({
      queryKey: ['client-config'],
      queryFn: () => ({ supportEmail: 'help@example.com' }),
      meta: PUBLIC_QUERY,
    });
    await savedQueryKeys(localStorage);

    const offline = new QueryClient();
    await persisted(offline, localStorage);

    expect(offline.getQueryData(['client-config'])).toEqual({ supportEmail: 'help@example.com' });
  });

  it('does not keep a public query that failed', async () => {
    localStorage.clear();
    const client = new QueryClient();
    await persisted(client, localStorage);
    await client
      .fetchQuery({
        queryKey: ['client-config'],
        queryFn: () => Promise.reject(new Error('offline')),
        meta: PUBLIC_QUERY,
        retry: false,
      })
      .catch(() => undefined);

    expect(await savedQueryKeys(localStorage)).toEqual([]);
  });
});
