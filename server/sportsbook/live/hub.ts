import type { WebSocket } from 'ws';
import { textOf } from '../../platform/live/socket-text';
import { sportsbookClientMessage } from '../../../src/contract/sportsbook';
import type { SportsbookServerMessage } from '../../../src/contract/sportsbook-rules';
import type { EventUpdate, SessionMessage, SportsbookBus, SportsbookBusMessage } from './bus';
import { ChangeGenerations } from './change-generations';
import { walkInSlices, type SlicedWalk } from './slices';
import { writeFramed, type FramedMessage } from '../../platform/live/ws-frame';

/** The bets side's answer to "whose is this session token?": the session id, or undefined when unknown or ended. */
export type ResolveSession = (sessionToken: string) => Promise<string | undefined>;

/** How the bets side reaches a customer's open frames: `bet` and `balance` messages, after the change has committed. */
interface SessionNotifier {
  notifySession(sessionId: string, message: SessionMessage): Promise<void>;
  /** The session ended (logout, expiry, the PAM said so): its sockets stop receiving its messages. */
  endSession(sessionId: string): Promise<void>;
}

interface SocketState {
  lists: boolean;
  eventIds: Set<string>;
  sessionId: string | undefined;
  /** Bumped by every auth message, so a slow answer to an earlier one cannot bind over a later one. */
  authAttempt: number;
  alive: boolean;
  address: string;
  windowStart: number;
  messagesInWindow: number;
  /** The last generation of changes this socket was pushed (or had no part in). */
  pushedGeneration: number;
}

const RESYNC = Buffer.from(JSON.stringify({ type: 'resync' } satisfies SportsbookServerMessage));

/** Events whose last seq is remembered; far more than are ever open at once. */
const MAX_TRACKED_EVENTS = 20_000;

/** A browser that does not read its pushes is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface LiveLimits {
  /** Open sockets per client address (several tabs and frames, not a flood). */
  connectionsPerAddress: number;
  /** Messages a socket may send per minute; a frame sends a few per page. */
  messagesPerMinute: number;
  /**
   * Price pushes go out at most this often: the changes since the last push travel as one message per socket, so
   * thousands of sockets cost one write each per push, not one per change.
   */
  pushIntervalMs: number;
  /** How long a push (or a heartbeat) writes to sockets before the instance's other work gets a turn. */
  pushSliceMs: number;
  /** While the broker is away, how often sockets bound to a session are told to fetch its state afresh. */
  brokerAwayResyncMs: number;
}

export const defaultLiveLimits: LiveLimits = {
  connectionsPerAddress: 20,
  messagesPerMinute: 120,
  pushIntervalMs: 100,
  pushSliceMs: 10,
  brokerAwayResyncMs: 10_000,
};

/** Close codes: a policy breach (flooding) and too many connections from one address. */
export const WS_CLOSE_POLICY = 1008;
export const WS_CLOSE_TRY_LATER = 1013;

