import { randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import type { ExchangeDb } from '../db/schema';
import type { MarketOutcome } from '../markets';
import { matchedIfWins, settleMarket } from '../positions';
import { walletUnreachable } from '../sessions/service';
import type { WalletOutbox } from '../wallet/outbox';
import type { LiveMarket } from './live-market';
import type { MarketStore } from './market-store';
import type { OrderHolds } from './order-holds';
import type { MarketRegistry } from './registry';

export interface MarketSettlementDeps {
  db: ExchangeDb;
  clock: Clock;
  outbox: WalletOutbox;
  markets: MarketRegistry;
  store: MarketStore;
  holds: OrderHolds;
  commissionBp: number;
}

/**
 * Settles a market: the unmatched remainder lapses, then each customer is paid their hold plus net winnings less
 * commission (a settle call each, through the outbox), and each matched order gets its result.
 */
export class MarketSettlement {
  constructor(private readonly deps: MarketSettlementDeps) {}

  settle(market: LiveMarket, outcome: MarketOutcome): Promise<void> {
    return market.run(async () => {
      if (market.status === 'settled') return;
      market.status = 'closed';
      const lapsed = market.book.lapseWhere(() => true);
      if (lapsed.orders.length > 0) await this.deps.store.store(market, lapsed);
      await this.endWaitingOrders(market);
      const fills = await this.deps.db
        .selectFrom('exchange.fills')
        .select(['runner', 'stake', 'winnings', 'back_order_id', 'lay_order_id'])
        .where('market_id', '=', market.marketId)
        .execute();
      const profits = new Map<string, number>();
      for (const fill of fills) {
        const backWins = outcome.kind === 'winner' && outcome.runner === fill.runner;
        const backProfit = outcome.kind === 'void' ? 0 : backWins ? fill.winnings : -fill.stake;
        profits.set(fill.back_order_id, (profits.get(fill.back_order_id) ?? 0) + backProfit);
        profits.set(fill.lay_order_id, (profits.get(fill.lay_order_id) ?? 0) - backProfit);
      }
      await this.deps.db.transaction().execute(async (trx) => {
        for (const playerId of market.customers()) {
          const held = market.held.get(playerId) ?? 0;
          const ifWins = matchedIfWins(market.book.runnerCount, market.fills.get(playerId) ?? []);
          const { payout } = settleMarket(held, ifWins, outcome, this.deps.commissionBp);
          const transactionId = randomUUID();
          await this.deps.outbox.enqueue(trx, {
            transactionId,
            call: 'settle',
            playerId,
            marketId: market.marketId,
            body: { transactionId, playerId, marketId: market.marketId, amount: payout },
          });
          await trx
            .insertInto('exchange.holds')
            .values({ player_id: playerId, market_id: market.marketId, held, settled: true })
            .onConflict((oc) => oc.columns(['player_id', 'market_id']).doUpdateSet({ settled: true }))
            .execute();
        }
        for (const [orderId, profit] of profits)
          await trx
            .updateTable('exchange.orders')
            .set({ result: outcome.kind === 'void' ? 'void' : profit > 0 ? 'won' : 'lost', profit })
            .where('id', '=', orderId)
            .execute();
        await trx
          .updateTable('exchange.markets')
          .set({ status: 'settled', winner: outcome.kind === 'void' ? 'void' : outcome.selectionId })
          .where('id', '=', market.marketId)
          .execute();
      });
      market.status = 'settled';
      this.deps.outbox.kick();
      this.deps.markets.changed(market);
    });
  }

  /**
   * Orders that never reached the book end before the payout is worked out: those in the in-play delay lapse, and
   * those whose hold is unanswered are refused once the PAM answers, so no hold the PAM took is left out of the
   * settlement. While a hold stays unanswered the market is not settled (the caller tries again later).
   */
  private async endWaitingOrders(market: LiveMarket): Promise<void> {
    for (const orderId of [...market.delayed.keys()]) await this.deps.store.endUnbooked(market, orderId, 'lapse');
    const pending = await this.deps.db
      .selectFrom('exchange.orders')
      .select('id')
      .where('market_id', '=', market.marketId)
      .where('status', '=', 'pending')
      .execute();
    for (const { id } of pending)
      if ((await this.deps.holds.finish(market, id)).kind === 'unanswered') throw walletUnreachable();
  }
}
