import { fullTimeRule, won, type MarketRule } from './market-rule';

/** Both teams to score: yes when each side has at least one goal at full time (own goals count). */
export const bothTeamsToScore: MarketRule = fullTimeRule(
  () => [
    {
      key: 'both-teams-to-score',
      type: 'both-teams-to-score',
      line: null,
      name: 'Both Teams To Score',
      selections: [
        { key: 'yes', name: 'Yes' },
        { key: 'no', name: 'No' },
      ],
    },
  ],
  (_spec, key, home, away) => won((home > 0 && away > 0) === (key === 'yes')),
);
