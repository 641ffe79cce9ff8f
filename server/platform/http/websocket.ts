import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/** What a client may send in one WebSocket message: its commands are small JSON; anything bigger is refused. */
export const WS_MAX_MESSAGE_BYTES = 4096;

/**
 * An error on an open socket. A client that broke the protocol (a message over WS_MAX_MESSAGE_BYTES, a malformed
 * frame: ws's WS_ERR_* codes) has been answered already, ws sending its close code (1009 for a message too big) and
 * closing: one line of warning, no stack. Anything else is ours: logged in full and the socket dropped, as the
 * plugin does by default.
 */
function socketErrorHandler(error: Error & { code?: unknown }, socket: WebSocket, request: FastifyRequest) {
  if (typeof error.code === 'string' && error.code.startsWith('WS_ERR_')) {
    request.log.warn({ code: error.code }, 'a WebSocket client broke the protocol; closed');
    return;
  }
  request.log.error(error);
  socket.terminate();
}

/**
 * WebSocket routes for this app. Messages are never compressed: the sportsbook's hub writes each push framed once for
 * all its sockets (SportsbookLiveHub.sendFramed), and the PAM's are a few bytes.
 */
export async function registerWebSockets(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    errorHandler: socketErrorHandler,
    options: { maxPayload: WS_MAX_MESSAGE_BYTES, perMessageDeflate: false },
  });
}
