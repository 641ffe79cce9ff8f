export interface DocumentsTable {
  slug: string;
  version: number;
  title: string;
  /** Markdown without the title line; may hold {{supportEmail}} and {{promotionsList}}. */
  body: string;
  updated_at: Date;
}

export interface ContentTables {
  documents: DocumentsTable;
}
