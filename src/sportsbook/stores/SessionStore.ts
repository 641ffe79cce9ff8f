import { Observable } from '../../ui/frame/Observable';
import type { SportsbookApi } from '../services/api';

export const SESSION_KEY = 'sb.session';

export interface SessionDeps {
  api: () => SportsbookApi;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The host is told when the session ends by itself (expiry, logout elsewhere). */
  onExpired: () => void;
}

/**
 * The frame's sportsbook session: a token traded once for the launch token of the URL fragment, kept in memory and
 * sessionStorage (for a reload), never in a cookie (browsers block third-party cookies).
 */
export class SessionStore extends Observable {
  token: string | null = null;
  balance: number | null = null;
  currency = 'GBP';
  /** True while a launch token is being traded: the slip says "Signing you in" instead of "Log in". */
  starting = false;

  constructor(private readonly deps: SessionDeps) {
    super();
    this.token = deps.storage.getItem(SESSION_KEY);
  }

  get signedIn(): boolean {
    return this.token !== null;
  }

  /** Reads `#launch=<token>` from an address, or null. */
  static launchTokenFrom(hash: string): string | null {
    const match = /(?:^#|&)launch=([A-Za-z0-9_-]{16,200})(?:&|$)/.exec(hash);
    return match ? match[1]! : null;
  }

  async launch(launchToken: string): Promise<void> {
    this.starting = true;
    this.changed();
    try {
      const session = await this.deps.api().startSession(launchToken);
      this.token = session.sessionToken;
      this.balance = session.balance;
      this.currency = session.currency;
      this.deps.storage.setItem(SESSION_KEY, session.sessionToken);
    } catch {
      // A used or expired launch token: the session kept from before (a reload) still holds, or the visitor browses.
    } finally {
      this.starting = false;
      this.changed();
    }
  }

  /** After a reload: the kept token's balance, which also proves it is still alive. */
  async refresh(): Promise<void> {
    if (!this.token) return;
    try {
      const session = await this.deps.api().session();
      this.balance = session.balance;
      this.currency = session.currency;
      this.changed();
    } catch {
      // A 401 already ended the session through the API's handler; anything else leaves it be.
    }
  }

  setBalance(balance: number): void {
    this.balance = balance;
    this.changed();
  }

  /** Ends the session locally; `expired` tells the host (a logout the host asked for needs no answer). */
  end(expired: boolean): void {
    if (!this.token) return;
    this.token = null;
    this.balance = null;
    this.deps.storage.removeItem(SESSION_KEY);
    this.changed();
    if (expired) this.deps.onExpired();
  }
}
