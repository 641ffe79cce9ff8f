import { createHash, randomUUID } from 'node:crypto';
import {
  EXCHANGE_REFUSALS,
  orderRefusal,
  type ExchangeRefusal,
  type Order,
  type PlaceOrder,
} from '../../../src/contract/exchange';
import { hundredthsOf } from '../../../src/contract/exchange-ladder';
import type { Clock } from '../../platform/clock';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors';
import type { ExchangeDb } from '../db/schema';
import type { ExchangeSession, SessionService } from '../sessions/service';
import { walletUnreachable } from '../sessions/service';
import type { WalletOutbox } from '../wallet/outbox';
import type { OrderHolds } from './order-holds';
import { toOrder, type OrderRows } from './order-rows';
import type { MarketRegistry } from './registry';

export const refusal = (code: ExchangeRefusal) =>
  code === 'OrderIdReused' ? conflict(EXCHANGE_REFUSALS[code], code) : unprocessable(EXCHANGE_REFUSALS[code], code);

/** The refusals a hold can come back with that the contract names for a placement. */
const PLACEMENT_REFUSALS = new Set<string>(['InsufficientFunds', 'PlayerBlocked', 'MarketSuspended', 'MarketClosed']);

export interface PlacementDeps {
  db: ExchangeDb;
  clock: Clock;
  outbox: WalletOutbox;
  sessions: SessionService;
  markets: MarketRegistry;
  rows: OrderRows;
  holds: OrderHolds;
}

/**
 * Placing an order (docs/exchange.md, "The rules"): durable before acknowledged, the order and the hold it needs
 * are stored together before the hold is sent; idempotent on the browser's order id.
 */
export class Placement {
  constructor(private readonly deps: PlacementDeps) {}

  async place(session: ExchangeSession, request: PlaceOrder): Promise<{ order: Order; status: 201 | 202 }> {
    const rule = orderRefusal(request);
    if (rule) throw refusal(rule);
    const market = this.deps.markets.get(request.marketId);
    if (!market) throw notFound('Unknown market');
    const runner = market.runnerOf(request.selectionId);
    if (runner < 0) throw notFound('Unknown selection');
    const price = hundredthsOf(request.price)!;
    const requestHash = createHash('sha256')
      .update(
        JSON.stringify([
          session.playerId,
          request.marketId,
          request.selectionId,
          request.side,
          price,
          request.size,
          request.persistence,
        ]),
      )
      .digest('hex');
    const earlier = await this.answerToRepeat(request.orderId, requestHash);
    if (earlier) return earlier;

    return market.run(async () => {
      const again = await this.answerToRepeat(request.orderId, requestHash);
      if (again) return again;
      if (market.status === 'suspended') throw refusal('MarketSuspended');
      if (market.status !== 'open') throw refusal('MarketClosed');
      const current = market.held.get(session.playerId) ?? 0;
      const after = market.exposure(session.playerId, {
        runner,
        side: request.side,
        price,
        sizeRemaining: request.size,
      }).held;
      const transactionId = randomUUID();
      await this.deps.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('exchange.orders')
          .values({
            id: request.orderId,
            player_id: session.playerId,
            market_id: market.marketId,
            selection_id: request.selectionId,
            runner,
            side: request.side,
            price,
            size: request.size,
            persistence: request.persistence,
            status: 'pending',
            refusal: null,
            request_hash: requestHash,
            placed_at: this.deps.clock.now(),
            result: null,
            profit: null,
          })
          .execute();
        if (after > current)
          await this.deps.outbox.enqueue(trx, {
            transactionId,
            call: 'hold',
            playerId: session.playerId,
            marketId: market.marketId,
            orderId: request.orderId,
            body: {
              transactionId,
              playerId: session.playerId,
              sessionId: session.pamSessionId,
              marketId: market.marketId,
              amount: after - current,
            },
          });
      });
      const finish = await this.deps.holds.finish(market, request.orderId);
      if (finish.kind === 'unanswered') {
        // The outbox sends the hold again in the background and finishes the order once the PAM answers.
        this.deps.outbox.kick();
        throw walletUnreachable();
      }
      if (finish.kind === 'refused') {
        if (finish.code === 'SessionExpired') await this.deps.sessions.expire(session);
        if (PLACEMENT_REFUSALS.has(finish.code)) throw refusal(finish.code as ExchangeRefusal);
        throw new AppError(finish.status, finish.message, finish.code);
      }
      return { order: await this.deps.rows.order(request.orderId), status: finish.kind === 'delayed' ? 202 : 201 };
    });
  }

  /** The first answer again for the same id and body; 409 for the same id with another body or customer. */
  private async answerToRepeat(orderId: string, requestHash: string): Promise<{ order: Order; status: 201 } | null> {
    const row = await this.deps.rows.row(orderId);
    if (!row) return null;
    if (row.request_hash !== requestHash) throw refusal('OrderIdReused');
    if (row.status === 'refused' && row.refusal) {
      if (row.refusal in EXCHANGE_REFUSALS) throw refusal(row.refusal as ExchangeRefusal);
      throw new AppError(422, 'This order was refused', row.refusal);
    }
    if (row.status === 'pending') throw walletUnreachable();
    return { order: toOrder(row, await this.deps.rows.averagePrices([row.id])), status: 201 };
  }
}
