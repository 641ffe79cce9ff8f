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
}

/**
 * A frame's session with its service: a token traded once for the launch token of the URL fragment, kept in memory and
 * sessionStorage (for a reload), never in a cookie (browsers block third-party cookies).
 */
export class FrameSession extends Observable {
  token: string | null = null;
  balance: number | null = null;
  currency = 'GBP';
  /** True while a launch token is being traded: the slip says "Signing you in" instead of "Log in". */
  starting = false;

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

  async launch(launchToken: string): Promise<void> {
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
    try {
      const session = await api.session();
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
    this.deps.storage.removeItem(this.deps.storageKey);
    this.changed();
    if (expired) this.deps.onExpired();
  }
}
