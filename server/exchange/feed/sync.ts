import type { FeedEvent } from '../../../src/contract/feed';
import type { Clock } from '../../platform/clock';
import type { ExchangeDb } from '../db/schema';
import { eventMarkets, marketOutcome, type ExchangeMarketDefinition } from '../markets';
import { LiveMarket } from '../orders/live-market';
import type { ExchangeEventState, MarketRegistry } from '../orders/registry';
import type { OrdersService } from '../orders/service';
import type { FeedSource } from './source';
import { InPlayEvents } from './in-play';

export interface FeedSyncLog {
  error(object: unknown, message: string): void;
}

/**
 * Follows the sportsbook's feed: a new match gets its markets, kick-off lapses the orders that asked to lapse, a
 * goal suspends the match's markets and cancels their unmatched orders, and a result settles them.
 */
export class FeedSync {
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;

  constructor(
    private readonly db: ExchangeDb,
    private readonly source: FeedSource,
    private readonly registry: MarketRegistry,
    private readonly orders: OrdersService,
    private readonly clock: Clock,
    private readonly options: { pollMs: number; goalSuspensionMs: number },
    private readonly log: FeedSyncLog,
    private readonly inPlay = new InPlayEvents(db, registry, orders),
  ) {}

  /** The matches and markets stored by an earlier run, before its orders are rebuilt. */
  async load(): Promise<void> {
    const events = await this.db.selectFrom('exchange.events').selectAll().execute();
    const markets = await this.db.selectFrom('exchange.markets').selectAll().execute();
    for (const row of events) {
      const definitions = eventMarkets(row.id, row.home, row.away);
      const live = markets
        .filter((market) => market.event_id === row.id)
        .flatMap((market) => {
          const definition = definitions.find((candidate) => candidate.marketId === market.id);
          return definition ? [new LiveMarket(definition, market.status, market.in_play)] : [];
        });
      this.registry.addEvent(
        {
          eventId: row.id,
          home: row.home,
          away: row.away,
          startsAt: row.starts_at,
          status: row.status,
          score: { home: row.home_score, away: row.away_score },
          goals: row.goals,
          suspendedUntil: row.suspended_until,
          marketIds: live.map((market) => market.marketId),
        },
        live,
      );
    }
  }

  start(): void {
    this.timer = setInterval(() => void this.poll(), this.options.pollMs);
    this.timer.unref();
    void this.poll();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.polling;
  }

  /** One read of the feed, applied; a poll still running is awaited instead of overlapping it. */
  poll(): Promise<void> {
    this.polling ??= this.source
      .events()
      .then((events) => this.apply(events))
      .catch((error: unknown) => this.log.error({ err: error }, 'following the feed failed'))
      .finally(() => {
        this.polling = undefined;
      });
    return this.polling;
  }

  async apply(events: FeedEvent[]): Promise<void> {
    for (const event of events) {
      const known = this.registry.event(event.eventId);
      if (!known) {
        if (event.status === 'scheduled' || event.status === 'live') await this.add(event);
        continue;
      }
      await this.follow(known, event);
    }
  }

  private async add(event: FeedEvent): Promise<void> {
    const definitions = eventMarkets(event.eventId, event.home, event.away);
    const state: ExchangeEventState = {
      eventId: event.eventId,
      home: event.home,
      away: event.away,
      startsAt: new Date(event.startsAt),
      status: 'scheduled',
      score: event.score,
      goals: event.goals,
      suspendedUntil: null,
      marketIds: definitions.map((definition) => definition.marketId),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('exchange.events')
        .values({
          id: event.eventId,
          home: event.home,
          away: event.away,
          starts_at: state.startsAt,
          status: 'scheduled',
          home_score: event.score.home,
          away_score: event.score.away,
          goals: event.goals,
          suspended_until: null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .insertInto('exchange.markets')
        .values(
          definitions.map((definition) => ({
            id: definition.marketId,
            event_id: event.eventId,
            status: 'open' as const,
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    });
    this.registry.addEvent(
      state,
      definitions.map((definition: ExchangeMarketDefinition) => new LiveMarket(definition, 'open', false)),
    );
    await this.follow(state, event);
  }

  private async follow(state: ExchangeEventState, event: FeedEvent): Promise<void> {
    const markets = this.registry.marketsOf(state.eventId);
    const now = this.clock.now();
    if (state.status === 'scheduled' && event.status !== 'scheduled')
      await Promise.all(markets.map((market) => this.inPlay.kickOff(market)));
    if (event.goals > state.goals && event.status === 'live') {
      state.suspendedUntil = new Date(now.getTime() + this.options.goalSuspensionMs);
      await Promise.all(markets.map((market) => this.inPlay.goal(market)));
    } else if (state.suspendedUntil && state.suspendedUntil <= now && event.status === 'live') {
      state.suspendedUntil = null;
      await Promise.all(markets.map((market) => this.inPlay.reopen(market)));
    }
    if (event.status === 'finished' || event.status === 'abandoned') {
      for (const market of markets) {
        if (market.status === 'settled') continue;
        const outcome = marketOutcome(market.definition, event.status === 'abandoned' ? 'abandoned' : event.score);
        await this.orders.settle(market, outcome);
      }
    }
    state.status = event.status;
    state.score = event.score;
    state.goals = event.goals;
    await this.db
      .updateTable('exchange.events')
      .set({
        status: event.status,
        home_score: event.score.home,
        away_score: event.score.away,
        goals: event.goals,
        suspended_until: state.suspendedUntil,
      })
      .where('id', '=', state.eventId)
      .execute();
  }
}
