import type { AppDatabase, LastBalance, PendingSubmission, SavedDocument, SavedTransactionPage } from './database';

/** What the app asks of a table of the device's database: read, write and forget one row by its key. */
export interface KeyedTable<Row, Key> {
  get(key: Key): Promise<Row | undefined>;
  put(row: Row): Promise<unknown>;
  delete(key: Key): Promise<void>;
}

/** The device's database as the stores and screens use it (AppDatabase is one; lazyDatabase opens one when first used). */
export interface AppStorage {
  documents: KeyedTable<SavedDocument, string>;
  transactionPages: KeyedTable<SavedTransactionPage, string>;
  lastBalance: KeyedTable<LastBalance, number>;
  pendingSubmissions: KeyedTable<PendingSubmission, string>;
  clearUserData(): Promise<void>;
}

type TableName = 'documents' | 'transactionPages' | 'lastBalance' | 'pendingSubmissions';

/**
 * The device's database opened at its first read or write: Dexie is about a sixth of the page's code and nothing
 * is read from it before the first paint (docs/benchmarks.md, first load).
 */
export function lazyDatabase(open: () => Promise<AppDatabase>): AppStorage {
  let opened: Promise<AppDatabase> | undefined;
  const database = () => (opened ??= open());
  const table = <Row, Key>(name: TableName): KeyedTable<Row, Key> => {
    const of = async () => (await database())[name] as unknown as KeyedTable<Row, Key>;
    return {
      get: async (key) => (await of()).get(key),
      put: async (row) => (await of()).put(row),
      delete: async (key) => (await of()).delete(key),
    };
  };
  return {
    documents: table('documents'),
    transactionPages: table('transactionPages'),
    lastBalance: table('lastBalance'),
    pendingSubmissions: table('pendingSubmissions'),
    clearUserData: async () => (await database()).clearUserData(),
  };
}
