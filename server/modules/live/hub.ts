import type { WebSocket } from 'ws';
import type { LiveBus, LiveEvent } from './bus';
import type { LiveMessage } from '../../../src/contract/live';
import { LIVE_CLOSE_SIGNED_OUT } from '../../../src/contract/live';

/** The live connections this instance holds, by customer; fed by the bus so every instance sees every event. */
export class LiveHub {
  private readonly sockets = new Map<number, Set<WebSocket>>();

  constructor(private readonly bus: LiveBus) {
    bus.subscribe((event) => this.deliver(event));
  }

  add(userId: number, socket: WebSocket): void {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socket);
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(userId);
    });
  }

  connectionCount(userId?: number): number {
    if (userId !== undefined) return this.sockets.get(userId)?.size ?? 0;
    let count = 0;
    for (const set of this.sockets.values()) count += set.size;
    return count;
  }

  /** Call only after the change it reports has committed. */
  send(userId: number, message: LiveMessage): Promise<void> {
    return this.bus.publish({ userId, message });
  }

  sendBalance(userId: number, balance: number): Promise<void> {
    return this.send(userId, { type: 'updateBalance', data: { balance } });
  }

  /** Closes the customer's connections on every instance (logout, revocation, exclusion, deletion). */
  disconnect(userId: number, code = LIVE_CLOSE_SIGNED_OUT, reason = 'signed out'): Promise<void> {
    return this.bus.publish({ userId, close: code, reason });
  }

  allSockets(): WebSocket[] {
    return [...this.sockets.values()].flatMap((set) => [...set]);
  }

  private deliver(event: LiveEvent): void {
    const set = this.sockets.get(event.userId);
    if (!set) return;
    for (const socket of set) {
      if ('message' in event) socket.send(JSON.stringify(event.message));
      else socket.close(event.close, event.reason);
    }
  }
}
