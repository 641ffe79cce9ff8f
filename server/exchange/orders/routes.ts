import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  cancelOrderParams,
  cancelOrderQuery,
  exchangeEventsQuery,
  exchangeId,
  marketsQuery,
  ordersQuery,
  placeOrderRequest,
  positionsQuery,
  type ExchangeEventsResponse,
  type Market,
  type MarketsResponse,
} from '../../../src/contract/exchange';
import { notFound } from '../../platform/errors';
import { parse } from '../../platform/http/parse';
import { requireSession } from '../sessions/routes';
import type { ExchangeServices } from '../services';

const marketParams = z.strictObject({ marketId: exchangeId });

/** The matches and markets (open to anyone) and a customer's orders and positions (their session's). */
export async function orderRoutes(app: FastifyInstance, { markets, orders, sessions }: ExchangeServices) {
  app.get('/api/events', async (request): Promise<ExchangeEventsResponse> => {
    const { status } = parse(exchangeEventsQuery, request.query);
    const wanted = status === 'live' ? ['live'] : status === 'upcoming' ? ['scheduled'] : ['scheduled', 'live'];
    return {
      events: markets
        .allEvents()
        .filter((event) => wanted.includes(event.status))
        .map((event) => markets.eventView(event)),
    };
  });

  app.get('/api/markets', async (request): Promise<MarketsResponse> => {
    const { eventId } = parse(marketsQuery, request.query);
    if (!markets.event(eventId)) throw notFound('Unknown event');
    return { markets: markets.marketsOf(eventId).map((market) => market.view(eventId)) };
  });

  app.get('/api/markets/:marketId', async (request): Promise<Market> => {
    const params = marketParams.safeParse(request.params);
    const market = params.success ? markets.get(params.data.marketId) : undefined;
    if (!market) throw notFound('Unknown market');
    return market.view(market.definition.eventId);
  });

  app.post('/api/orders', async (request, reply) => {
    const session = await requireSession(sessions, request);
    const { order, status } = await orders.place(session, parse(placeOrderRequest, request.body));
    return reply.status(status).send({ order });
  });

  app.delete('/api/orders/:orderId', async (request) => {
    const session = await requireSession(sessions, request);
    const { orderId } = parse(cancelOrderParams, request.params);
    const { size } = parse(cancelOrderQuery, request.query);
    return orders.cancel(session, orderId, size);
  });

  app.get('/api/orders', async (request) => {
    const session = await requireSession(sessions, request);
    return orders.list(session, parse(ordersQuery, request.query).status);
  });

  app.get('/api/positions', async (request) => {
    const session = await requireSession(sessions, request);
    return orders.positions(session, parse(positionsQuery, request.query).marketId);
  });
}
