import { Observable } from './Observable';

export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export interface LiveSocketDeps<Incoming> {
  url: string;
  createSocket: (url: string) => SocketLike;
  onMessage: (message: Incoming) => void;
  /** Called on every open after the first: what was pushed while we were away is lost, so fetch it again. */
  onReconnected: () => void;
  timers?: { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (id: unknown) => void };
  random?: () => number;
}

export type SocketState = 'connecting' | 'open' | 'closed';

const OPEN = 1;
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/**
 * A frame's push channel: reconnects with jittered backoff and, on every open, sends `greeting()` (who we are,
 * what is on screen), so a reconnect puts the server back where it was.
 */
export abstract class LiveSocket<Outgoing, Incoming> extends Observable {
  state: SocketState = 'closed';
  private socket: SocketLike | null = null;
  private attempts = 0;
  private opened = false;
  private retryTimer: unknown = undefined;
  private stopped = true;
  private readonly timers;

  constructor(private readonly socketDeps: LiveSocketDeps<Incoming>) {
    super();
    this.timers = socketDeps.timers ?? {
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      clearTimeout: (id: unknown) => clearTimeout(id as number),
    };
  }

  /** The messages that (re)establish this client's state on a fresh connection. */
  protected abstract greeting(): Outgoing[];

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

  protected get connected(): boolean {
    return this.socket !== null;
  }

  protected send(message: Outgoing): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    this.setState('connecting');
    const socket = this.socketDeps.createSocket(this.socketDeps.url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.setState('open');
      for (const message of this.greeting()) socket.send(JSON.stringify(message));
      if (this.opened) this.socketDeps.onReconnected();
      this.opened = true;
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      let message: Incoming;
      try {
        message = JSON.parse(event.data) as Incoming;
      } catch {
        return;
      }
      this.socketDeps.onMessage(message);
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
        base * (0.75 + 0.5 * (this.socketDeps.random ?? Math.random)()),
      );
    };
  }

  private setState(state: SocketState): void {
    if (this.state === state) return;
    this.state = state;
    this.changed();
  }
}
