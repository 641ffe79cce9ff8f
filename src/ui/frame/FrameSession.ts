import { FiguresSet } from '../../lib/figures-set';
import { Observable } from './Observable';

interface SessionApi {
  startSession(launchToken: string): Promise<{ sessionToken: string; balance: number; currency: string }>;
  /** The kept session's balance, proving it still alive; a service without it keeps the balance from the launch. */
  session?(): Promise<{ balance: number; currency: string }>;
}

export interface FrameSessionDeps {
  api: () => SessionApi;
  /** Where sessionStorage keeps the session token for a reload. */
  storageKey: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The host is told when the session ends by itself (expiry, logout elsewhere). */
  onExpired: () => void;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

/** How long a launch the host announced may take to arrive before the frame stops waiting for it. */
const EXPECTED_LAUNCH_MS = 10_000;

/**
 * A frame's session with its service: a token traded once for the launch token of the URL fragment, kept in memory and
 * sessionStorage (for a reload), never in a cookie (browsers block third-party cookies).
 */
export class FrameSession extends Observable {
  token: string | null = null;
  balance: number | null = null;
  private readonly figuresSet = new FiguresSet();
  currency = 'GBP';
  /**
   * True while a launch token is being traded, or the host has said one is on its way: the slip says "Signing you in"
   * instead of "Log in", and a Place pressed meanwhile waits for the session.
   */
  starting = false;
  private expected: unknown = null;

  constructor(private readonly deps: FrameSessionDeps) {
    super();
    this.token = deps.storage.getItem(deps.storageKey);
  }

  get signedIn(): boolean {
    return this.token !== null;
  }

  /** Reads `#launch=<token>` from an address, or null. */
  static launchTokenFrom(hash: string): string | null {
    const match = /(?:^#|&)launch=([A-Za-z0-9_-]{16,200})(?:&|$)/.exec(hash);
    return match ? match[1]! : null;
  }

  /** The host signed in and its launch URL follows (it may be lost or fail: the wait ends after a while). */
  expectLaunch(): void {
    if (this.token) return;
    this.stopExpecting();
    const { setTimeout: later = (fn, ms) => setTimeout(fn, ms) } = this.deps;
    this.expected = later(() => {
      this.expected = null;
      this.starting = false;
      this.changed();
    }, EXPECTED_LAUNCH_MS);
    this.starting = true;
    this.changed();
  }

  /** Resolves once no session is on its way (signed in, or not). */
  settled(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.starting) return resolve();
      const stop = this.subscribe(() => {
        if (this.starting) return;
        stop();
        resolve();
      });
    });
  }

  private stopExpecting(): void {
    if (this.expected === null) return;
    (this.deps.clearTimeout ?? ((handle) => clearTimeout(handle as number)))(this.expected);
    this.expected = null;
  }

  async launch(launchToken: string): Promise<void> {
    this.stopExpecting();
    this.starting = true;
    this.changed();
    try {
      const session = await this.deps.api().startSession(launchToken);
      this.token = session.sessionToken;
      this.balance = session.balance;
      this.currency = session.currency;
      this.deps.storage.setItem(this.deps.storageKey, session.sessionToken);
    } catch {
      // A used or expired launch token: the session kept from before (a reload) still holds, or the visitor browses.
    } finally {
      this.starting = false;
      this.changed();
    }
  }

  /** After a reload: the kept token's balance, which also proves it is still alive. */
  async refresh(): Promise<void> {
    const api = this.deps.api();
    if (!this.token || !api.session) return;
    // A settlement's credit is pushed as it commits, and may arrive while a read made just before it is out.
    const overtaken = this.figuresSet.readSent();
    try {
      const session = await api.session();
      if (overtaken()) return;
      this.balance = session.balance;
      this.currency = session.currency;
      this.changed();
    } catch {
      // A 401 already ended the session through the API's handler; anything else leaves it be.
    }
  }

  setBalance(balance: number): void {
    this.figuresSet.counted();
    this.balance = balance;
    this.changed();
  }

  /** Ends the session locally; `expired` tells the host (a logout the host asked for needs no answer). */
  end(expired: boolean): void {
    if (this.expected !== null) {
      // Signed out at the host before the announced launch came: nothing is on its way any more.
      this.stopExpecting();
      this.starting = false;
      this.changed();
    }
    if (!this.token) return;
    this.token = null;
    this.balance = null;
    this.deps.storage.removeItem(this.deps.storageKey);
    this.changed();
    if (expired) this.deps.onExpired();
  }
}
