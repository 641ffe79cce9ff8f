import { makeAutoObservable, runInAction } from 'mobx';
import type { TokenResponse, LoginResponse, LoginWithCodeRequest } from '../contract/auth';
import type { UserProfile } from '../contract/user';
import type { Timers } from './timers';
import { isServiceUnavailable, SERVICE_UNAVAILABLE } from '../api/http';
import { TOKEN_STORAGE_KEY } from './tokenStorageKey';

export const REFRESH_BEFORE_EXPIRY_MS = 60_000;
export const SESSION_EXPIRED_ALERT = 'Your session has expired. Please log in again.';
export const TOKEN_PARSE_ERROR = 'Failed to parse auth token from sessionStorage.';

export interface StoredToken extends TokenResponse {
  /** Epoch milliseconds. */
  expiresAt: number;
  refreshExpiresAt: number;
}

export type SignOutReason =
  'logout' | 'refreshFailed' | 'tokenExpired' | 'accountSuspended' | 'accountDeleted' | 'excluded';

export interface SessionApi {
  login(body: LoginWithCodeRequest): Promise<LoginResponse>;
  refresh(refreshToken: string): Promise<TokenResponse>;
  logout(): Promise<unknown>;
  userDetails(): Promise<UserProfile>;
}

export interface SessionDeps {
  api: SessionApi;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now: () => number;
  timers: Timers;
  alert: (message: string) => void;
  /** Told after every sign-in and sign-out, so the root can open or close the live connection, caches and overlays. */
  onSignedIn?: () => void;
  onSignedOut?: (reason: SignOutReason) => void;
}

export function toStoredToken(token: TokenResponse, now: number): StoredToken {
  return {
    ...token,
    tokenType: token.tokenType || 'Bearer',
    expiresAt: now + token.expiresIn * 1000,
    refreshExpiresAt: now + token.refreshExpiresIn * 1000,
  };
}

function parseStoredToken(raw: string): StoredToken {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error(TOKEN_PARSE_ERROR);
  }
  const token = value as Partial<StoredToken> | null;
  if (
    !token ||
    typeof token.accessToken !== 'string' ||
    typeof token.refreshToken !== 'string' ||
    typeof token.expiresAt !== 'number' ||
    typeof token.refreshExpiresAt !== 'number'
  ) {
    throw new Error(TOKEN_PARSE_ERROR);
  }
  return { ...(token as StoredToken), tokenType: token.tokenType || 'Bearer' };
}

/** Milliseconds until the refresh should run: 60 s before expiry, at once when less remains. */
export const refreshDelay = (expiresAt: number, now: number) => Math.max(0, expiresAt - now - REFRESH_BEFORE_EXPIRY_MS);

/** The numeric `sub` claim of a JWT access token, or null when it has none (read only, never trusted). */
export function tokenSubject(accessToken: string): number | null {
  try {
    const payload = accessToken.split('.')[1];
    if (!payload) return null;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    const subject = Number(claims.sub);
    return Number.isSafeInteger(subject) && subject > 0 ? subject : null;
  } catch {
    return null;
  }
}

export class SessionStore {
  token: StoredToken | null = null;
  user: UserProfile | null = null;
  userError: string | null = null;
  /** When the customer signed in before this sign-in (ISO), shown in the account area; null when unknown or the first time. */
  previousSignInAt: string | null = null;
  private refreshTimer: unknown = undefined;
  /** Bumped whenever the token changes; observers (balance fetch, live connection) react to it. */
  tokenVersion = 0;

  constructor(private readonly deps: SessionDeps) {
    makeAutoObservable<SessionStore, 'deps' | 'refreshTimer'>(this, { deps: false, refreshTimer: false });
  }

  get isLoggedIn(): boolean {
    return this.token !== null && this.token.expiresAt > this.deps.now();
  }

  /**
   * Whose session this is, known before the user details arrive (and when they cannot): the token's subject.
   * Only a key for what this device saved for the customer; the server checks the token itself.
   */
  get userId(): number | null {
    return this.user?.id ?? (this.token ? tokenSubject(this.token.accessToken) : null);
  }

