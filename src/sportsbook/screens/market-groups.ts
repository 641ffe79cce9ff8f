import type { MarketType } from '../../contract/sportsbook-rules';

/** How a match page lists its markets, in order, with the plain names UK bookmakers use. */
export const MARKET_GROUPS: Array<{ type: MarketType; title: string }> = [
  { type: 'match-result', title: 'Match Result' },
  { type: 'double-chance', title: 'Double Chance' },
  { type: 'draw-no-bet', title: 'Draw No Bet' },
  { type: 'both-teams-to-score', title: 'Both Teams To Score' },
  { type: 'total-goals', title: 'Total Goals' },
  { type: 'asian-handicap', title: 'Asian Handicap' },
  { type: 'three-way-handicap', title: 'Handicap (3-Way)' },
  { type: 'correct-score', title: 'Correct Score' },
  { type: 'first-half-result', title: 'First Half Result' },
  { type: 'half-time-full-time', title: 'Half Time/Full Time' },
  { type: 'first-team-to-score', title: 'First Team To Score' },
  { type: 'first-goal-time', title: 'Time of First Goal' },
];

/** Open when the page opens; the rest start collapsed so the page stays quick to scan on a phone. */
export const OPEN_AT_FIRST = new Set<MarketType>([
  'match-result',
  'double-chance',
  'both-teams-to-score',
  'total-goals',
]);

/** Market names without their group's words, for a row within the group: 'Over/Under 2.5' becomes '2.5'. */
export const lineName = (name: string) =>
  name.replace(/^(Total Goals Over\/Under|Asian Handicap|Handicap)\s*/, '') || name;
