import type { KeyedTable } from '../../db/lazy';
import type { SavedTransactionPage } from '../../db/database';
import type { TransactionItem, TransactionsQuery } from '../../contract/transactions';
import type { TransactionsApi } from '../../api/transactions';
import { HttpError, SERVICE_UNAVAILABLE } from '../../api/http';

export const NOT_SAVED_OFFLINE =
  'You are offline and these transactions have not been saved on this device. Please try again when you are back online.';
import { savedPageKey } from './query';

export interface HistoryPage {
  items: TransactionItem[];
  /** When the page comes from the device's saved copy (offline), the time it was saved. */
  savedAt: number | null;
}

export interface PageLoaderDeps {
  api: Pick<TransactionsApi, 'list'>;
  pages: Pick<KeyedTable<SavedTransactionPage, string>, 'get' | 'put'>;
  online: () => boolean;
  now: () => number;
}

/** No answer came back at all: the device is offline or the server unreachable. */
const isUnreachable = (error: unknown) => error instanceof HttpError && error.status === undefined;

/** One page of history: fresh from the server (and saved on the device), or offline the saved copy. */
export async function loadHistoryPage(
  deps: PageLoaderDeps,
  userId: number,
  query: TransactionsQuery,
  prevId: number | undefined,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const key = savedPageKey(userId, query, prevId);
  if (deps.online()) {
    try {
      const items = await deps.api.list({ ...query, ...(prevId !== undefined ? { prevId } : {}) }, signal);
      await deps.pages.put({ key, userId, items, savedAt: deps.now() });
      return { items, savedAt: null };
    } catch (error) {
      if (!isUnreachable(error)) throw error;
    }
  }
  const saved = await deps.pages.get(key);
  if (!saved) throw new HttpError(deps.online() ? SERVICE_UNAVAILABLE : NOT_SAVED_OFFLINE);
  return { items: saved.items as TransactionItem[], savedAt: saved.savedAt };
}
