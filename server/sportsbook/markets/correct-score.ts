import { resultOf } from '../pricing/score-distribution';
import { checkedKey, partitionChances, won, type MarketRule } from './market-rule';

/** Scores quoted one by one, 0-0 to 4-4; every other score falls to one of the three 'Any other' selections. */
const CORRECT_SCORE_MAX = 4;
const QUOTED = CORRECT_SCORE_MAX + 1;
const OTHER_KEYS = ['other-home', 'other-draw', 'other-away'] as const;
const OTHER_NAMES = ['Any other home win', 'Any other draw', 'Any other away win'] as const;

const SELECTIONS: Array<{ key: string; name: string }> = [];
for (let home = 0; home < QUOTED; home++) {
  for (let away = 0; away < QUOTED; away++) SELECTIONS.push({ key: `${home}-${away}`, name: `${home}-${away}` });
}
OTHER_KEYS.forEach((key, at) => SELECTIONS.push({ key, name: OTHER_NAMES[at] }));

/** The one selection a final score wins, as its place in the market: exactly one for every score. */
function selectionIndex(home: number, away: number): number {
  return home < QUOTED && away < QUOTED ? home * QUOTED + away : QUOTED * QUOTED + resultOf(home, away);
}

/** Correct score at full time, own goals included. */
export const correctScore: MarketRule = {
  specs: () => [
    {
      key: 'correct-score',
      type: 'correct-score',
      line: null,
      name: 'Correct Score',
      selections: SELECTIONS.map((selection) => ({ ...selection })),
    },
  ],
  chances: (_spec, { fullTime: grid }) => {
    const wins = new Array<number>(SELECTIONS.length).fill(0);
    for (let i = 0; i < grid.size; i++) {
      for (let j = 0; j < grid.size; j++)
        wins[selectionIndex(grid.home + i, grid.away + j)]! += grid.mass[i * grid.size + j]!;
    }
    return partitionChances(wins);
  },
  settle: (spec, key, { fullTime }) =>
    won(SELECTIONS[selectionIndex(fullTime.home, fullTime.away)]!.key === checkedKey(spec, key)),
};
