import type { Competition, EventSummary } from './sportsbook-rules';

/**
 * The home screen's first lists as the frame's HTML for `/` carries them: a JSON data block (`<script
 * type="application/json">` with this id), so the first prices need no fetch after the frame's script. The same three
 * answers as `GET /api/events?status=live`, `?status=upcoming` and `GET /api/competitions`. A file of its own: the
 * frame's first paint reads the id, and importing a value from ./sportsbook-rules would bring all of its constants.
 */
export const FIRST_LISTS_ELEMENT_ID = 'sb-first-lists';
export interface FirstLists {
  live: EventSummary[];
  upcoming: EventSummary[];
  competitions: Competition[];
}
