/**
 * What the PAM writes into the host's page (`/`, `/exchange`) beside the built index.html, so the app starts without
 * asking (docs/sportsbook.md, "The first load"). The service worker's copy of the page has neither: the app then asks.
 */

/** The sportsbook frame's address for a signed-out visitor: opened without `GET /games/iqs`. */
export const SPORTSBOOK_URL_META = 'sportsbook-url';

/** The server's EXCHANGE_IN_BROWSER, "true" or "false": known without `GET /api/config` and the zod it parses with. */
export const EXCHANGE_IN_BROWSER_META = 'exchange-in-browser';

/** The host address's parameter that deep-links the sportsbook frame: `/?sb=/event/abc` opens it at a match. */
export const FRAME_ROUTE_PARAM = 'sb';
