import pg from 'pg';
import type { LiveMessage } from '../../../src/contract/live';

/** Something for one customer's live connections: a message to push, or an instruction to close them. */
export type LiveEvent = { userId: number; message: LiveMessage } | { userId: number; close: number; reason: string };

/**
 * Carries live events to every server instance. In one process it is a plain fan-out; with PostgreSQL
 * it goes through NOTIFY so that a balance committed by one instance reaches a socket held by another.
 */
export interface LiveBus {
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): void;
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

const CHANNEL = 'live_events';

export class PostgresBus implements LiveBus {
  private readonly listeners: Array<(event: LiveEvent) => void> = [];
  private listenClient: pg.Client | undefined;
  private readonly notifyPool: pg.Pool;

  private constructor(private readonly connectionString: string) {
    this.notifyPool = new pg.Pool({ connectionString, max: 2 });
  }

  static async connect(connectionString: string): Promise<PostgresBus> {
    const bus = new PostgresBus(connectionString);
    await bus.listen();
    return bus;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    await client.connect();
    client.on('notification', (notification) => {
      if (notification.channel !== CHANNEL || !notification.payload) return;
      const event = JSON.parse(notification.payload) as LiveEvent;
      for (const listener of this.listeners) listener(event);
    });
    await client.query(`LISTEN ${CHANNEL}`);
    this.listenClient = client;
  }

  async publish(event: LiveEvent): Promise<void> {
    await this.notifyPool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
  }

  subscribe(listener: (event: LiveEvent) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    await this.listenClient?.end();
    await this.notifyPool.end();
  }
}
