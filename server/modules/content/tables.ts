import type { Generated } from 'kysely';

interface DocumentsTable {
  slug: string;
  version: number;
  title: string;
  /** Markdown without the title line; may hold {{supportEmail}} and {{promotionsList}}. */
  body: string;
  updated_at: Date;
  /** Seeded from a release's file (a newer release may replace it), not written by the operator. */
  shipped: Generated<boolean>;
}

export interface ContentTables {
  documents: DocumentsTable;
}
