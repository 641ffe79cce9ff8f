import { LAUNCH_FRAGMENT_KEY } from '../../../src/contract/games';
import { P2P_LAUNCH_PATH } from '../../../src/contract/p2p-wallet';
import type { HouseAccountConfig } from '../config';
import type { ExchangeSession, SessionService } from '../sessions/service';

/**
 * The house's way in: it signs in at the PAM as any customer does, launches the exchange there and trades the launch
 * token for an exchange session, so every hold of the house goes through the PAM's door like a customer's.
 */
export class HouseAccount {
  private current: ExchangeSession | undefined;

  constructor(
    private readonly pamUrl: string,
    private readonly credentials: Pick<HouseAccountConfig, 'email' | 'password'>,
    private readonly sessions: SessionService,
    private readonly timeoutMs = 5_000,
  ) {}

  /** The house's player id once it has signed in. */
  get playerId(): number | undefined {
    return this.current?.playerId;
  }

  /** A live session, signing in again when there is none. */
  async session(): Promise<ExchangeSession> {
    if (this.current) return this.current;
    const { accessToken } = await this.call<{ accessToken: string }>('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: this.credentials.email, password: this.credentials.password }),
    });
    const { url } = await this.call<{ url: string }>(P2P_LAUNCH_PATH, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const launchToken = new URLSearchParams(new URL(url).hash.slice(1)).get(LAUNCH_FRAGMENT_KEY);
    if (!launchToken) throw new Error('The PAM gave the house account no launch token');
    const { sessionToken } = await this.sessions.launch(launchToken);
    this.current = await this.sessions.resolve(sessionToken);
    return this.current;
  }

  /** The PAM ended the session (or refused it): the next call signs in again. */
  forget(): void {
    this.current = undefined;
  }

  private async call<T>(path: string, init: RequestInit): Promise<T> {
    const response = await fetch(`${this.pamUrl}${path}`, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    if (!response.ok) throw new Error(`The house account's ${path} answered HTTP ${response.status}`);
    return (await response.json()) as T;
  }
}
