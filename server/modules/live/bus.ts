import { z } from 'zod';
import type { LiveMessage } from '../../../src/contract/live';
import { PostgresBroker, type Broker, type BrokerLog } from '../../platform/live/broker';
import { BrokerChannel } from '../../platform/live/channel';

/** Something for one customer's live connections: a message to push, or an instruction to close them. */
export type LiveEvent = { userId: number; message: LiveMessage } | { userId: number; close: number; reason: string };

/**
 * Carries live events to every server instance. In one process it is a plain fan-out; with several instances it
 * goes through a broker (PostgreSQL NOTIFY, or Redis) so that a balance committed by one instance reaches a socket
 * held by another. `up` false means events from other instances may be missed: the hub then polls balances.
 */
export interface LiveBus {
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): void;
  readonly up?: boolean;
  onHealth?(listener: (up: boolean) => void): void;
  close(): Promise<void>;
}

export class InProcessBus implements LiveBus {
  private readonly listeners: Array<(event: LiveEvent) => void> = [];
  async publish(event: LiveEvent): Promise<void> {
    for (const listener of this.listeners) listener(event);
  }
  subscribe(listener: (event: LiveEvent) => void): void {
    this.listeners.push(listener);
  }
  async close(): Promise<void> {}
}

const userId = z.number().int().positive();
const liveEventSchema: z.ZodType<LiveEvent> = z.union([
  z.strictObject({
    userId,
    message: z.union([
      z.strictObject({ type: z.literal('updateBalance'), data: z.strictObject({ balance: z.number().int() }) }),
      z.strictObject({ type: z.literal('userSuspension') }),
    ]),
  }),
  z.strictObject({ userId, close: z.number().int().min(1000).max(4999), reason: z.string().max(123) }),
]);

const LIVE_CHANNEL = 'live_events';

/** The live bus over a broker: this instance's sockets at once, the others through the broker. */
export class BrokeredLiveBus implements LiveBus {
  private constructor(
    private readonly channel: BrokerChannel<LiveEvent>,
    private readonly broker: Broker,
  ) {}

  static async open(broker: Broker, log: BrokerLog): Promise<BrokeredLiveBus> {
    const channel = new BrokerChannel(broker, LIVE_CHANNEL, liveEventSchema, log);
    await channel.open();
    return new BrokeredLiveBus(channel, broker);
  }

  get up(): boolean {
    return this.channel.up;
  }

  onHealth(listener: (up: boolean) => void): void {
    this.channel.onHealth(listener);
  }

  async publish(event: LiveEvent): Promise<void> {
    await this.channel.publish(event);
  }

  subscribe(listener: (event: LiveEvent) => void): void {
    this.channel.subscribe((event) => listener(event));
  }

  async close(): Promise<void> {
    await this.broker.close();
  }
}

/** PostgreSQL LISTEN/NOTIFY (kept as the name the operator command line and the tests know). */
export const PostgresBus = {
  async connect(connectionString: string, log: BrokerLog = () => {}): Promise<BrokeredLiveBus> {
    return BrokeredLiveBus.open(await PostgresBroker.connect(connectionString, log), log);
  },
};
