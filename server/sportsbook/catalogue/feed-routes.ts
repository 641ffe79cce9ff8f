import type { FastifyInstance } from 'fastify';
import { FEED_EVENTS_PATH, type FeedEvent, type FeedEventsResponse, type FeedStatus } from '../../../src/contract/feed';
import type { EventStatus } from '../../../src/contract/sportsbook-rules';
import type { SportsbookServices } from '../services';
import type { EventRecord } from './records';

/** A result is final once full time is called ('ended'), whether or not the sportsbook has settled its bets yet. */
const FEED_STATUS: Record<EventStatus, FeedStatus> = {
  scheduled: 'scheduled',
  live: 'live',
  ended: 'finished',
  settled: 'finished',
  abandoned: 'abandoned',
};

function feedEventOf(record: EventRecord, teamName: (teamId: string) => string): FeedEvent {
  return {
    eventId: record.id,
    home: teamName(record.homeTeamId),
    away: teamName(record.awayTeamId),
    startsAt: record.kickoffAt.toISOString(),
    status: FEED_STATUS[record.status],
    score: { home: record.score.home, away: record.score.away },
    goals: record.goals.length,
  };
}

/** The published feed (src/contract/feed.ts): every match the catalogue holds, from memory. */
export async function feedRoutes(app: FastifyInstance, { catalogue, rateLimits }: SportsbookServices) {
  app.get(FEED_EVENTS_PATH, { config: { rateLimit: rateLimits.catalogue } }, async (): Promise<FeedEventsResponse> => {
    const teamName = (teamId: string) => catalogue.team(teamId)?.name ?? teamId;
    return { events: catalogue.records().map((record) => feedEventOf(record, teamName)) };
  });
}
