import type { Http } from '../../api/http';
import { isFrameRoute } from '../../contract/bridge';
import { FRAME_ROUTE_PARAM, SPORTSBOOK_URL_META } from '../../contract/host-page';
import { pageMeta } from '../../app/pageMeta';

/**
 * GET /games/iqs (or another door, /games/p2p): the service's address at `route`, with a one-time launch token when
 * signed in (the bearer goes along).
 */
export async function fetchLaunchUrl(http: Http, route: string, door = '/games/iqs'): Promise<string> {
  const body = (await http.get(door, { query: { route } })) as { url?: unknown };
  if (!body || typeof body.url !== 'string') throw new Error('No launch address');
  return body.url;
}

/**
 * A door's first launch URL. A signed-out `/` of a door the server names in the page (the sportsbook) opens that
 * address without asking (docs/sportsbook.md, "The first load"); anything else, or a page without it (the service
 * worker's copy), asks the door.
 */
export async function firstLaunchUrl(
  http: Http,
  route: string,
  launchPath: string,
  namedInPage: boolean,
  doc: Document = document,
): Promise<string> {
  const named = namedInPage && route === '/' ? namedFrameUrl(doc) : null;
  return named ?? fetchLaunchUrl(http, route, launchPath);
}

/** The sportsbook's address for a signed-out `/` that the server wrote into the page, or null. */
export function namedFrameUrl(doc: Document): string | null {
  return pageMeta(SPORTSBOOK_URL_META, doc);
}

/** The frame route a host address asks for: `/?sb=/event/abc` deep-links a match. */
export function routeFromAddress(search: string): string {
  const route = new URLSearchParams(search).get(FRAME_ROUTE_PARAM);
  return route && isFrameRoute(route) ? route : '/';
}

/** The host address that keeps the frame's route. */
export function addressForRoute(pathname: string, search: string, hash: string, route: string): string {
  const params = new URLSearchParams(search);
  if (route === '/') params.delete(FRAME_ROUTE_PARAM);
  else params.set(FRAME_ROUTE_PARAM, route);
  const query = params.toString().replace(/%2F/g, '/');
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}
