import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { parse } from '../../platform/http/parse';
import { promoCodeParam } from '../../../src/contract/promotions';

export async function promotionsRoutes(app: FastifyInstance, { promotions, rateLimits }: Services) {
  // Fastify has already URL-decoded the parameter.
  app.post(
    '/user/promotion_code/:code',
    { preHandler: app.authenticate, config: { rateLimit: rateLimits.promoCode } },
    async (request) => promotions.apply(request.auth.userId, parse(promoCodeParam, request.params).code),
  );

  app.get('/promotions', async () => promotions.current());
}
