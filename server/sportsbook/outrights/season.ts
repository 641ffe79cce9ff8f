/**
 * A league's season, as plain data: the double round-robin fixture list, the table from the results so far, and
 * the winners by the final table. No database, no clock: the outright book (book.ts) keeps it.
 */
import type { LeagueTableRow } from '../../../src/contract/sportsbook-rules';

/** A fixture of the season; `eventId` once the scheduler has booked it as a match. */
export interface SeasonFixture {
  round: number;
  home: string;
  away: string;
  eventId: string | null;
}

export interface MatchResult {
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
}

/** A club's line in the table: the contract's row without the club's name (the book adds it). */
export type TableLine = Omit<LeagueTableRow, 'name'>;

export const POINTS_FOR_WIN = 3;
export const POINTS_FOR_DRAW = 1;

/**
 * Every club at home and away to every other, in rounds where each club plays once (the circle method; with an odd
 * number of clubs one rests each round). The second half mirrors the first with home and away swapped.
 */
export function doubleRoundRobin(teamIds: readonly string[]): SeasonFixture[] {
  const clubs: Array<string | null> = [...teamIds];
  if (clubs.length < 2) return [];
  if (clubs.length % 2 === 1) clubs.push(null);
  const n = clubs.length;
  const first: SeasonFixture[] = [];
  const rotation = clubs.slice(1);
  for (let round = 0; round < n - 1; round++) {
    const line = [clubs[0]!, ...rotation];
    for (let pair = 0; pair < n / 2; pair++) {
      const a = line[pair];
      const b = line[n - 1 - pair];
      if (a === null || b === null) continue;
      // Alternate who is at home so no club plays every first-half match at home.
      const [home, away] = (round + pair) % 2 === 0 ? [a!, b!] : [b!, a!];
      first.push({ round: round + 1, home, away, eventId: null });
    }
    rotation.unshift(rotation.pop()!);
  }
  const second = first.map((fixture) => ({
    round: fixture.round + n - 1,
    home: fixture.away,
    away: fixture.home,
    eventId: null,
  }));
  return [...first, ...second];
}

/** The table from these results, ranked by points, then goal difference, then goals scored (then by id, to be stable). */
export function leagueTable(teamIds: readonly string[], results: readonly MatchResult[]): TableLine[] {
  const lines = new Map(
    teamIds.map((teamId) => [
      teamId,
      { teamId, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, points: 0 },
    ]),
  );
  for (const result of results) {
    const home = lines.get(result.home);
    const away = lines.get(result.away);
    if (!home || !away) continue;
    record(home, result.homeGoals, result.awayGoals);
    record(away, result.awayGoals, result.homeGoals);
  }
  return [...lines.values()].sort((a, b) => compareLines(a, b) || a.teamId.localeCompare(b.teamId));
}

function record(line: TableLine, scored: number, conceded: number): void {
  line.played++;
  line.goalsFor += scored;
  line.goalsAgainst += conceded;
  if (scored > conceded) {
    line.won++;
    line.points += POINTS_FOR_WIN;
  } else if (scored === conceded) {
    line.drawn++;
    line.points += POINTS_FOR_DRAW;
  } else line.lost++;
}

/** Negative when a ranks above b: points, then goal difference, then goals scored. 0 when level on all three. */
function compareLines(
  a: Pick<TableLine, 'points' | 'goalsFor' | 'goalsAgainst'>,
  b: Pick<TableLine, 'points' | 'goalsFor' | 'goalsAgainst'>,
): number {
  return b.points - a.points || b.goalsFor - b.goalsAgainst - (a.goalsFor - a.goalsAgainst) || b.goalsFor - a.goalsFor;
}

/** The clubs level with the top of a ranked table on points, goal difference and goals scored: more than one is a dead heat. */
export function winnersOf(table: readonly TableLine[]): string[] {
  const top = table[0];
  if (!top) return [];
  return table.filter((line) => compareLines(line, top) === 0).map((line) => line.teamId);
}
