/** A heading's id: stable, readable, and unique within the page because it starts with the document's slug. */
export function headingId(slug: string, text: string): string {
  const words = text
    .toLowerCase()
    .replace(/[*_`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug}--${words || 'section'}`;
}

export interface TocEntry {
  id: string;
  text: string;
  /** 2 for a section, 3 for a part of one. */
  level: 2 | 3;
}

/**
 * The table of contents: the document's sections and, where a document has only a few long sections (the
 * betting rules), their parts as well.
 */
export function tableOfContents(slug: string, markdown: string): TocEntry[] {
  const entries: TocEntry[] = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const match = !inFence && /^(##|###) (.+?)\s*#*\s*$/.exec(line);
    if (match) {
      const text = match[2]!.replace(/[*_`]/g, '');
      entries.push({ id: headingId(slug, text), text, level: match[1] === '##' ? 2 : 3 });
    }
  }
  const sections = entries.filter((entry) => entry.level === 2);
  return sections.length >= 5 ? sections : entries;
}
