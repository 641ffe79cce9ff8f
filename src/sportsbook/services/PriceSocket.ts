import { LiveSocket, type LiveSocketDeps } from '../../ui/frame/LiveSocket';
import type { SportsbookClientMessage, SportsbookServerMessage } from '../../contract/sportsbook-rules';

export { type SocketLike } from '../../ui/frame/LiveSocket';

export interface PriceSocketDeps extends LiveSocketDeps<SportsbookServerMessage> {
  token: () => string | null;
}

/** The sportsbook's push channel: authenticates, subscribes to what is on screen, reconnects with backoff. */
export class PriceSocket extends LiveSocket<SportsbookClientMessage, SportsbookServerMessage> {
  private subscription: { lists: boolean; eventIds: string[] } = { lists: false, eventIds: [] };

  constructor(private readonly deps: PriceSocketDeps) {
    super(deps);
  }

  protected greeting(): SportsbookClientMessage[] {
    const token = this.deps.token();
    return [
      ...(token ? [{ type: 'auth' as const, sessionToken: token }] : []),
      { type: 'subscribe', ...this.subscription },
    ];
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
    else if (this.connected) this.retryNow();
  }
}
