import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Services } from '../../services';
import { AppError } from '../../errors';
import { LIVE_CLOSE_SUSPENDED, LIVE_CLOSE_UNAUTHORIZED } from '../../../src/contract/live';

const alive = new WeakSet<WebSocket>();

export async function liveRoutes(app: FastifyInstance, { live, sessionGuard, heartbeatMs }: Services) {
  app.get<{ Querystring: { token?: string } }>('/wws', { websocket: true }, async (socket, request) => {
    const token = typeof request.query.token === 'string' ? request.query.token : undefined;
    try {
      const claims = await sessionGuard.check(token);
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      live.add(claims.userId, socket);
    } catch (error) {
      const suspended = error instanceof AppError && error.statusCode === 403;
      socket.close(suspended ? LIVE_CLOSE_SUSPENDED : LIVE_CLOSE_UNAUTHORIZED, suspended ? 'suspended' : 'unauthorized');
    }
  });

  // Heartbeat: a socket that has not answered the previous ping is dead (a phone that lost signal) and is dropped.
  const timer = setInterval(() => {
    for (const socket of live.allSockets()) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, heartbeatMs);
  app.addHook('onClose', async () => clearInterval(timer));
}
