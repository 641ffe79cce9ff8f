import { lazySchema, type Http } from './http';

const contentIndex = lazySchema(() => import('../contract/content').then((contract) => contract.contentIndex));
const contentDocument = lazySchema(() => import('../contract/content').then((contract) => contract.contentDocument));

export function contentApi(http: Http) {
  return {
    index: () => http.get('/content', { schema: contentIndex }),
    /** The revision in the address gives each text its own entry in the service worker's cache, so a new one is never hidden by an old one. */
    document: (slug: string, revision?: string) =>
      http.get(`/content/${encodeURIComponent(slug)}`, { query: { rev: revision }, schema: contentDocument }),
  };
}
export type ContentApi = ReturnType<typeof contentApi>;
