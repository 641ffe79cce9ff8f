import { resultOf } from '../pricing/score-distribution';
import { checkedKey, partitionChances, RESULT_KEYS, won, type MarketRule } from './market-rule';

/**
 * Half time/full time: "Both parts must be correct for the bet to win." Stays open in the second half with the
 * selections of the known half-time result (the others can no longer win and close).
 */
export const halfTimeFullTime: MarketRule = {
  specs: (teams) => {
    const names = { home: teams.home, draw: 'Draw', away: teams.away };
    return [
      {
        key: 'half-time-full-time',
        type: 'half-time-full-time',
        line: null,
        name: 'Half Time/Full Time',
        selections: RESULT_KEYS.flatMap((half) =>
          RESULT_KEYS.map((full) => ({ key: `${half}-${full}`, name: `${names[half]}/${names[full]}` })),
        ),
      },
    ];
  },
  chances: (_spec, distribution) => partitionChances(Array.from(distribution.halfTimeFullTime)),
  settle: (spec, key, { halfTime, fullTime }) =>
    won(
      `${RESULT_KEYS[resultOf(halfTime.home, halfTime.away)]}-${RESULT_KEYS[resultOf(fullTime.home, fullTime.away)]}` ===
        checkedKey(spec, key),
    ),
};
