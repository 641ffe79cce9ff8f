import { P2P_LAUNCH_PATH } from '../../../src/contract/p2p-wallet';
import { launchAtPam } from '../../platform/http/launch-client';
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
    const launchToken = await launchAtPam(this.pamUrl, this.credentials, P2P_LAUNCH_PATH, this.timeoutMs);
    const { sessionToken } = await this.sessions.launch(launchToken);
    this.current = await this.sessions.resolve(sessionToken);
    return this.current;
  }

  /** The PAM ended the session (or refused it): the next call signs in again. */
  forget(): void {
    this.current = undefined;
  }
}
