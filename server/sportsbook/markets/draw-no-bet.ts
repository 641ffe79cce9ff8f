import { againstLine, goalDifferenceRule, type MarketRule } from './market-rule';

/** Draw no bet: "You bet on one team to win. If the match ends in a draw, the bet is void." */
export const drawNoBet: MarketRule = goalDifferenceRule(
  (teams) => [
    {
      key: 'draw-no-bet',
      type: 'draw-no-bet',
      line: null,
      name: 'Draw No Bet',
      selections: [
        { key: 'home', name: teams.home },
        { key: 'away', name: teams.away },
      ],
    },
  ],
  (_spec, key, difference) => againstLine(key === 'home' ? difference : -difference),
);
