import type { WebSocket } from 'ws';
import type { LiveBus, LiveEvent } from './bus';
import type { LiveMessage } from '../../../src/contract/live';
import { LIVE_CLOSE_SIGNED_OUT } from '../../../src/contract/live';

/** Current balances of these customers (for polling while the broker is away). */
type ReadBalances = (userIds: number[]) => Promise<Map<number, number>>;

export interface LiveHubOptions {
  readBalances?: ReadBalances;
  /** How often balances are polled while the broker is away. */
  pollMs?: number;
  /**
   * How often balances are polled while the broker is up, when there is a broker: a publish that failed on another
   * instance (its own broker connection lost while this one's holds) or a message the broker dropped (Redis pub/sub
   * delivers at most once) is caught up within this. Default 30 s: one read of the held customers' balances.
   */
  sweepMs?: number;
  log?: (message: string, detail?: unknown) => void;
}

/**
 * The live connections this instance holds, by customer; fed by the bus so every instance sees every event.
 * While the bus's broker is away (a Redis restart, a lost LISTEN connection) it polls the balances of the customers
 * it holds and pushes any that changed, and polls once more when the broker is back, so no balance is left stale.
 * While it is up, a slow sweep does the same, for what this instance cannot see go wrong: another instance's publish
 * refused by its own broker connection, or a message the broker dropped.
 */
export class LiveHub {
  private readonly sockets = new Map<number, Set<WebSocket>>();
  /** The last balance pushed to each customer held here, and how many were pushed (a poll racing a push loses). */
  private readonly lastBalance = new Map<number, number>();
  private readonly balancePushes = new Map<number, number>();
  private pollTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;

  constructor(
    private readonly bus: LiveBus,
    private readonly options: LiveHubOptions = {},
  ) {
    bus.subscribe((event) => this.deliver(event));
    bus.onHealth?.((up) => (up ? this.brokerBack() : this.startPolling()));
    if (bus.up === false) this.startPolling();
    // One instance's bus (no broker, no `up`) loses nothing; a brokered one can, without this instance knowing.
    if (bus.up !== undefined && options.readBalances) {
      this.sweepTimer = setInterval(() => void this.pollOnce(), options.sweepMs ?? 30_000);
      this.sweepTimer.unref();
    }
  }

  add(userId: number, socket: WebSocket): void {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socket);
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0 && this.sockets.get(userId) === set) {
        this.sockets.delete(userId);
        this.lastBalance.delete(userId);
        this.balancePushes.delete(userId);
      }
    });
  }

  connectionCount(userId?: number): number {
    if (userId !== undefined) return this.sockets.get(userId)?.size ?? 0;
    let count = 0;
    for (const set of this.sockets.values()) count += set.size;
    return count;
  }

  /** Whether balances are being polled (the broker is away). */
  get degraded(): boolean {
    return this.pollTimer !== undefined;
  }

  /**
   * Call only after the change it reports has committed. Never fails: the change is made and this instance's
   * sockets have it; a broker that refused it is logged and the other instances catch up by their sweep.
   */
  async send(userId: number, message: LiveMessage): Promise<void> {
    await this.publish({ userId, message });
  }

  sendBalance(userId: number, balance: number): Promise<void> {
    return this.send(userId, { type: 'updateBalance', data: { balance } });
  }

  /** Closes the customer's connections on every instance (logout, revocation, exclusion, deletion). */
  disconnect(userId: number, code = LIVE_CLOSE_SIGNED_OUT, reason = 'signed out'): Promise<void> {
    return this.publish({ userId, close: code, reason });
  }

  allSockets(): WebSocket[] {
    return [...this.sockets.values()].flatMap((set) => [...set]);
  }

  async close(): Promise<void> {
    this.stopPolling();
    clearInterval(this.sweepTimer);
    await this.polling;
  }

  private async publish(event: LiveEvent): Promise<void> {
    try {
      await this.bus.publish(event);
    } catch (error) {
      this.options.log?.('publishing a live event failed', error);
      this.deliver(event);
    }
  }

  private deliver(event: LiveEvent): void {
    const set = this.sockets.get(event.userId);
    if (!set) return;
    if ('message' in event && event.message.type === 'updateBalance') {
      this.lastBalance.set(event.userId, event.message.data.balance);
      this.balancePushes.set(event.userId, (this.balancePushes.get(event.userId) ?? 0) + 1);
    }
    for (const socket of set) {
      if ('message' in event) socket.send(JSON.stringify(event.message));
      else socket.close(event.close, event.reason);
    }
  }

  private startPolling(): void {
    if (this.pollTimer || !this.options.readBalances) return;
    this.options.log?.('live broker away: polling balances');
    this.pollTimer = setInterval(() => void this.pollOnce(), this.options.pollMs ?? 2_000);
    this.pollTimer.unref();
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  /** Back: one last poll covers whatever was published while it was away. */
  private brokerBack(): void {
    if (!this.pollTimer) return;
    this.stopPolling();
    void this.pollOnce();
  }

  private pollOnce(): Promise<void> {
    if (this.polling || !this.options.readBalances) return this.polling ?? Promise.resolve();
    const userIds = [...this.sockets.keys()];
    // Nothing held, nothing to read. (Returned here, not inside the read: a read that ended before it was even stored
    // as `polling` would have left `polling` set for good, and this instance would never have polled again.)
    if (userIds.length === 0) return Promise.resolve();
    const polling = this.readAndPush(userIds).finally(() => {
      if (this.polling === polling) this.polling = undefined;
    });
    this.polling = polling;
    return polling;
  }

  private async readAndPush(userIds: number[]): Promise<void> {
    try {
      const pushesBefore = new Map(userIds.map((userId) => [userId, this.balancePushes.get(userId) ?? 0]));
      const balances = await this.options.readBalances!(userIds);
      for (const [userId, balance] of balances) {
        // A push that arrived while this read was out is at least as new as what the read saw.
        if ((this.balancePushes.get(userId) ?? 0) !== pushesBefore.get(userId)) continue;
        if (this.lastBalance.get(userId) !== balance)
          this.deliver({ userId, message: { type: 'updateBalance', data: { balance } } });
      }
    } catch (error) {
      this.options.log?.('polling balances failed', error);
    }
  }
}
