import type { CompetitionRecord, EventRecord, TeamRecord } from '../catalogue/records';

export interface Fixture {
  competitionId: string;
  homeTeamId: string;
  awayTeamId: string;
  kickoffAt: Date;
}

export interface ScheduleOptions {
  /** Real milliseconds from kick-off to full time. */
  matchDurationMs: number;
  /** One rolling kick-off every slot (aligned to the epoch, so a restart finds the slots it already filled). */
  slotMs: number;
  /** Rolling kick-offs are planned this far ahead. */
  horizonMs: number;
  /** Days ahead (after today) that get a round per league. */
  daysAhead: number;
  random(): number;
  /**
   * The league's season fixtures still to book, in order (outrights/book.ts): the first whose clubs are free is
   * booked. Without it clubs are paired at random.
   */
  seasonFixtures?(competitionId: string): ReadonlyArray<{ home: string; away: string }>;
}

/** Each league's round kicks off at its own time of day (UTC), like a Saturday's programme. */
const ROUND_TIMES_UTC: Array<[number, number]> = [
  [15, 0],
  [17, 30],
  [19, 45],
  [14, 0],
];
const ROUND_SIZE = 4;
/** A club rests at least half a match's length between two matches (on the accelerated clock). */
const restMs = (matchDurationMs: number) => matchDurationMs / 2;

/**
 * The fixtures missing from the rolling schedule: a kick-off every slot from one match length ago (so a fresh
 * start has matches in play at once) to the horizon, the leagues taking turns; and a round per league on each of
 * the coming days. Clubs are never booked into overlapping matches. A league whose season has nothing left to book
 * gives its turn to the next.
 */
export function missingFixtures(
  now: Date,
  existing: EventRecord[],
  competitions: CompetitionRecord[],
  teams: TeamRecord[],
  options: ScheduleOptions,
): Fixture[] {
  if (competitions.length === 0) return [];
  const planned: Fixture[] = [];
  const booked = existing.filter((event) => event.status !== 'abandoned').map((event) => ({ ...event }) as Fixture);
  const busyWindow = options.matchDurationMs + restMs(options.matchDurationMs);
  const isFree = (teamId: string, kickoff: number) =>
    ![...booked, ...planned].some(
      (fixture) =>
        (fixture.homeTeamId === teamId || fixture.awayTeamId === teamId) &&
        Math.abs(fixture.kickoffAt.getTime() - kickoff) < busyWindow,
    );
  const pickPair = (competitionId: string, kickoff: number): [string, string] | undefined => {
    if (options.seasonFixtures) {
      const next = options
        .seasonFixtures(competitionId)
        .find(
          (fixture) =>
            isFree(fixture.home, kickoff) &&
            isFree(fixture.away, kickoff) &&
            !planned.some(
              (other) =>
                other.competitionId === competitionId &&
                other.homeTeamId === fixture.home &&
                other.awayTeamId === fixture.away,
            ),
        );
      return next && [next.home, next.away];
    }
    const free = teams.filter((team) => team.competitionId === competitionId && isFree(team.id, kickoff));
    if (free.length < 2) return undefined;
    const home = free.splice(Math.floor(options.random() * free.length), 1)[0]!;
    const away = free[Math.floor(options.random() * free.length)]!;
    return [home.id, away.id];
  };
  const taken = new Set(existing.map((event) => event.kickoffAt.getTime()));

  const first = Math.ceil((now.getTime() - options.matchDurationMs) / options.slotMs) + 1;
  const last = Math.floor((now.getTime() + options.horizonMs) / options.slotMs);
  for (let slot = first; slot <= last; slot++) {
    const kickoff = slot * options.slotMs;
    if (taken.has(kickoff)) continue;
    for (let turn = 0; turn < competitions.length; turn++) {
      const competition = competitions[(slot + turn) % competitions.length]!;
      const pair = pickPair(competition.id, kickoff);
      if (!pair) continue;
      planned.push({
        competitionId: competition.id,
        homeTeamId: pair[0],
        awayTeamId: pair[1],
        kickoffAt: new Date(kickoff),
      });
      break;
    }
  }

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let day = 0; day <= options.daysAhead; day++) {
    competitions.forEach((competition, index) => {
      const [hour, minute] = ROUND_TIMES_UTC[index % ROUND_TIMES_UTC.length]!;
      const kickoff = today + day * 86_400_000 + (hour * 60 + minute) * 60_000;
      if (kickoff <= now.getTime() + options.horizonMs) return;
      const roundExists = [...existing, ...planned].some(
        (event) => event.competitionId === competition.id && event.kickoffAt.getTime() === kickoff,
      );
      if (roundExists) return;
      for (let match = 0; match < ROUND_SIZE; match++) {
        const pair = pickPair(competition.id, kickoff);
        if (!pair) break;
        planned.push({
          competitionId: competition.id,
          homeTeamId: pair[0],
          awayTeamId: pair[1],
          kickoffAt: new Date(kickoff),
        });
      }
    });
  }
  return planned;
}
