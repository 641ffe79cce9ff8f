import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import type { CustomerFreeBets } from '../../../src/contract/free-bets';

export async function freeBetsRoutes(app: FastifyInstance, { freeBets }: Services) {
  app.get('/free-bets', { preHandler: app.authenticate }, async (request): Promise<CustomerFreeBets> => ({
    freeBets: await freeBets.usable(request.auth.userId),
  }));
}
