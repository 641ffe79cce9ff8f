import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

export async function walletRoutes(app: FastifyInstance, { wallet }: Services) {
  app.get('/balance', { preHandler: app.authenticate }, async (request) => wallet.balance(request.auth.userId));
}
