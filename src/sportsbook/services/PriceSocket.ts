import { Observable } from '../stores/Observable';
import type { SportsbookClientMessage, SportsbookServerMessage } from '../../contract/sportsbook-rules';

export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export interface PriceSocketDeps {
  url: string;
  createSocket: (url: string) => SocketLike;
  token: () => string | null;
  onMessage: (message: SportsbookServerMessage) => void;
  /** Called on every open after the first: what was pushed while we were away is lost, so fetch it again. */
  onReconnected: () => void;
  timers?: { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (id: unknown) => void };
  random?: () => number;
}

export type SocketState = 'connecting' | 'open' | 'closed';

const OPEN = 1;
export const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/** The sportsbook's push channel: authenticates, subscribes to what is on screen, reconnects with backoff. */
export class PriceSocket extends Observable {
  state: SocketState = 'closed';
  private socket: SocketLike | null = null;
  private attempts = 0;
  private opened = false;
  private retryTimer: unknown = undefined;
  private stopped = true;
  private subscription: { lists: boolean; eventIds: string[] } = { lists: false, eventIds: [] };
  private readonly timers;

  constructor(private readonly deps: PriceSocketDeps) {
    super();
    this.timers = deps.timers ?? {
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      clearTimeout: (id: unknown) => clearTimeout(id as number),
    };
  }

  start(): void {
    this.stopped = false;
    if (!this.socket) this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.timers.clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.setState('closed');
  }

  /** The browser came back online: try at once instead of waiting out the backoff. */
  retryNow(): void {
    if (this.stopped || this.state === 'open') return;
    this.timers.clearTimeout(this.retryTimer);
    this.attempts = 0;
    this.socket?.close();
    this.socket = null;
    this.connect();
  }

  watch(lists: boolean, eventIds: readonly string[]): void {
    const next = { lists, eventIds: [...new Set(eventIds)].sort() };
    if (next.lists === this.subscription.lists && next.eventIds.join() === this.subscription.eventIds.join()) return;
    this.subscription = next;
    this.send({ type: 'subscribe', ...next });
  }

  get subscribed(): { lists: boolean; eventIds: readonly string[] } {
    return this.subscription;
  }

  /** The session changed: say who we are (or reconnect anonymous after a logout). */
  authenticate(): void {
    const token = this.deps.token();
    if (token) this.send({ type: 'auth', sessionToken: token });
    else if (this.socket) this.retryNow();
  }

  private send(message: SportsbookClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    this.setState('connecting');
    const socket = this.deps.createSocket(this.deps.url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.setState('open');
      const token = this.deps.token();
      if (token) socket.send(JSON.stringify({ type: 'auth', sessionToken: token } satisfies SportsbookClientMessage));
      socket.send(JSON.stringify({ type: 'subscribe', ...this.subscription } satisfies SportsbookClientMessage));
      if (this.opened) this.deps.onReconnected();
      this.opened = true;
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      let message: SportsbookServerMessage;
      try {
        message = JSON.parse(event.data) as SportsbookServerMessage;
      } catch {
        return;
      }
      this.deps.onMessage(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setState('closed');
      if (this.stopped) return;
      const base = BACKOFF_MS[Math.min(this.attempts, BACKOFF_MS.length - 1)]!;
      this.attempts++;
      this.retryTimer = this.timers.setTimeout(
        () => this.connect(),
        base * (0.75 + 0.5 * (this.deps.random ?? Math.random)()),
      );
    };
  }

  private setState(state: SocketState): void {
    if (this.state === state) return;
    this.state = state;
    this.changed();
  }
}
