import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  eventsQuery,
  type CompetitionsResponse,
  type EventResponse,
  type EventsResponse,
  type OutrightResponse,
} from '../../../src/contract/sportsbook';
import { parse } from '../../platform/http/parse';
import { notFound } from '../../platform/errors';
import type { SportsbookServices } from '../services';

const competitionParams = z.object({
  competitionId: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[A-Za-z0-9._:-]+$/, 'Unknown competition'),
});
const eventParams = z.object({
  eventId: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[A-Za-z0-9._:-]+$/, 'Unknown event'),
});

/** The catalogue as the frame reads it: open to anyone, from memory. */
export async function catalogueRoutes(app: FastifyInstance, { catalogue, outrights, rateLimits }: SportsbookServices) {
  const config = { rateLimit: rateLimits.catalogue };

  app.get('/api/competitions', { config }, async (): Promise<CompetitionsResponse> => ({
    competitions: catalogue.listCompetitions(),
  }));

  app.get('/api/competitions/:competitionId/outright', { config }, async (request): Promise<OutrightResponse> => {
    const params = competitionParams.safeParse(request.params);
    const outright = params.success ? outrights.view(params.data.competitionId) : undefined;
    if (!outright) throw notFound('Unknown competition');
    return outright;
  });

  app.get('/api/events', { config }, async (request): Promise<EventsResponse> => {
    const query = parse(eventsQuery, request.query);
    return { events: catalogue.listEvents(query) };
  });

  app.get('/api/events/:eventId', { config }, async (request): Promise<EventResponse> => {
    const params = eventParams.safeParse(request.params);
    const event = params.success ? catalogue.eventDetail(params.data.eventId) : undefined;
    if (!event) throw notFound('Unknown event');
    return event;
  });
}
