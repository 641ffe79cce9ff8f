import type { FastifyInstance } from 'fastify';
import { betIdParam, betsQuery, type CashOutOffers, type OpenBetsLive } from '../../../src/contract/sportsbook';
import { notFound } from '../../platform/errors';
import { parse } from '../../platform/http/parse';
import { requireSession } from '../sessions/routes';
import type { SessionService } from '../sessions/service';
import type { BetsService } from './service';

/** A bet id in the path, canonical; anything that is not a bet id is as unknown as no bet at all. */
function betIdOf(raw: string): string {
  const parsed = betIdParam.safeParse(raw);
  if (!parsed.success) throw notFound('No such bet');
  return parsed.data;
}

export async function betsRoutes(
  app: FastifyInstance,
  { sessions, bets }: { sessions: SessionService; bets: BetsService },
) {
  app.post('/api/bets', async (request, reply) => {
    const session = await requireSession(sessions, request);
    const answer = await bets.placement.place(session, request.body);
    return reply.status(answer.statusCode).send(answer.body);
  });

  app.get('/api/bets', async (request) => {
    const session = await requireSession(sessions, request);
    const query = parse(betsQuery, request.query);
    return {
      bets: await bets.views.list(session.playerId, query.state, query.before ? new Date(query.before) : undefined),
    };
  });

  app.get('/api/cash-out-offers', async (request): Promise<CashOutOffers> => {
    const session = await requireSession(sessions, request);
    return { offers: await bets.cashOuts.offersFor(session.playerId) };
  });

  app.get('/api/open-bets/live', async (request): Promise<OpenBetsLive> => {
    const session = await requireSession(sessions, request);
    return bets.openBetsLive.forPlayer(session.playerId);
  });

  app.post<{ Params: { betId: string } }>('/api/bets/:betId/cash-out', async (request, reply) => {
    const session = await requireSession(sessions, request);
    const answer = await bets.cashOuts.cashOut(session, betIdOf(request.params.betId), request.body);
    return reply.status(answer.statusCode).send(answer.body);
  });

  app.get<{ Params: { betId: string } }>('/api/bets/:betId', async (request) => {
    const session = await requireSession(sessions, request);
    const id = betIdOf(request.params.betId);
    const bet = await bets.views.one(id);
    // Another player's bet is as unknown as no bet at all.
    if (!bet || !(await bets.belongsTo(id, session.playerId))) throw notFound('No such bet');
    return bet;
  });
}
