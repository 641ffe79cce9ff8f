import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { bearerToken } from '../../platform/http/bearer-token';

export async function walletRoutes(app: FastifyInstance, { wallet, sessionGuard }: Services) {
  app.get('/balance', async (request) =>
    wallet.balanceForSession(await sessionGuard.verifyToken(bearerToken(request.headers.authorization))),
  );
}
