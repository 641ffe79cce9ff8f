import { z } from 'zod';
import type {
  EventSummary,
  Market,
  OutrightView,
  SportsbookServerMessage,
} from '../../../src/contract/sportsbook-rules';
import type { Broker, BrokerLog } from '../../platform/live/broker';
import { BrokerChannel } from '../../platform/live/channel';

/** One pushed change of an event: its state and the markets that changed (whole), at this seq. */
export interface EventUpdate {
  eventId: string;
  seq: number;
  event: EventSummary;
  markets: Market[];
  /** The match-result market's id, so list subscribers get only it. */
  mainMarketId: string | null;
}

export type SessionMessage = Extract<SportsbookServerMessage, { type: 'bet' } | { type: 'balance' }>;

export type SportsbookBusMessage =
  | { kind: 'event'; update: EventUpdate }
  /** A league's outright re-priced, settled or void: to every socket. */
  | { kind: 'outright'; outright: OutrightView }
  | { kind: 'session'; sessionId: string; message: SessionMessage }
  | { kind: 'session-ended'; sessionId: string };

/**
 * Carries pushes to every instance's sockets. In one process a plain fan-out; with several instances a broker
 * (PostgreSQL LISTEN/NOTIFY, or Redis with REDIS_URL).
 */
export interface SportsbookBus {
  publish(message: SportsbookBusMessage): Promise<void>;
  subscribe(listener: (message: SportsbookBusMessage) => void): () => void;
  /**
   * Event updates go to the other instances only from the instance that makes them (the feed's leader); the others
   * apply what they read from the database to their own sockets and their catalogue, without broadcasting it again.
   */
  setEventSource?(isSource: () => boolean): void;
  /** False while the broker is away: session messages from other instances may be missed meanwhile. */
  readonly up?: boolean;
  onHealth?(listener: (up: boolean) => void): void;
  close(): Promise<void>;
}

export class InProcessSportsbookBus implements SportsbookBus {
  private readonly listeners = new Set<(message: SportsbookBusMessage) => void>();
  async publish(message: SportsbookBusMessage): Promise<void> {
    for (const listener of this.listeners) listener(message);
  }
  subscribe(listener: (message: SportsbookBusMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  async close(): Promise<void> {
    this.listeners.clear();
  }
}

const id = z.string().min(1).max(200);
/** Checked shallowly: the shape the hub relies on; the rest is passed to browsers as the leader wrote it. */
const sportsbookBusMessageSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('event'),
    update: z.strictObject({
      eventId: id,
      seq: z.number().int().nonnegative(),
      event: z.looseObject({ id }),
      markets: z.array(z.looseObject({ id })),
      mainMarketId: id.nullable(),
    }),
  }),
  z.strictObject({
    kind: z.literal('session'),
    sessionId: id,
    message: z.union([
      z.strictObject({ type: z.literal('bet'), bet: z.looseObject({ betId: id }) }),
      z.strictObject({ type: z.literal('balance'), balance: z.number().int() }),
    ]),
  }),
  z.strictObject({ kind: z.literal('session-ended'), sessionId: id }),
  z.strictObject({
    kind: z.literal('outright'),
    outright: z.looseObject({ competitionId: id, seasonId: id, seq: z.number().int().nonnegative() }),
  }),
]) as unknown as z.ZodType<SportsbookBusMessage>;

const SPORTSBOOK_CHANNEL = 'sportsbook_live';

/** The sportsbook's bus over a broker: this instance's sockets at once, the others through the broker. */
export class BrokeredSportsbookBus implements SportsbookBus {
  private isSource: () => boolean = () => true;

  private constructor(
    private readonly channel: BrokerChannel<SportsbookBusMessage>,
    private readonly broker: Broker,
    private readonly ownsBroker: boolean,
  ) {}

  static async open(broker: Broker, log: BrokerLog, options: { ownsBroker: boolean }): Promise<BrokeredSportsbookBus> {
    const channel = new BrokerChannel(broker, SPORTSBOOK_CHANNEL, sportsbookBusMessageSchema, log);
    await channel.open();
    return new BrokeredSportsbookBus(channel, broker, options.ownsBroker);
  }

  setEventSource(isSource: () => boolean): void {
    this.isSource = isSource;
  }

  get droppedCount(): number {
    return this.channel.droppedCount;
  }

  get up(): boolean {
    return this.channel.up;
  }

  onHealth(listener: (up: boolean) => void): void {
    this.channel.onHealth(listener);
  }

  async publish(message: SportsbookBusMessage): Promise<void> {
    await this.channel.publish(message, (message.kind !== 'event' && message.kind !== 'outright') || this.isSource());
  }

  subscribe(listener: (message: SportsbookBusMessage) => void): () => void {
    return this.channel.subscribe((message) => listener(message));
  }

  async close(): Promise<void> {
    if (this.ownsBroker) await this.broker.close();
  }
}
