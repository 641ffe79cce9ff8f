import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { Services } from '../../services';
import { forbidden, notFound } from '../../errors';
import { findCommand } from './commands';
import { isLoopbackAddress } from '../../http/loopback';


export function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The operator CLI acts through the running server (PGlite allows one process), from this machine only. */
export async function operatorRoutes(app: FastifyInstance, services: Services) {
  app.post<{ Params: { command: string }; Body: { args?: unknown } }>('/operator/:command', async (request) => {
    const key = request.headers['x-operator-key'];
    if (!isLoopbackAddress(request.ip) || !sameSecret(typeof key === 'string' ? key : undefined, services.config.secrets.operatorKey)) {
      throw forbidden('Operator commands are accepted only from this machine with the operator key');
    }
    const command = findCommand(request.params.command);
    if (!command) throw notFound(`Unknown operator command: ${request.params.command}`);
    const args = request.body?.args;
    const list = Array.isArray(args) && args.every((arg) => typeof arg === 'string') ? args : [];
    return { result: await command.run(services, list) };
  });
}
