import type { FastifyInstance } from 'fastify';
import { betBuilderQuoteRequest } from '../../../src/contract/sportsbook';
import type { BetBuilderQuote } from '../../../src/contract/sportsbook-rules';
import { parse } from '../../platform/http/parse';
import type { Catalogue } from '../catalogue/types';
import type { SportsbookServices } from '../services';
import { quoteBetBuilder } from './bet-builder';
import { PlacementRefused } from './slip';

/** POST /api/bet-builder/quote: prices only, open to anyone like the catalogue it reads; a refusal is a 422 with words. */
export async function betBuilderRoutes(
  app: FastifyInstance,
  { catalogue, rateLimits }: { catalogue: Catalogue; rateLimits: Pick<SportsbookServices['rateLimits'], 'catalogue'> },
) {
  app.post(
    '/api/bet-builder/quote',
    { config: { rateLimit: rateLimits.catalogue } },
    async (request, reply): Promise<BetBuilderQuote | void> => {
      const { selectionIds } = parse(betBuilderQuoteRequest, request.body);
      try {
        return quoteBetBuilder(catalogue, selectionIds).quote;
      } catch (error) {
        if (error instanceof PlacementRefused) return reply.status(422).send(error.body());
        throw error;
      }
    },
  );
}
