import { randomUUID } from 'node:crypto';
import { LADDER, decimalOf } from '../../../src/contract/exchange-ladder';
import { AppError } from '../../platform/errors';
import type { LiquidityConfig } from '../config';
import type { FeedSyncLog } from '../feed/sync';
import type { LiveMarket } from '../orders/live-market';
import type { MarketRegistry } from '../orders/registry';
import type { OrdersService } from '../orders/service';
import type { ExchangeSession } from '../sessions/service';
import type { FairPriceSource, ScoreChances } from './fair-prices';
import type { HouseAccount } from './house-account';
import { quotesFor, runnerChances, type Quote, type QuoteShape } from './quotes';

export interface MarketMakerDeps {
  registry: MarketRegistry;
  orders: OrdersService;
  house: HouseAccount;
  prices: FairPriceSource;
  settings: Omit<LiquidityConfig, 'enabled'>;
  shape?: QuoteShape;
  log: FeedSyncLog;
  /** How soon after a change to a quoted market (a fill, a goal, a reopening) it is quoted again. */
  requoteAfterMs?: number;
}

/** What one pass did. */
export interface QuotingPass {
  placed: number;
  cancelled: number;
  markets: number;
}

const keyOf = (quote: Pick<Quote, 'runner' | 'side' | 'tick'>) => `${quote.runner}:${quote.side}:${quote.tick}`;

/** Refusals that end a pass: nothing more can be placed until the house's account changes. */
const STOPPING = new Set(['SessionExpired', 'InsufficientFunds', 'PlayerBlocked', 'WalletUnavailable']);

/**
 * The development market maker (docs/exchange.md, "The market maker"): the house account keeps back and lay
 * ladders around the score model's fair prices on a bounded set of markets, placing and cancelling through the
 * same order service as a customer. A pass runs on a timer and soon after a quoted market changes.
 */
export class MarketMaker {
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;
  private running: Promise<QuotingPass> | undefined;
  private quoting = false;
  private readonly quoted = new Set<string>();
  private stopped = true;
  /** The last failure logged, so one that repeats every pass (the PAM not up yet) is logged once. */
  private lastFailure: string | undefined;

