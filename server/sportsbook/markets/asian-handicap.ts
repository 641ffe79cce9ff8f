import { againstLine, goalDifferenceRule, lineOf, type MarketRule } from './market-rule';

/** The home side's handicap, -2.5 to +2.5: half lines win or lose in full, whole lines can push. */
export const ASIAN_HANDICAP_LINES = [-2.5, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5] as const;

const signed = (line: number): string => (line === 0 ? '0' : `${line > 0 ? '+' : '-'}${Math.abs(line).toFixed(1)}`);

/**
 * Asian handicap, 2-way: "Half lines ... win or lose in full. Whole lines: if the result after the handicap is a
 * draw, the bet is void and the stake is returned." Quarter lines are not offered. The market's line is the home
 * side's handicap; the away side carries its opposite.
 */
export const asianHandicap: MarketRule = goalDifferenceRule(
  (teams) =>
    ASIAN_HANDICAP_LINES.map((line) => ({
      key: `asian-handicap:${line}`,
      type: 'asian-handicap' as const,
      line,
      name: `Asian Handicap ${teams.home} ${signed(line)}`,
      selections: [
        { key: 'home', name: `${teams.home} ${signed(line)}` },
        { key: 'away', name: `${teams.away} ${signed(-line)}` },
      ],
    })),
  (spec, key, difference) => againstLine(key === 'home' ? difference + lineOf(spec) : -(difference + lineOf(spec))),
);
