import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { parse } from '../../platform/http/parse';
import { limitIdParam, setLimitRequest } from '../../../src/contract/limits';

export async function limitsRoutes(app: FastifyInstance, { limits }: Services) {
  app.get('/responsible-gambling/get-limits', { preHandler: app.authenticate }, async (request) =>
    limits.get(request.auth.userId),
  );

  app.post('/responsible-gambling/set-limit', { preHandler: app.authenticate }, async (request) =>
    limits.set(request.auth.userId, parse(setLimitRequest, request.body)),
  );

  app.get('/responsible-gambling/limit-question', { preHandler: app.authenticate }, async (request) =>
    limits.question(request.auth.userId),
  );

  app.post('/responsible-gambling/decline-limit', { preHandler: app.authenticate }, async (request) =>
    limits.decline(request.auth.userId),
  );

  app.post('/responsible-gambling/limit-review', { preHandler: app.authenticate }, async (request) =>
    limits.reviewed(request.auth.userId),
  );

  app.delete('/responsible-gambling/delete-limit/:id', { preHandler: app.authenticate }, async (request) =>
    limits.delete(request.auth.userId, parse(limitIdParam, request.params).id),
  );
}
