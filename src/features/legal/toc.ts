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
}

/** The table of contents: the document's second-level headings, in order. */
export function tableOfContents(slug: string, markdown: string): TocEntry[] {
  const entries: TocEntry[] = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const match = !inFence && /^## (.+?)\s*#*\s*$/.exec(line);
    if (match) {
      const text = match[1]!.replace(/[*_`]/g, '');
      entries.push({ id: headingId(slug, text), text });
    }
  }
  return entries;
}
