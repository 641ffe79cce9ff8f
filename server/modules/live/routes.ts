import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Services } from '../../services';
import { AppError } from '../../platform/errors';
import {
  LIVE_AUTHENTICATE_WITHIN_MS,
  LIVE_CLOSE_FORBIDDEN_ORIGIN,
  LIVE_CLOSE_SUSPENDED,
  LIVE_CLOSE_UNAUTHORIZED,
} from '../../../src/contract/live';

const alive = new WeakSet<WebSocket>();

/**
 * A browser always names the page's origin in the handshake: only the app's own may open a connection.
 * A handshake without Origin is not a browser page (curl, a native client) and may go on to authenticate.
 */
function originAllowed(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === new URL(publicUrl).origin;
}

/** The token of the client's first message, `{"type":"authenticate","token":...}`. */
function tokenOf(data: unknown): string | undefined {
  try {
    const message = JSON.parse(String(data)) as { type?: unknown; token?: unknown };
    return message.type === 'authenticate' && typeof message.token === 'string' ? message.token : undefined;
  } catch {
    return undefined;
  }
}

export async function liveRoutes(app: FastifyInstance, { live, sessionGuard, heartbeatMs, config }: Services) {
  app.get('/wws', { websocket: true }, (socket, request) => {
    if (!originAllowed(request, config.publicUrl)) {
      socket.close(LIVE_CLOSE_FORBIDDEN_ORIGIN, 'origin not allowed');
      return;
    }
    const deadline = setTimeout(
      () => socket.close(LIVE_CLOSE_UNAUTHORIZED, 'unauthorized'),
      LIVE_AUTHENTICATE_WITHIN_MS,
    );
    socket.once('close', () => clearTimeout(deadline));
    const authenticate = async (data: unknown) => {
      clearTimeout(deadline);
      try {
        const token = tokenOf(data);
        const claims = await sessionGuard.check(token);
        if (socket.readyState !== socket.OPEN) return;
        alive.add(socket);
        socket.on('pong', () => alive.add(socket));
        live.add(claims.userId, socket);
        // A revocation that committed between the check and add() closed nothing here: ask once more now the socket is reachable.
        await sessionGuard.check(token);
      } catch (error) {
        const suspended = error instanceof AppError && error.statusCode === 403;
        socket.close(
          suspended ? LIVE_CLOSE_SUSPENDED : LIVE_CLOSE_UNAUTHORIZED,
          suspended ? 'suspended' : 'unauthorized',
        );
      }
    };
    socket.once('message', (data) => void authenticate(data));
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
