import pg from 'pg';
import { Redis } from 'ioredis';

/**
 * A message broker between server instances: text on named channels, to every instance subscribed (the sender
 * included). `up` is false while the connection that brings messages in is lost: whoever relies on it then polls.
 */
export interface Broker {
  readonly kind: 'postgres' | 'redis';
  readonly up: boolean;
  publish(channel: string, text: string): Promise<void>;
  subscribe(channel: string, listener: (text: string) => void): Promise<void>;
  /** Called with false when messages stop coming in, true when they flow again (after a reconnect). */
  onHealth(listener: (up: boolean) => void): void;
  close(): Promise<void>;
}

export type BrokerLog = (message: string, detail?: unknown) => void;

/** The largest NOTIFY payload PostgreSQL takes (8000 bytes less a margin for the channel name). */
export const POSTGRES_NOTIFY_MAX_BYTES = 7_900;

abstract class BaseBroker {
  protected readonly listeners = new Map<string, Set<(text: string) => void>>();
  private readonly healthListeners = new Set<(up: boolean) => void>();
  private healthy = false;
  protected closed = false;

  constructor(protected readonly log: BrokerLog) {}

  get up(): boolean {
    return this.healthy;
  }

  onHealth(listener: (up: boolean) => void): void {
    this.healthListeners.add(listener);
  }

  protected setUp(up: boolean): void {
    if (this.healthy === up) return;
    this.healthy = up;
    for (const listener of this.healthListeners) listener(up);
  }

  protected dispatch(channel: string, text: string): void {
    for (const listener of this.listeners.get(channel) ?? []) {
      try {
        listener(text);
      } catch (error) {
        // One bad message or listener never takes the instance down.
        this.log('a broker message listener failed', { channel, error });
      }
    }
  }

  protected addListener(channel: string, listener: (text: string) => void): boolean {
    const set = this.listeners.get(channel);
    if (set) {
      set.add(listener);
      return false;
    }
    this.listeners.set(channel, new Set([listener]));
    return true;
  }
}

/**
 * PostgreSQL LISTEN/NOTIFY: one connection of its own listens (reconnecting with backoff when it is lost: a restart
 * of the database, a network cut), NOTIFY goes through a small pool. Payloads are at most 8000 bytes.
 */
export class PostgresBroker extends BaseBroker implements Broker {
  readonly kind = 'postgres' as const;
  private listener: pg.Client | undefined;
  private readonly pool: pg.Pool;
  private retryMs = 250;
  private retryTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly connectionString: string,
    log: BrokerLog,
  ) {
    super(log);
    this.pool = new pg.Pool({ connectionString, max: 2 });
    this.pool.on('error', (error) => this.log('broker notify connection failed', error));
  }

  /** Connects; a database that does not answer yet leaves the broker down and retrying, not the caller failing. */
  static async connect(connectionString: string, log: BrokerLog = () => {}): Promise<PostgresBroker> {
    const broker = new PostgresBroker(connectionString, log);
    await broker.listen().catch((error: unknown) => {
      log('broker listen connection failed; retrying', error);
      broker.retry();
    });
    return broker;
  }

  async publish(channel: string, text: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [channel, text]);
  }

  async subscribe(channel: string, listener: (text: string) => void): Promise<void> {
    if (this.addListener(channel, listener) && this.listener) await this.listener.query(`LISTEN "${channel}"`);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.pool.end();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (notification) => {
      if (notification.payload !== undefined) this.dispatch(notification.channel, notification.payload);
    });
    client.on('error', (error) => {
      this.log('broker listen connection lost', error);
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    await client.connect();
    for (const channel of this.listeners.keys()) await client.query(`LISTEN "${channel}"`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.listener = client;
    this.retryMs = 250;
    this.setUp(true);
  }

  private lost(client: pg.Client): void {
    if (this.listener !== client) return;
    this.listener = undefined;
    client.end().catch(() => undefined);
    this.setUp(false);
    this.retry();
  }

  private retry(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.listen().catch((error: unknown) => {
        this.log('broker listen connection failed; retrying', error);
        this.retryMs = Math.min(this.retryMs * 2, 5_000);
        this.retry();
      });
    }, this.retryMs);
    this.retryTimer.unref();
  }
}

