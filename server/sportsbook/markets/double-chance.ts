import { goalDifferenceRule, won, type MarketRule } from './market-rule';

/** Double chance: "You cover two of the three possible match results in one bet ... if either result happens." */
export const doubleChance: MarketRule = goalDifferenceRule(
  (teams) => [
    {
      key: 'double-chance',
      type: 'double-chance',
      line: null,
      name: 'Double Chance',
      selections: [
        { key: 'home-draw', name: `${teams.home} or Draw` },
        { key: 'home-away', name: `${teams.home} or ${teams.away}` },
        { key: 'draw-away', name: `Draw or ${teams.away}` },
      ],
    },
  ],
  (_spec, key, difference) =>
    won(key === 'home-draw' ? difference >= 0 : key === 'home-away' ? difference !== 0 : difference <= 0),
);
