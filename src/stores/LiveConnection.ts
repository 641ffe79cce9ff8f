import { makeAutoObservable } from 'mobx';
import { isLiveMessage, type LiveAuthenticate, type LiveMessage } from '../contract/live';
import type { Timers } from './timers';

export type LiveState = 'disconnected' | 'connecting' | 'connected' | 'error';

export const MAX_RECONNECT_ATTEMPTS = 5;
const FIRST_RECONNECT_DELAY_MS = 1_000;
const MAX_RECONNECT_DELAY_MS = 30_000;
export const OPEN_AFTER_LOGIN_MS = 100;

/** Delay before reconnect attempt `attempt` (0-based): 1 s doubling, at most 30 s; undefined once attempts run out. */
export function reconnectDelay(attempt: number, maxAttempts = MAX_RECONNECT_ATTEMPTS): number | undefined {
  if (attempt >= maxAttempts) return undefined;
  return Math.min(FIRST_RECONNECT_DELAY_MS * 2 ** attempt, MAX_RECONNECT_DELAY_MS);
}

/** The part of the browser's WebSocket this class uses, so tests can hand it a fake. */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveDeps {
  createSocket: (url: string) => SocketLike;
  /** The /wws address (no token in it: the token is the first message). */
  url: string;
  /** The current access token; undefined when signed out. */
  token: () => string | undefined;
  timers: Timers;
  onMessage: (message: LiveMessage) => void;
}

export class LiveConnection {
  state: LiveState = 'disconnected';
  private socket: SocketLike | undefined;
  private attempts = 0;
  private timer: unknown = undefined;

  constructor(private readonly deps: LiveDeps) {
    makeAutoObservable<LiveConnection, 'deps' | 'socket' | 'timer' | 'attempts'>(this, {
      deps: false,
      socket: false,
      timer: false,
      attempts: false,
    });
  }

  /** Opens 100 ms after sign-in, as the specification asks. */
  openSoon(): void {
    this.clearTimer();
    this.timer = this.deps.timers.setTimeout(() => this.open(), OPEN_AFTER_LOGIN_MS);
  }

  open(): void {
    this.clearTimer();
    if (!this.deps.token()) return;
    // A socket still open from before (a reconnect racing a sign-in) must not linger unseen.
    this.detach()?.close(1000, 'replaced');
    this.setState('connecting');
    const socket = this.deps.createSocket(this.deps.url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const token = this.deps.token();
      if (!token) {
        this.close();
        return;
      }
      socket.send(JSON.stringify({ type: 'authenticate', token } satisfies LiveAuthenticate));
      this.attempts = 0;
      this.setState('connected');
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (isLiveMessage(data)) this.deps.onMessage(data);
    };
    socket.onerror = () => {
      if (this.socket === socket) this.setState('error');
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (event.code === 1000) {
        this.setState('disconnected');
        return;
      }
      this.setState('error');
      this.scheduleReconnect();
    };
  }

  /** A clean close (1000): not retried. */
  close(): void {
    this.clearTimer();
    this.attempts = 0;
    const socket = this.detach();
    socket?.close(1000, 'closed by client');
    this.setState('disconnected');
  }

  private scheduleReconnect(): void {
    const delay = reconnectDelay(this.attempts);
    if (delay === undefined) return;
    this.attempts++;
    this.timer = this.deps.timers.setTimeout(() => this.open(), delay);
  }

  private detach(): SocketLike | undefined {
    const socket = this.socket;
    this.socket = undefined;
    return socket;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.deps.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private setState(state: LiveState): void {
    this.state = state;
  }
}