  constructor(private readonly deps: MarketMakerDeps) {
    deps.registry.onChange((market) => this.changed(market));
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => void this.pass(), this.deps.settings.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.soon);
    this.timer = undefined;
    await this.running;
  }

  /** One pass over the markets; one still running is awaited instead of overlapping it. */
  pass(): Promise<QuotingPass> {
    this.running ??= this.quote()
      .then((done) => {
        this.lastFailure = undefined;
        return done;
      })
      .catch((error: unknown) => {
        const failure = String(error);
        if (failure !== this.lastFailure) this.deps.log.error({ err: error }, 'the market maker’s pass failed');
        this.lastFailure = failure;
        return { placed: 0, cancelled: 0, markets: 0 };
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** A fill, a goal or a reopening on a quoted market (not the house's own doing) brings the next pass forward. */
  private changed(market: LiveMarket): void {
    if (this.stopped || this.quoting || this.soon || !this.quoted.has(market.marketId)) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      void this.pass();
    }, this.deps.requoteAfterMs ?? 500);
    this.soon.unref();
  }

  private async quote(): Promise<QuotingPass> {
    const { registry, house, settings } = this.deps;
    const session = await house.session();
    const done: QuotingPass = { placed: 0, cancelled: 0, markets: 0 };
    this.quoting = true;
    try {
      const chosen = this.choose();
      const chances = new Map<string, ScoreChances | undefined>();
      for (const eventId of new Set(chosen.map((market) => market.definition.eventId)))
        chances.set(eventId, await this.deps.prices.scoreChances(eventId).catch(() => undefined));
      const wanted = new Map<string, Quote[]>();
      for (const market of chosen) {
        const scores = chances.get(market.definition.eventId);
        if (market.status === 'open' && scores)
          wanted.set(market.marketId, quotesFor(runnerChances(market.definition, scores), this.deps.shape));
      }
      this.quoted.clear();
      for (const marketId of wanted.keys()) this.quoted.add(marketId);
      const budget = { left: settings.maxOrdersPerTick };
      // Stale quotes go first everywhere: on markets no longer quoted, and at prices the fair price has left.
      for (const market of registry.all()) {
        if (budget.left <= 0) break;
        done.cancelled += await this.cancelStale(session, market, wanted.get(market.marketId) ?? [], budget);
      }
      for (const market of chosen) {
        const quotes = wanted.get(market.marketId);
        if (!quotes || budget.left <= 0) continue;
        done.markets++;
        done.placed += await this.placeMissing(session, market, quotes, budget);
      }
    } finally {
      this.quoting = false;
    }
    return done;
  }

  /**
   * The markets to quote, up to the bound: matches in play (the latest kick-off first, the most play left) taking
   * turns with those yet to start (the soonest first), so both lists show live books.
   */
  private choose(): LiveMarket[] {
    const events = this.deps.registry.allEvents();
    const live = events.filter((event) => event.status === 'live').reverse();
    const upcoming = events.filter((event) => event.status === 'scheduled');
    const turns = [];
    for (let at = 0; at < Math.max(live.length, upcoming.length); at++)
      turns.push(...[live[at], upcoming[at]].filter((event) => event !== undefined));
    const place = new Map<string, number>();
    const chosen = turns
      .flatMap((event) =>
        this.deps.registry.marketsOf(event.eventId).map((market, at) => {
          place.set(market.marketId, at);
          return market;
        }),
      )
      .filter((market) => market.status === 'open')
      .slice(0, this.deps.settings.maxMarkets);
    // Quoted in that order, each match's first market before any match's second: a pass's orders reach every match.
    return chosen.sort((a, b) => place.get(a.marketId)! - place.get(b.marketId)!);
  }

  private houseOrders(session: ExchangeSession, market: LiveMarket) {
    return market.book.ordersOf(String(session.playerId));
  }

  private async cancelStale(
    session: ExchangeSession,
    market: LiveMarket,
    quotes: Quote[],
    budget: { left: number },
  ): Promise<number> {
    const keep = new Set(quotes.map(keyOf));
    let cancelled = 0;
    for (const order of this.houseOrders(session, market)) {
      if (keep.has(keyOf(order)) || budget.left <= 0) continue;
      budget.left--;
      if (await this.attempt(() => this.deps.orders.cancel(session, order.orderId))) cancelled++;
    }
    return cancelled;
  }

  private async placeMissing(
    session: ExchangeSession,
    market: LiveMarket,
    quotes: Quote[],
    budget: { left: number },
  ): Promise<number> {
    const resting = new Set(this.houseOrders(session, market).map(keyOf));
    let placed = 0;
    for (const quote of quotes) {
      if (resting.has(keyOf(quote))) continue;
      if (budget.left <= 0 || market.status !== 'open') break;
      const price = LADDER[quote.tick]!;
      const heldNow = market.held.get(session.playerId) ?? 0;
      const heldAfter = market.exposure(session.playerId, {
        runner: quote.runner,
        side: quote.side,
        price,
        sizeRemaining: quote.size,
      }).held;
      if (this.totalHeld(session.playerId) - heldNow + heldAfter > this.deps.settings.maxExposure) continue;
      budget.left--;
      const ok = await this.attempt(() =>
        this.deps.orders.place(session, {
          orderId: randomUUID(),
          marketId: market.marketId,
          selectionId: market.definition.runners[quote.runner]!.selectionId,
          side: quote.side,
          price: decimalOf(price),
          size: quote.size,
          persistence: 'lapse',
        }),
      );
      if (ok) placed++;
    }
    return placed;
  }

  private totalHeld(playerId: number): number {
    let total = 0;
    for (const market of this.deps.registry.all()) total += market.held.get(playerId) ?? 0;
    return total;
  }

  /** Runs one order call; a refusal of the house's account ends the pass (and a lost session signs in again). */
  private async attempt(call: () => Promise<unknown>): Promise<boolean> {
    try {
      await call();
      return true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'SessionExpired') this.deps.house.forget();
      if (error.code && STOPPING.has(error.code)) throw error;
      return false;
    }
  }
}
