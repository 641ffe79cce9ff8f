import { Observable } from '../../ui/frame/Observable';
import type { ExchangeEvent, Market, Runner } from '../../contract/exchange';
import type { ExchangeApi } from '../services/api';

export type Load<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; message: string };

type MarketsApi = Pick<ExchangeApi, 'events' | 'markets' | 'market'>;

/** The matches, their markets and each market's ladder: fetched when shown, then kept live by the socket's pushes. */
export class MarketsStore extends Observable {
  events: Load<{ live: ExchangeEvent[]; upcoming: ExchangeEvent[] }> | null = null;
  private readonly eventMarkets = new Map<string, Load<string[]>>();
  private readonly marketLoads = new Map<string, Load<string>>();
  private readonly byId = new Map<string, Market>();

  constructor(private readonly api: MarketsApi) {
    super();
  }

  async loadEvents(): Promise<void> {
    if (!this.events || this.events.state === 'failed') this.set(() => (this.events = { state: 'loading' }));
    try {
      const [live, upcoming] = await Promise.all([this.api.events('live'), this.api.events('upcoming')]);
      this.set(() => (this.events = { state: 'ready', value: { live, upcoming } }));
    } catch (error) {
      if (this.events?.state !== 'ready')
        this.set(() => (this.events = { state: 'failed', message: (error as Error).message }));
    }
  }

  marketsOf(eventId: string): Load<Market[]> | null {
    const load = this.eventMarkets.get(eventId);
    if (!load || load.state !== 'ready') return load ?? null;
    return { state: 'ready', value: load.value.map((id) => this.byId.get(id)!).filter(Boolean) };
  }

  async loadMarkets(eventId: string): Promise<void> {
    if (this.eventMarkets.get(eventId)?.state !== 'ready')
      this.set(() => this.eventMarkets.set(eventId, { state: 'loading' }));
    try {
      const markets = await this.api.markets(eventId);
      this.set(() => {
        for (const market of markets) this.byId.set(market.marketId, market);
        this.eventMarkets.set(eventId, { state: 'ready', value: markets.map((market) => market.marketId) });
      });
    } catch (error) {
      if (this.eventMarkets.get(eventId)?.state !== 'ready')
        this.set(() => this.eventMarkets.set(eventId, { state: 'failed', message: (error as Error).message }));
    }
  }

  market(marketId: string): Load<Market> | null {
    const market = this.byId.get(marketId);
    if (market) return { state: 'ready', value: market };
    const load = this.marketLoads.get(marketId);
    return load && load.state !== 'ready' ? load : null;
  }

  /** The market as last seen, without its loading state. */
  find(marketId: string): Market | undefined {
    return this.byId.get(marketId);
  }

  runner(marketId: string, selectionId: string): Runner | undefined {
    return this.byId.get(marketId)?.runners.find((runner) => runner.selectionId === selectionId);
  }

  async loadMarket(marketId: string): Promise<void> {
    if (!this.byId.has(marketId)) this.set(() => this.marketLoads.set(marketId, { state: 'loading' }));
    try {
      const market = await this.api.market(marketId);
      this.apply(market);
    } catch (error) {
      if (!this.byId.has(marketId))
        this.set(() => this.marketLoads.set(marketId, { state: 'failed', message: (error as Error).message }));
    }
  }

  /** A pushed or fetched market replaces the one shown whole. */
  apply(market: Market): void {
    this.set(() => {
      this.byId.set(market.marketId, market);
      this.marketLoads.delete(market.marketId);
    });
  }

  private set(change: () => void): void {
    change();
    this.changed();
  }
}