  get credentials() {
    return this.token ? { tokenType: this.token.tokenType, accessToken: this.token.accessToken } : undefined;
  }

  /** On page load: a valid stored token is restored, an expired one refreshed. Throws TOKEN_PARSE_ERROR for garbage. */
  async restore(): Promise<void> {
    const raw = this.deps.storage.getItem(TOKEN_STORAGE_KEY);
    if (!raw) return;
    let stored: StoredToken;
    try {
      stored = parseStoredToken(raw);
    } catch (error) {
      this.deps.storage.removeItem(TOKEN_STORAGE_KEY);
      throw error;
    }
    if (stored.expiresAt > this.deps.now()) {
      this.setToken(stored);
      this.deps.onSignedIn?.();
      void this.loadUser();
      return;
    }
    if (stored.refreshExpiresAt <= this.deps.now()) {
      // Nothing can renew it; the visitor is simply signed out, without the logout side effects.
      this.deps.storage.removeItem(TOKEN_STORAGE_KEY);
      return;
    }
    this.token = stored;
    if (await this.refresh()) {
      this.deps.onSignedIn?.();
      void this.loadUser();
    }
  }

  async login(credentials: LoginWithCodeRequest): Promise<void> {
    const { previousSignInAt, ...token } = await this.deps.api.login(credentials);
    runInAction(() => (this.previousSignInAt = previousSignInAt ?? null));
    this.setToken(toStoredToken(token, this.deps.now()));
    this.deps.onSignedIn?.();
    await this.loadUser();
  }

  /** Renews the token; false when it failed (and signed out). An answer for a session that ended meanwhile is dropped. */
  async refresh(): Promise<boolean> {
    const current = this.token;
    if (!current) return false;
    try {
      const next = await this.deps.api.refresh(current.refreshToken);
      if (this.token !== current) return false;
      this.setToken(toStoredToken(next, this.deps.now()));
      return true;
    } catch {
      if (this.token === current) this.signOut('refreshFailed');
      return false;
    }
  }

  async loadUser(): Promise<void> {
    try {
      const user = await this.deps.api.userDetails();
      runInAction(() => {
        if (!this.token) return;
        this.user = user;
        this.userError = null;
      });
    } catch (error) {
      runInAction(() => {
        this.userError = isServiceUnavailable(error)
          ? SERVICE_UNAVAILABLE
          : error instanceof Error
            ? error.message
            : 'No user data found.';
      });
    }
  }

  /** The customer's own logout: the server revokes the refresh tokens; we sign out whatever it answers. */
  async logout(): Promise<void> {
    try {
      await this.deps.api.logout();
    } catch {
      // Signed out locally all the same; the server's tokens expire by themselves.
    }
    this.signOut('logout');
  }

  /** The transport saw 401 (tokenExpired) or 403 (accountSuspended) on a call made with our token. */
  handleAuthFailure(status: 401 | 403): void {
    if (!this.token) return;
    this.signOut(status === 403 ? 'accountSuspended' : 'tokenExpired');
  }

  signOut(reason: SignOutReason): void {
    const hadSession = this.token !== null;
    this.clearRefreshTimer();
    this.token = null;
    this.user = null;
    this.userError = null;
    this.previousSignInAt = null;
    this.tokenVersion++;
    this.deps.storage.removeItem(TOKEN_STORAGE_KEY);
    if (!hadSession && reason !== 'accountSuspended') return;
    this.deps.onSignedOut?.(reason);
    if (reason === 'tokenExpired') this.deps.alert(SESSION_EXPIRED_ALERT);
  }

  private setToken(token: StoredToken): void {
    this.token = token;
    this.tokenVersion++;
    this.deps.storage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(token));
    this.scheduleRefresh(token);
  }

  private scheduleRefresh(token: StoredToken): void {
    this.clearRefreshTimer();
    this.refreshTimer = this.deps.timers.setTimeout(
      () => void this.refresh(),
      refreshDelay(token.expiresAt, this.deps.now()),
    );
  }

  private clearRefreshTimer(): void {
    if (this.refreshTimer !== undefined) this.deps.timers.clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
  }

  dispose(): void {
    this.clearRefreshTimer();
  }
}
