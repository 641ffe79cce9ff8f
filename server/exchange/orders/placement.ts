import { createHash } from 'node:crypto';
import { orderRefusal, type PlaceOrder } from '../../../src/contract/exchange';
import { hundredthsOf } from '../../../src/contract/exchange-ladder';
import { HOLD_BATCH_MAX } from '../../../src/contract/p2p-wallet';
import { notFound } from '../../platform/errors';
import type { ExchangeSession } from '../sessions/service';
import { PlacementRounds } from './placement-rounds';
import { refusal, type Placed } from './order-answers';
import { placeTogether, type PlacementDeps, type PlacementRequest } from './placement-batch';

/** The most orders one round places together (the P2P door's `holds` takes at most as many). */
const MAX_ROUND = HOLD_BATCH_MAX;

/**
 * Placing an order (docs/exchange.md, "The rules"): durable before acknowledged, the order and the hold it needs
 * are stored together before the hold is sent; idempotent on the browser's order id. Orders that arrive, for any
 * market, while a round is under way go together in the next (placement-batch.ts).
 */
export class Placement {
  private readonly rounds: PlacementRounds<PlacementRequest, Placed>;

  constructor(private readonly deps: PlacementDeps) {
    this.rounds = new PlacementRounds((requests) => placeTogether(deps, requests), MAX_ROUND);
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
    return this.rounds.submit({ market, session, request, runner, price, requestHash });
  }
}
