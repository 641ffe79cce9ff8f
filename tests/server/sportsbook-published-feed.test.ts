import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import { createSportsbookContext, nextKickoff, tickAt, type SportsbookTestContext } from './support/sportsbook';
import { feedEventsResponse } from '../../src/contract/feed';

for (const kind of databaseKinds()) {
  describe(`the sportsbook's published feed [${kind}]`, () => {
    let context: SportsbookTestContext;
    beforeAll(async () => {
      context = await createSportsbookContext(kind);
    }, 60_000);
    afterAll(async () => context?.close());

    it("lists every match with its teams, kick-off, status, score and goal count, in the contract's shape", async () => {
      const upcoming = nextKickoff(context);
      const response = await context.app.inject({ method: 'GET', url: '/api/feed/events' });
      expect(response.statusCode).toBe(200);
      const { events } = feedEventsResponse.parse(response.json());
      const event = events.find((candidate) => candidate.eventId === upcoming.id);
      expect(event).toMatchObject({
        startsAt: upcoming.kickoffAt.toISOString(),
        status: 'scheduled',
        score: { home: 0, away: 0 },
        goals: 0,
      });
      expect(event!.home).toBe(context.services.catalogue.team(upcoming.homeTeamId)!.name);

      await tickAt(context, upcoming.kickoffAt.getTime() + 60_000);
      const live = feedEventsResponse
        .parse((await context.app.inject({ method: 'GET', url: '/api/feed/events' })).json())
        .events.find((candidate) => candidate.eventId === upcoming.id);
      expect(live?.status).toBe('live');
    });
  });
}
