import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { parse } from '../../platform/http/parse';
import { lockAccountRequest, profitLossRequest } from '../../../src/contract/safer-gambling';

export async function saferGamblingRoutes(app: FastifyInstance, { saferGambling }: Services) {
  app.post('/responsible-gambling/profit-loss', { preHandler: app.authenticate }, async (request) =>
    saferGambling.profitLoss(request.auth.userId, parse(profitLossRequest, request.body)),
  );

  app.post('/responsible-gambling/lock-account', { preHandler: app.authenticate }, async (request) =>
    saferGambling.lock(request.auth.userId, parse(lockAccountRequest, request.body)),
  );
}
