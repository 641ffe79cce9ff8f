import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../errors';
import { isLoopbackAddress } from '../../http/loopback';
import { sameSecret } from '../../modules/operator/routes';
import type { SportsbookServices } from '../services';
import { findSportsbookCommand } from './commands';

/** The operator CLI acts through the running sportsbook, from this machine only, with the operator key (as the PAM's). */
export async function sportsbookOperatorRoutes(app: FastifyInstance, services: SportsbookServices) {
  app.post<{ Params: { command: string }; Body: { args?: unknown } }>('/operator/:command', async (request) => {
    const key = request.headers['x-operator-key'];
    if (!isLoopbackAddress(request.ip) || !sameSecret(typeof key === 'string' ? key : undefined, services.config.secrets.operatorKey)) {
      throw forbidden('Operator commands are accepted only from this machine with the operator key');
    }
    const command = findSportsbookCommand(request.params.command);
    if (!command) throw notFound(`Unknown operator command: ${request.params.command}`);
    const args = request.body?.args;
    const list = Array.isArray(args) && args.every((arg) => typeof arg === 'string') ? args : [];
    return { result: await command.run(services, list) };
  });
}
