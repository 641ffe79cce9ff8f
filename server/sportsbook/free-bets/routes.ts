import type { FastifyInstance } from 'fastify';
import type { FreeBetToken } from '../../../src/contract/games';
import { requireSession } from '../sessions/routes';
import type { SessionService } from '../sessions/service';

/** GET /api/free-bets: the customer's usable free-bet tokens, asked of the PAM (the tokens are the wallet's). */
export async function freeBetRoutes(app: FastifyInstance, { sessions }: { sessions: SessionService }) {
  app.get('/api/free-bets', async (request) => {
    const session = await requireSession(sessions, request);
    const body = await sessions.read(session, 'free-bets');
    return { freeBets: body.freeBets as FreeBetToken[] };
  });
}
