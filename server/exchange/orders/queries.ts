import type { Order, Position } from '../../../src/contract/exchange';
import type { ExchangeDb } from '../db/schema';
import { matchedIfWins } from '../positions';
import type { ExchangeSession } from '../sessions/service';
import { ORDER_COLUMNS, toOrder, type OrderRows } from './order-rows';
import type { MarketRegistry } from './registry';

/** A customer's orders and positions, read only. */
export class OrderQueries {
  constructor(
    private readonly db: ExchangeDb,
    private readonly markets: MarketRegistry,
    private readonly rows: OrderRows,
  ) {}

  async list(session: ExchangeSession, status?: 'open' | 'settled'): Promise<{ orders: Order[] }> {
    let query = this.db
      .selectFrom('exchange.orders')
      .select(ORDER_COLUMNS)
      .where('player_id', '=', session.playerId)
      .where('status', '!=', 'refused');
    if (status === 'open') query = query.where('status', 'in', ['pending', 'executable']);
    if (status === 'settled') query = query.where('result', 'is not', null);
    const rows = await query.orderBy('seq', 'desc').limit(500).execute();
    const averages = await this.rows.averagePrices(rows.filter((row) => row.size_matched > 0).map((row) => row.id));
    return { orders: rows.map((row) => toOrder(row, averages)) };
  }

  async onMarket(playerId: number, marketId: string): Promise<Order[]> {
    const rows = await this.db
      .selectFrom('exchange.orders')
      .select(ORDER_COLUMNS)
      .where('player_id', '=', playerId)
      .where('market_id', '=', marketId)
      .where('status', '!=', 'refused')
      .execute();
    const averages = await this.rows.averagePrices(rows.filter((row) => row.size_matched > 0).map((row) => row.id));
    return rows.map((row) => toOrder(row, averages));
  }

  positions(session: ExchangeSession, marketId?: string): { positions: Position[] } {
    const markets = marketId
      ? [this.markets.get(marketId)].filter((market) => market !== undefined)
      : this.markets.all();
    const positions: Position[] = [];
    for (const market of markets) {
      if (market.status === 'settled') continue;
      const fills = market.fills.get(session.playerId) ?? [];
      const held = market.held.get(session.playerId) ?? 0;
      if (fills.length === 0 && held === 0) continue;
      const ifWins = matchedIfWins(market.book.runnerCount, fills);
      positions.push({
        marketId: market.marketId,
        held,
        ifWins: Object.fromEntries(
          market.definition.runners.map((runner, index) => [runner.selectionId, ifWins[index]!]),
        ),
      });
    }
    return { positions };
  }
}
