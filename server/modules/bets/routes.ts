import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

export async function betsRoutes(app: FastifyInstance, { bets }: Services) {
  app.get('/bets', { preHandler: app.authenticate }, async (request) => bets.list(request.auth.userId));
}
