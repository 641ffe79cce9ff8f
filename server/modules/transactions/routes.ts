import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { parse } from '../../platform/http/parse';
import { transactionsQuery } from '../../../src/contract/transactions';

export async function transactionsRoutes(app: FastifyInstance, { transactions }: Services) {
  app.get('/transactions', { preHandler: app.authenticate }, async (request) => {
    const { productVertical, vertical, ...rest } = parse(transactionsQuery, request.query);
    return transactions.list(request.auth.userId, { ...rest, vertical: vertical ?? productVertical });
  });

  app.get('/transactions/p2p-markets', { preHandler: app.authenticate }, async (request) =>
    transactions.p2pMarkets(request.auth.userId),
  );

  app.get('/transactions/net-deposits', { preHandler: app.authenticate }, async (request) => ({
    netDeposits: await transactions.netDeposits(request.auth.userId),
  }));
}
