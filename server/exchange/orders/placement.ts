import { createHash } from 'node:crypto';
import { orderRefusal, type PlaceOrder } from '../../../src/contract/exchange';
import { hundredthsOf } from '../../../src/contract/exchange-ladder';
import { notFound } from '../../platform/errors';
import type { ExchangeSession } from '../sessions/service';
import { MarketBatches } from './market-batches';
import { refusal, type Placed } from './order-answers';
import { placeTogether, type PlacementDeps, type PlacementRequest } from './placement-batch';

/** The most orders of one market that go through its queue together. */
const MAX_BATCH = 200;

/**
 * Placing an order (docs/exchange.md, "The rules"): durable before acknowledged, the order and the hold it needs
 * are stored together before the hold is sent; idempotent on the browser's order id. Orders that reach a market
 * while it is busy go through it together (placement-batch.ts).
 */
export class Placement {
  private readonly batches: MarketBatches<PlacementRequest, Placed>;

  constructor(private readonly deps: PlacementDeps) {
    this.batches = new MarketBatches((market, requests) => placeTogether(deps, market, requests), MAX_BATCH);
  }

  place(session: ExchangeSession, request: PlaceOrder): Promise<Placed> {
    const rule = orderRefusal(request);
    if (rule) return Promise.reject(refusal(rule));
    const market = this.deps.markets.get(request.marketId);
    if (!market) return Promise.reject(notFound('Unknown market'));
    const runner = market.runnerOf(request.selectionId);
    if (runner < 0) return Promise.reject(notFound('Unknown selection'));
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
    return this.batches.submit(market, { session, request, runner, price, requestHash });
  }
}
