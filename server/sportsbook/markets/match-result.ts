import { resultOf } from '../pricing/score-distribution';
import { goalDifferenceRule, RESULT_KEYS, won, type MarketRule } from './market-rule';

/** Match result (1X2): "Settled on the full-time result." */
export const matchResult: MarketRule = goalDifferenceRule(
  (teams) => [
    {
      key: 'match-result',
      type: 'match-result',
      line: null,
      name: 'Match Result',
      selections: [
        { key: 'home', name: teams.home },
        { key: 'draw', name: 'Draw' },
        { key: 'away', name: teams.away },
      ],
    },
  ],
  (_spec, key, difference) => won(RESULT_KEYS[resultOf(difference, 0)] === key),
);