/**
 * Redis pub/sub (REDIS_URL): a subscriber connection (ioredis reconnects it and subscribes again by itself) and a
 * publisher that fails at once while Redis is away instead of queueing.
 */
export class RedisBroker extends BaseBroker implements Broker {
  readonly kind = 'redis' as const;
  private readonly subscriber: Redis;
  private readonly publisher: Redis;
  private lastErrorLog = 0;

  private constructor(
    url: string,
    log: BrokerLog,
    private readonly prefix: string,
  ) {
    super(log);
    const retryStrategy = (times: number) => Math.min(250 * 2 ** Math.min(times, 5), 5_000);
    this.subscriber = new Redis(url, { lazyConnect: true, retryStrategy, maxRetriesPerRequest: null });
    this.publisher = new Redis(url, {
      lazyConnect: true,
      retryStrategy,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    for (const connection of [this.subscriber, this.publisher])
      connection.on('error', (error: unknown) => this.logError(error));
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel.startsWith(this.prefix)) this.dispatch(channel.slice(this.prefix.length), text);
    });
    // 'ready' comes before ioredis subscribes again: up only once our own SUBSCRIBE (queued behind its) is answered,
    // so nothing published from then on can be missed.
    this.subscriber.on('ready', () => {
      const channels = [...this.listeners.keys()].map((channel) => this.prefix + channel);
      if (channels.length === 0) return this.setUp(true);
      this.subscriber.subscribe(...channels).then(
        () => this.setUp(this.subscriber.status === 'ready'),
        (error: unknown) => this.logError(error),
      );
    });
    this.subscriber.on('close', () => this.setUp(false));
  }

  /** `prefix` keeps several deployments (or test runs) on one Redis apart: channels are `<prefix><name>`. */
  static async connect(url: string, log: BrokerLog = () => {}, prefix = DEFAULT_REDIS_PREFIX): Promise<RedisBroker> {
    const broker = new RedisBroker(url, log, prefix);
    // A Redis that is not there yet leaves the broker down; ioredis keeps trying.
    await Promise.all([broker.subscriber.connect(), broker.publisher.connect()]).catch((error: unknown) =>
      log('redis broker not reachable yet', error),
    );
    return broker;
  }

  async publish(channel: string, text: string): Promise<void> {
    await this.publisher.publish(this.prefix + channel, text);
  }

  async subscribe(channel: string, listener: (text: string) => void): Promise<void> {
    // Not awaited: while Redis is away the command waits in ioredis's queue, and it subscribes again on every reconnect.
    if (this.addListener(channel, listener))
      this.subscriber
        .subscribe(this.prefix + channel)
        .catch((error: unknown) => this.log('redis subscribe failed', error));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }

  /** ioredis reports every failed reconnect: one line every few seconds is enough. */
  private logError(error: unknown): void {
    if (this.closed || Date.now() - this.lastErrorLog < 5_000) return;
    this.lastErrorLog = Date.now();
    this.log('redis broker connection error', error);
  }
}

const DEFAULT_REDIS_PREFIX = 'exsport:';

/** Redis when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY with DATABASE_URL, else none (one process). */
export async function connectBroker(
  env: { REDIS_URL?: string; REDIS_CHANNEL_PREFIX?: string; DATABASE_URL?: string },
  log: BrokerLog,
): Promise<Broker | undefined> {
  if (env.REDIS_URL) return RedisBroker.connect(env.REDIS_URL, log, env.REDIS_CHANNEL_PREFIX || DEFAULT_REDIS_PREFIX);
  if (env.DATABASE_URL) return PostgresBroker.connect(env.DATABASE_URL, log);
  return undefined;
}
