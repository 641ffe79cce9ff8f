import { signedLine } from './asian-handicap';
import { goalDifferenceRule, lineOf, won, type MarketRule } from './market-rule';

/** The home side's head start or deficit in whole goals; 0 would be the match result itself. */
const THREE_WAY_HANDICAP_LINES = [-3, -2, -1, 1, 2, 3] as const;

const wholeLine = (line: number) => signedLine(line).replace('.0', '');

/**
 * Handicap (3-way): "One team is given a whole-number head start or deficit, such as -1 or +1, and a draw after the
 * handicap is a possible outcome you can bet on. With Team A -1: if Team A wins by 2 or more, 'Team A -1' wins; if
 * Team A wins by exactly 1, 'Draw (handicap)' wins; otherwise 'Team B +1' wins."
 */
export const threeWayHandicap: MarketRule = goalDifferenceRule(
  (teams) =>
    THREE_WAY_HANDICAP_LINES.map((line) => ({
      key: `three-way-handicap:${line}`,
      type: 'three-way-handicap' as const,
      line,
      name: `Handicap ${teams.home} ${wholeLine(line)}`,
      selections: [
        { key: 'home', name: `${teams.home} ${wholeLine(line)}` },
        { key: 'draw', name: `Draw (${teams.home} ${wholeLine(line)})` },
        { key: 'away', name: `${teams.away} ${wholeLine(-line)}` },
      ],
    })),
  (spec, key, difference) => {
    const handicapped = difference + lineOf(spec);
    return won(key === 'home' ? handicapped > 0 : key === 'draw' ? handicapped === 0 : handicapped < 0);
  },
);