/** The /ws connections this instance holds: their subscriptions and sessions; fed by the bus. */
export class SportsbookLiveHub implements SessionNotifier {
  private readonly sockets = new Map<WebSocket, SocketState>();
  private readonly sessions = new Map<string, Set<WebSocket>>();
  private readonly perAddress = new Map<string, number>();
  /** The last seq pushed per event: with several instances an update can arrive twice (broker, database sync). */
  private readonly lastSeq = new Map<string, number>();
  /** Changes being pushed and not yet pushed. */
  private readonly changes = new ChangeGenerations();
  /** The generation every socket has been pushed. */
  private everyonePushed = 0;
  private pushTimer: NodeJS.Timeout | undefined;
  /** The push round being written, a slice at a time. */
  private writing: SlicedWalk | undefined;
  private pinging: SlicedWalk | undefined;
  private lastPush = 0;
  private resyncTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: SportsbookBus,
    private readonly resolveSession: ResolveSession,
    private readonly limits: LiveLimits = defaultLiveLimits,
  ) {
    bus.subscribe((message) => this.deliver(message));
    bus.onHealth?.((up) => (up ? this.brokerBack() : this.brokerAway()));
    if (bus.up === false) this.brokerAway();
  }

  /** Whether sessions are being told to resync (the broker is away). */
  get degraded(): boolean {
    return this.resyncTimer !== undefined;
  }

  /**
   * The broker is away: `bet` and `balance` messages made on other instances do not reach this one's sockets. Event
   * changes still come (this instance follows the database), so only the sessions' sockets are told, now and then, to
   * fetch their bets and balance afresh.
   */
  private brokerAway(): void {
    if (this.resyncTimer) return;
    this.resyncTimer = setInterval(() => this.resyncSessions(), this.limits.brokerAwayResyncMs);
    this.resyncTimer.unref();
  }

  /** Back: once more, for whatever was published between the last resync and the broker's return. */
  private brokerBack(): void {
    if (!this.resyncTimer) return;
    clearInterval(this.resyncTimer);
    this.resyncTimer = undefined;
    this.resyncSessions();
  }

  private resyncSessions(): void {
    for (const sockets of this.sessions.values()) for (const socket of sockets) this.send(socket, RESYNC);
  }

  /** Takes a new socket from this client address, or closes it when the address already holds too many. */
  add(socket: WebSocket, address = 'unknown'): void {
    const held = this.perAddress.get(address) ?? 0;
    if (held >= this.limits.connectionsPerAddress) {
      socket.close(WS_CLOSE_TRY_LATER, 'too many connections');
      return;
    }
    this.perAddress.set(address, held + 1);
    const state: SocketState = {
      lists: false,
      eventIds: new Set(),
      sessionId: undefined,
      authAttempt: 0,
      alive: true,
      address,
      windowStart: Date.now(),
      messagesInWindow: 0,
      pushedGeneration: this.changes.current,
    };
    this.sockets.set(socket, state);
    socket.on('pong', () => (state.alive = true));
    socket.on('message', (data, isBinary) => {
      if (this.flooding(state)) {
        socket.close(WS_CLOSE_POLICY, 'too many messages');
        return;
      }
      if (isBinary) return;
      void this.receive(socket, state, textOf(data));
    });
    socket.on('close', () => {
      this.unbind(socket, state);
      this.sockets.delete(socket);
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left <= 0) this.perAddress.delete(address);
      else this.perAddress.set(address, left);
    });
  }

  connectionCount(): number {
    return this.sockets.size;
  }

  /** Sockets of this instance bound to the session. */
  sessionConnectionCount(sessionId: string): number {
    return this.sessions.get(sessionId)?.size ?? 0;
  }

  notifySession(sessionId: string, message: SessionMessage): Promise<void> {
    return this.bus.publish({ kind: 'session', sessionId, message });
  }

  endSession(sessionId: string): Promise<void> {
    return this.bus.publish({ kind: 'session-ended', sessionId });
  }

  /**
   * Pings every socket, a slice at a time like a push; one that did not answer the previous ping (a phone that lost
   * signal) is dropped.
   */
  heartbeat(): void {
    if (this.pinging?.running) return;
    this.pinging = walkInSlices(this.sockets.entries(), this.limits.pushSliceMs, ([socket, state]) => {
      if (!state.alive) {
        socket.terminate();
        return;
      }
      state.alive = false;
      socket.ping();
    });
  }

  closeAll(): void {
    clearTimeout(this.pushTimer);
    this.pushTimer = undefined;
    this.writing?.cancel();
    this.pinging?.cancel();
    clearInterval(this.resyncTimer);
    this.resyncTimer = undefined;
    for (const socket of this.sockets.keys()) socket.terminate();
  }

  private flooding(state: SocketState): boolean {
    const now = Date.now();
    if (now - state.windowStart >= 60_000) {
      state.windowStart = now;
      state.messagesInWindow = 0;
    }
    return ++state.messagesInWindow > this.limits.messagesPerMinute;
  }

  private async receive(socket: WebSocket, state: SocketState, text: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = sportsbookClientMessage.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'subscribe') {
      state.lists = message.lists;
      state.eventIds = new Set(message.eventIds);
      return;
    }
    const attempt = ++state.authAttempt;
    let sessionId: string | undefined;
    try {
      sessionId = await this.resolveSession(message.sessionToken);
    } catch {
      sessionId = undefined;
    }
    if (attempt !== state.authAttempt || !this.sockets.has(socket)) return;
    this.unbind(socket, state);
    if (!sessionId) return;
    state.sessionId = sessionId;
    let set = this.sessions.get(sessionId);
    if (!set) this.sessions.set(sessionId, (set = new Set()));
    set.add(socket);
  }

  private unbind(socket: WebSocket, state: SocketState): void {
    if (!state.sessionId) return;
    const set = this.sessions.get(state.sessionId);
    set?.delete(socket);
    if (set?.size === 0) this.sessions.delete(state.sessionId);
    state.sessionId = undefined;
  }

  private deliver(message: SportsbookBusMessage): void {
    if (message.kind === 'event') return this.deliverUpdate(message.update);
    if (message.kind === 'outright') {
      // A handful of leagues, re-priced at most once a minute each: every socket has them.
      const text = Buffer.from(
        JSON.stringify({ type: 'outright-update', outright: message.outright } satisfies SportsbookServerMessage),
      );
      for (const socket of this.sockets.keys()) this.send(socket, text);
      return;
    }
    const sockets = [...(this.sessions.get(message.sessionId) ?? [])];
    if (message.kind === 'session-ended') {
      for (const socket of sockets) this.unbind(socket, this.sockets.get(socket)!);
      return;
    }
    const text = Buffer.from(JSON.stringify(message.message));
    for (const socket of sockets) this.send(socket, text);
  }

  private deliverUpdate(update: EventUpdate): void {
    const last = this.lastSeq.get(update.eventId);
    if (last !== undefined && update.seq <= last) return;
    if (this.lastSeq.size >= MAX_TRACKED_EVENTS) this.lastSeq.clear();
    this.lastSeq.set(update.eventId, update.seq);
    this.changes.add(update);
    this.schedulePush();
  }

  /** At once when the last push is long gone; else at the next interval, with whatever else changed meanwhile. */
  private schedulePush(): void {
    if (
      this.pushTimer ||
      this.writing?.running ||
      (!this.changes.waiting && this.changes.current === this.everyonePushed)
    )
      return;
    this.pushTimer = setTimeout(
      () => this.push(),
      Math.max(0, this.lastPush + this.limits.pushIntervalMs - Date.now()),
    );
    this.pushTimer.unref();
  }

  /**
   * A push round: every socket gets, in one message, the changes since its last one (every change of the events it
   * subscribed to, and for the lists only each other event's latest); sockets that want the same share one encoded
   * message. Changes that arrive while the round is written reach the sockets it has not come to yet in this round
   * (the others in the next), so a change waits at most about one round, not the rest of this round and the next.
   * One round at a time, and each socket once per round, so no socket gets a later change before an earlier one.
   */
  private push(): void {
    this.pushTimer = undefined;
    this.lastPush = Date.now();
    this.changes.seal();
    const startedAt = this.changes.current;
    this.writing = walkInSlices(
      this.sockets.entries(),
      this.limits.pushSliceMs,
      ([socket, state]) => {
        this.changes.seal();
        const message = this.changes.after(state.pushedGeneration)?.messageFor(state.lists, state.eventIds);
        state.pushedGeneration = this.changes.current;
        if (message) this.sendFramed(socket, message);
      },
      () => {
        this.everyonePushed = startedAt;
        this.changes.forget(startedAt);
        this.schedulePush();
      },
    );
  }

  /** UTF-8 JSON, sent as a text frame. */
  private send(socket: WebSocket, json: Buffer): void {
    if (this.writable(socket)) socket.send(json, { binary: false });
  }

  /** A push, framed once for every socket (platform/live/ws-frame.ts). */
  private sendFramed(socket: WebSocket, message: FramedMessage): void {
    if (this.writable(socket)) writeFramed(socket, message);
  }

  /** Open, and reading its pushes: a browser that does not is dropped rather than buffered without end. */
  private writable(socket: WebSocket): boolean {
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount <= MAX_BUFFERED_BYTES) return true;
    socket.terminate();
    return false;
  }
}
