import type { ContentApi } from '../../api/content';
import type { ContentDocument } from '../../contract/content';
import type { SavedDocument } from '../../db/database';
import { HttpError } from '../../api/http';

interface DocumentCache {
  get(slug: string): Promise<SavedDocument | undefined>;
  put(document: SavedDocument): Promise<unknown>;
}

export interface ContentDeps {
  api: Pick<ContentApi, 'index' | 'document'>;
  cache: DocumentCache;
  now: () => number;
}

export interface ShownDocument {
  document: SavedDocument;
  /** Set when the network could not be reached: the reader sees the saved copy and how old it is. */
  offline: boolean;
}

export const NOT_SAVED_OFFLINE =
  'This document has not been saved on this device yet. Please connect to the internet and try again.';

const noConnection = (error: unknown) => error instanceof HttpError && error.status === undefined;

/**
 * The legal and help documents on this device: every one is kept in the browser database so that the rules
 * and terms open with no signal, and a newer text from the server replaces the saved one when online.
 */
export class ContentStore {
  private prefetching: Promise<number> | undefined;

  constructor(private readonly deps: ContentDeps) {}

  private async save(document: ContentDocument): Promise<SavedDocument> {
    const saved: SavedDocument = { ...document, savedAt: this.deps.now() };
    await this.deps.cache.put(saved);
    return saved;
  }

  /** Fetches every document whose saved copy is missing or older; answers how many were saved. */
  prefetchAll(): Promise<number> {
    this.prefetching ??= this.refreshAll().finally(() => {
      this.prefetching = undefined;
    });
    return this.prefetching;
  }

  private async refreshAll(): Promise<number> {
    const { documents } = await this.deps.api.index();
    let saved = 0;
    for (const entry of documents) {
      const current = await this.deps.cache.get(entry.slug);
      if (current?.revision === entry.revision) continue;
      await this.save(await this.deps.api.document(entry.slug, entry.revision));
      saved++;
    }
    return saved;
  }

  /**
   * Shows the saved copy at once (if any), then the server's newest text; offline, the saved copy marked as such.
   * `show` may be called twice: first with the saved copy, then with a newer one.
   */
  async open(slug: string, show: (shown: ShownDocument) => void): Promise<void> {
    const saved = await this.deps.cache.get(slug);
    if (saved) show({ document: saved, offline: false });
    let latest: ContentDocument;
    try {
      const { documents } = await this.deps.api.index();
      const entry = documents.find((candidate) => candidate.slug === slug);
      if (saved && entry?.revision === saved.revision) return;
      latest = await this.deps.api.document(slug, entry?.revision);
    } catch (error) {
      if (!noConnection(error)) throw error;
      if (!saved) throw new HttpError(NOT_SAVED_OFFLINE);
      show({ document: saved, offline: true });
      return;
    }
    show({ document: await this.save(latest), offline: false });
  }
}
