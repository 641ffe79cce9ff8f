import { resultOf } from '../pricing/score-distribution';
import { checkedKey, partitionChances, RESULT_KEYS, won, type MarketRule } from './market-rule';

/** Period betting: "Only what happens in that period counts." Closed once the first half is over. */
export const firstHalfResult: MarketRule = {
  specs: (teams) => [
    {
      key: 'first-half-result',
      type: 'first-half-result',
      line: null,
      name: 'First Half Result',
      selections: [
        { key: 'home', name: teams.home },
        { key: 'draw', name: 'Draw' },
        { key: 'away', name: teams.away },
      ],
    },
  ],
  chances: (_spec, { halfTime: grid }) => {
    const wins = [0, 0, 0];
    for (let i = 0; i < grid.size; i++) {
      for (let j = 0; j < grid.size; j++)
        wins[resultOf(grid.home + i, grid.away + j)]! += grid.mass[i * grid.size + j]!;
    }
    return partitionChances(wins);
  },
  settle: (spec, key, { halfTime }) =>
    won(RESULT_KEYS[resultOf(halfTime.home, halfTime.away)] === checkedKey(spec, key)),
  periodOver: (state) => state.phase !== 'pre-match' && state.phase !== 'first-half',
};
