import Dexie, { type EntityTable } from 'dexie';

export interface SavedDocument {
  slug: string;
  title: string;
  version: number;
  updatedAt: string;
  /** The server's fingerprint of the text; a different one means a newer text to fetch. */
  revision: string;
  body: string;
  /** When this copy was fetched (epoch ms): offline, the reader is told how old it is. */
  savedAt: number;
}

export interface SavedTransactionPage {
  /** userId + filter + page position. */
  key: string;
  userId: number;
  items: unknown[];
  savedAt: number;
}

export interface LastBalance {
  userId: number;
  balance: number;
  currency: string;
  savedAt: number;
}

/** A deposit or withdrawal the customer submitted: its idempotency key is kept before the request leaves. */
export interface PendingSubmission {
  key: string;
  userId: number;
  kind: 'deposit' | 'deposit_js' | 'deposit_wallet' | 'withdraw';
  body: string;
  createdAt: number;
}

export class AppDatabase extends Dexie {
  documents!: EntityTable<SavedDocument, 'slug'>;
  transactionPages!: EntityTable<SavedTransactionPage, 'key'>;
  lastBalance!: EntityTable<LastBalance, 'userId'>;
  pendingSubmissions!: EntityTable<PendingSubmission, 'key'>;

  constructor(name = 'betting-exchange') {
    super(name);
    this.version(1).stores({
      documents: '&slug',
      transactionPages: '&key, userId',
      lastBalance: '&userId',
      pendingSubmissions: '&key, userId',
    });
  }

  /** Everything tied to a customer goes at logout; the legal documents stay. */
  async clearUserData(): Promise<void> {
    await this.transaction('rw', [this.transactionPages, this.lastBalance, this.pendingSubmissions], async () => {
      await Promise.all([this.transactionPages.clear(), this.lastBalance.clear(), this.pendingSubmissions.clear()]);
    });
  }
}
