/**
 * What the PAM writes into the host's page (`/`) beside the built index.html: the sportsbook frame's address for a
 * signed-out visitor, so the app starts it without asking `GET /games/iqs` (docs/sportsbook.md, "The first load").
 */
export const SPORTSBOOK_URL_META = 'sportsbook-url';
