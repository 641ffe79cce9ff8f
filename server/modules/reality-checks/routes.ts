import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { parse } from '../../platform/http/parse';
import { realityCheckSettingsRequest } from '../../../src/contract/reality-checks';

export async function realityChecksRoutes(app: FastifyInstance, { realityChecks }: Services) {
  app.get('/responsible-gambling/reality-check', { preHandler: app.authenticate }, async (request) =>
    realityChecks.status(request.auth),
  );

  app.put('/responsible-gambling/reality-check', { preHandler: app.authenticate }, async (request) =>
    realityChecks.configure(request.auth, parse(realityCheckSettingsRequest, request.body)),
  );

  app.get('/responsible-gambling/reality-check/summary', { preHandler: app.authenticate }, async (request) =>
    realityChecks.summary(request.auth),
  );

  app.post('/responsible-gambling/reality-check/continue', { preHandler: app.authenticate }, async (request) =>
    realityChecks.acknowledge(request.auth),
  );
}
