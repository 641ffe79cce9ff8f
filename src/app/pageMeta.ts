/** A `<meta name content>` the server wrote into the page (src/contract/host-page.ts), or null (the worker's copy). */
export function pageMeta(name: string, doc: Document = document): string | null {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || null;
}
