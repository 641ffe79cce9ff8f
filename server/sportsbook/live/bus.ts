import type { EventSummary, Market, SportsbookServerMessage } from '../../../src/contract/sportsbook-rules';

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
  | { kind: 'session'; sessionId: string; message: SessionMessage }
  | { kind: 'session-ended'; sessionId: string };

/**
 * Carries pushes to every instance's sockets. In one process a plain fan-out; PostgreSQL LISTEN/NOTIFY or Redis
 * can implement the same interface when the sportsbook runs as several instances.
 */
export interface SportsbookBus {
  publish(message: SportsbookBusMessage): Promise<void>;
  subscribe(listener: (message: SportsbookBusMessage) => void): () => void;
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
