import type { FastifyInstance } from 'fastify';
import type { SportsbookServices } from '../services';

/** WS /ws: price pushes for what the browser subscribes to, and its session's bet and balance messages. */
export async function sportsbookLiveRoutes(app: FastifyInstance, { live, heartbeatMs }: SportsbookServices) {
  app.get('/ws', { websocket: true }, (socket, request) => live.add(socket, request.ip));
  const timer = setInterval(() => live.heartbeat(), heartbeatMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    live.closeAll();
  });
}
