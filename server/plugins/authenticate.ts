import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessClaims } from '../modules/auth/tokens';
import { bearerToken } from '../platform/http/bearer-token';
import type { SessionGuard } from '../modules/auth/session-guard';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in, active customer; sets `request.auth`. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AccessClaims;
  }
}

export function installAuthenticate(app: FastifyInstance, guard: SessionGuard): void {
  app.decorateRequest('auth', null as unknown as AccessClaims);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.auth = await guard.check(bearerToken(request.headers.authorization));
  });
}
