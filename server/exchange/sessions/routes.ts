import type { FastifyInstance, FastifyRequest } from 'fastify';
import { launchSessionRequest } from '../../../src/contract/sportsbook';
import { parse } from '../../platform/http/parse';
import { bearerToken } from '../../platform/http/bearer-token';
import type { ExchangeSession, SessionService } from './service';

/** The session behind a request's bearer token, or 401 SessionExpired. */
export const requireSession = (sessions: SessionService, request: FastifyRequest): Promise<ExchangeSession> =>
  sessions.resolve(bearerToken(request.headers.authorization));

export async function sessionRoutes(app: FastifyInstance, { sessions }: { sessions: SessionService }) {
  app.post('/api/session', async (request) => sessions.launch(parse(launchSessionRequest, request.body).launchToken));
}
