import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { parse } from '../../platform/http/parse';
import { acknowledgeInteractionRequest } from '../../../src/contract/harm';

/** The customer's safer-gambling message: what we noticed, until they acknowledge it. */
export async function harmRoutes(app: FastifyInstance, { harm }: Services) {
  // Looking again on each read finds markers no deposit prompted (play at night), within a request's cost.
  app.get('/responsible-gambling/interaction', { preHandler: app.authenticate }, async (request) => {
    await harm.evaluate(request.auth.userId);
    return harm.interaction(request.auth.userId);
  });

  app.post('/responsible-gambling/interaction/acknowledge', { preHandler: app.authenticate }, async (request) => {
    await harm.acknowledge(request.auth.userId, parse(acknowledgeInteractionRequest, request.body).markerIds);
    return harm.interaction(request.auth.userId);
  });
}
