import { LiveSocket, type LiveSocketDeps } from '../../ui/frame/LiveSocket';
import type { ExchangeClientMessage, ExchangeServerMessage } from '../../contract/exchange-stream';

export interface ExchangeSocketDeps extends LiveSocketDeps<ExchangeServerMessage> {
  token: () => string | null;
}

/** The exchange's push channel: who we are and which markets' ladders are on screen. */
export class ExchangeSocket extends LiveSocket<ExchangeClientMessage, ExchangeServerMessage> {
  private marketIds: string[] = [];

  constructor(private readonly deps: ExchangeSocketDeps) {
    super(deps);
  }

  protected greeting(): ExchangeClientMessage[] {
    const token = this.deps.token();
    return [
      ...(token ? [{ type: 'auth' as const, sessionToken: token }] : []),
      { type: 'subscribe', marketIds: this.marketIds },
    ];
  }

  watch(marketIds: readonly string[]): void {
    const next = [...new Set(marketIds)].sort();
    if (next.join() === this.marketIds.join()) return;
    this.marketIds = next;
    this.send({ type: 'subscribe', marketIds: next });
  }

  get watched(): readonly string[] {
    return this.marketIds;
  }

  /** The session changed: say who we are (or reconnect anonymous after a logout). */
  authenticate(): void {
    const token = this.deps.token();
    if (token) this.send({ type: 'auth', sessionToken: token });
    else if (this.connected) this.retryNow();
  }
}
