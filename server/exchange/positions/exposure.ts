import { layLiability } from '../../../src/contract/exchange-ladder';
import { matchedIfWins, type CustomerFill } from '../../../src/contract/exchange-green-up';
import type { OrderSide } from '../../../src/contract/exchange';
import type { Fill } from '../book/types';

export { matchedIfWins, type CustomerFill };

/** The unmatched remainder of one of the customer's orders; price in hundredths. */
export interface OpenOrder {
  runner: number;
  side: OrderSide;
  price: number;
  sizeRemaining: number;
}

export interface Exposure {
  /** Pence the customer ends with if each runner wins, from matched fills only. */
  ifWins: number[];
  /** The same with every unmatched remainder counted as matched wherever that makes the outcome worse. */
  worstIfWins: number[];
  /** What the wallet holds for this market: max(0, worst-case loss over the outcomes). */
  held: number;
}

/** The book's fills seen from one customer: one per side they were on (both, in a self-match). */
export function customerFills(customerId: string, fills: readonly Fill[]): CustomerFill[] {
  const mine: CustomerFill[] = [];
  for (const fill of fills) {
    if (fill.backCustomerId === customerId)
      mine.push({ runner: fill.runner, side: 'back', stake: fill.stake, winnings: fill.winnings });
    if (fill.layCustomerId === customerId)
      mine.push({ runner: fill.runner, side: 'lay', stake: fill.stake, winnings: fill.winnings });
  }
  return mine;
}

/**
 * A customer's exposure on one market. Each unmatched remainder counts only where it hurts: a back loses its
 * stake on the other runners' outcomes, a lay its liability (rounded up) on its own runner's. However orders are
 * later matched, in part or whole, each outcome ends no worse than this, so matching, cancelling or lapsing
 * never raises the hold; only a new order can.
 */
export function marketExposure(
  runnerCount: number,
  fills: readonly CustomerFill[],
  openOrders: readonly OpenOrder[],
): Exposure {
  const ifWins = matchedIfWins(runnerCount, fills);
  const worstIfWins = ifWins.slice();
  for (const order of openOrders) {
    if (order.sizeRemaining <= 0) continue;
    if (order.side === 'lay') {
      worstIfWins[order.runner]! -= layLiability(order.sizeRemaining, order.price);
      continue;
    }
    for (let outcome = 0; outcome < runnerCount; outcome++)
      if (outcome !== order.runner) worstIfWins[outcome]! -= order.sizeRemaining;
  }
  return { ifWins, worstIfWins, held: Math.max(0, -Math.min(...worstIfWins)) };
}
