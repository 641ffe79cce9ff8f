import { againstAsianLine, goalDifferenceRule, lineOf, type MarketRule } from './market-rule';

/** The home side's handicap, -2.5 to +2.5 in quarters: half lines win or lose in full, whole lines can push, quarter lines can half win or half lose. */
const ASIAN_HANDICAP_LINES: readonly number[] = Array.from({ length: 21 }, (_, step) => -2.5 + step * 0.25);

/** '+1.5', '-0.25', '0': halves with one decimal, quarters with two, as UK books print them. */
export const signedLine = (line: number): string =>
  line === 0 ? '0' : `${line > 0 ? '+' : '-'}${Math.abs(line).toFixed(Number.isInteger(line * 2) ? 1 : 2)}`;

/**
 * Asian handicap, 2-way: "Half lines ... win or lose in full. Whole lines: if the result after the handicap is a
 * draw, the bet is void and the stake is returned. Quarter lines: your stake is split equally between the two
 * nearest lines." The market's line is the home side's handicap; the away side carries its opposite.
 */
export const asianHandicap: MarketRule = goalDifferenceRule(
  (teams) =>
    ASIAN_HANDICAP_LINES.map((line) => ({
      key: `asian-handicap:${line}`,
      type: 'asian-handicap' as const,
      line,
      name: `Asian Handicap ${teams.home} ${signedLine(line)}`,
      selections: [
        { key: 'home', name: `${teams.home} ${signedLine(line)}` },
        { key: 'away', name: `${teams.away} ${signedLine(-line)}` },
      ],
    })),
  (spec, key, difference) =>
    againstAsianLine(key === 'home' ? difference + lineOf(spec) : -(difference + lineOf(spec))),
);
