import type { ExchangeEvent } from '../../../src/contract/exchange';
import type { FeedStatus } from '../../../src/contract/feed';
import type { LiveMarket } from './live-market';

/** A match as the exchange last read it from the feed. */
export interface ExchangeEventState {
  eventId: string;
  home: string;
  away: string;
  startsAt: Date;
  status: FeedStatus;
  score: { home: number; away: number };
  goals: number;
  suspendedUntil: Date | null;
  marketIds: string[];
}

const nameOf = (event: ExchangeEventState) => `${event.home} v ${event.away}`;

/** Every match and market in memory, by id. */
export class MarketRegistry {
  private readonly markets = new Map<string, LiveMarket>();
  private readonly events = new Map<string, ExchangeEventState>();
  private readonly listeners = new Set<(market: LiveMarket) => void>();

  /** `inPlayDelayMs`: the in-play delay every market takes once its match kicks off. */
  constructor(private readonly inPlayDelayMs = 0) {}

  /** Told after every change to a market's book or status (the WebSocket's ladder updates). */
  onChange(listener: (market: LiveMarket) => void): void {
    this.listeners.add(listener);
  }

  changed(market: LiveMarket): void {
    for (const listener of this.listeners) listener(market);
  }

  get(marketId: string): LiveMarket | undefined {
    return this.markets.get(marketId.toLowerCase()) ?? this.markets.get(marketId);
  }

  all(): LiveMarket[] {
    return [...this.markets.values()];
  }

  event(eventId: string): ExchangeEventState | undefined {
    return this.events.get(eventId);
  }

  allEvents(): ExchangeEventState[] {
    return [...this.events.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  }

  addEvent(event: ExchangeEventState, markets: LiveMarket[]): void {
    this.events.set(event.eventId, event);
    for (const market of markets) {
      market.inPlayDelayMs = this.inPlayDelayMs;
      this.markets.set(market.marketId, market);
    }
  }

  marketsOf(eventId: string): LiveMarket[] {
    return (this.events.get(eventId)?.marketIds ?? []).flatMap((id) => this.markets.get(id) ?? []);
  }

  /** The match's name ("Arsenal v Chelsea"), as the screens show it and the holds tell the PAM. */
  eventName(eventId: string): string | undefined {
    const event = this.events.get(eventId);
    return event && nameOf(event);
  }

  eventView(event: ExchangeEventState): ExchangeEvent {
    return {
      eventId: event.eventId,
      name: nameOf(event),
      startsAt: event.startsAt.toISOString(),
      inPlay: event.status === 'live',
      score: event.status === 'scheduled' ? null : { ...event.score },
    };
  }
}
