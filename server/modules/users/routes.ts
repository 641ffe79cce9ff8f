import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

export async function usersRoutes(app: FastifyInstance, { users }: Services) {
  app.get('/user/details', { preHandler: app.authenticate }, async (request) => users.details(request.auth.userId));
}
