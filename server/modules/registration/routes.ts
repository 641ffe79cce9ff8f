import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { parse } from '../../platform/http/parse';
import { registerRequestSchema, type ClientConfig } from '../../../src/contract/registration';
import { ukToday } from '../../../src/contract/rules/birth-date';

export async function registrationRoutes(app: FastifyInstance, { registration, rateLimits, clock, config }: Services) {
  // Age is counted on the server's clock, in UK days.
  const registerRequest = registerRequestSchema(() => ukToday(clock.now()));

  app.post('/auth/register', { config: { rateLimit: rateLimits.register } }, async (request) =>
    registration.register(parse(registerRequest, request.body)),
  );

  /** What the app needs to know that is not built in: the support address, and whether a tab may show the exchange. */
  app.get('/api/config', async (): Promise<ClientConfig> => ({
    supportEmail: config.supportEmail,
    exchangeInBrowser: config.exchangeInBrowser ?? false,
  }));
}
