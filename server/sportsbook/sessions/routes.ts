import type { FastifyInstance, FastifyRequest } from 'fastify';
import { launchSessionRequest } from '../../../src/contract/sportsbook';
import { parse } from '../../platform/http/parse';
import { bearerToken } from '../../platform/http/bearer-token';
import type { SessionService, SportsbookSession } from './service';
import type { RateLimit } from '../../platform/http/keyed-rate-limit';

/** The session behind a request's bearer token, or 401 SessionExpired. */
export const requireSession = (sessions: SessionService, request: FastifyRequest): Promise<SportsbookSession> =>
  sessions.resolve(bearerToken(request.headers.authorization));

export async function sessionRoutes(
  app: FastifyInstance,
  { sessions, rateLimits }: { sessions: SessionService; rateLimits?: { launch: RateLimit } },
) {
  app.post('/api/session', { config: rateLimits ? { rateLimit: rateLimits.launch } : {} }, async (request) =>
    sessions.launch(parse(launchSessionRequest, request.body).launchToken),
  );
  app.get('/api/session', async (request) => sessions.balance(await requireSession(sessions, request)));
  app.delete('/api/session', async (request, reply) => {
    const session = await requireSession(sessions, request);
    await sessions.end(session.id);
    return reply.status(204).send();
  });
}
