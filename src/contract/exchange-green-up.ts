import { MIN_SIZE_PENCE, floorDiv, winnings } from './exchange-ladder';
import type { OrderSide } from './exchange-rules';

/** A fill from one customer's side: a back wins `winnings` if its runner wins and loses `stake` otherwise. */
export interface CustomerFill {
  runner: number;
  side: OrderSide;
  stake: number;
  winnings: number;
}

/** Each outcome's result from matched fills: the fills are zero-sum between backer and layer, to the penny. */
export function matchedIfWins(runnerCount: number, fills: readonly CustomerFill[]): number[] {
  const ifWins = new Array<number>(runnerCount).fill(0);
  for (const fill of fills) {
    const ifThisWins = fill.side === 'back' ? fill.winnings : -fill.winnings;
    const ifAnotherWins = fill.side === 'back' ? -fill.stake : fill.stake;
    for (let outcome = 0; outcome < runnerCount; outcome++)
      ifWins[outcome]! += outcome === fill.runner ? ifThisWins : ifAnotherWins;
  }
  return ifWins;
}

/** The best prices (hundredths) a runner can be backed and laid at now, null where nothing is offered. */
export interface RunnerQuote {
  back: number | null;
  lay: number | null;
}

interface HedgeOrder {
  runner: number;
  side: OrderSide;
  /** Hundredths: the best price now on that side. */
  price: number;
  size: number;
}

export interface GreenUp {
  orders: HedgeOrder[];
  /** Each outcome's result once the hedge is matched at those prices. */
  ifWinsAfter: number[];
  /** The result the hedge locks in whichever runner wins (the smallest of ifWinsAfter): the Cash Out figure. */
  locked: number;
}

/**
 * Cash Out (green up): the back or lay stake on each runner, at the best prices now, that makes the market's
 * result the same whatever wins. A hedge of h on runner j changes outcome j by h x price_j - H and every other by
 * -H (H the hedges' total stake), so equal results need h_j = (Y - P_j) / price_j for one level Y; the locked
 * figure is concave in Y and peaks where Y is some runner's own result (that runner needs no hedge), so each of
 * those is tried and the best kept. Stakes round to the penny and under £1 are left out (they cannot be placed),
 * so the figures after are computed exactly from the orders. Null when no hedge can be placed at the prices.
 */
export function greenUp(ifWins: readonly number[], quotes: readonly RunnerQuote[]): GreenUp | null {
  let best: GreenUp | null = null;
  let bestStake = Infinity;
  for (const level of new Set(ifWins)) {
    const orders = hedgeTo(level, ifWins, quotes);
    if (!orders) continue;
    const hedged = matchedIfWins(ifWins.length, orders.map(asFill));
    const ifWinsAfter = ifWins.map((value, outcome) => value + hedged[outcome]!);
    const locked = Math.min(...ifWinsAfter);
    const stake = orders.reduce((sum, order) => sum + order.size, 0);
    if (!best || locked > best.locked || (locked === best.locked && stake < bestStake)) {
      best = { orders, ifWinsAfter, locked };
      bestStake = stake;
    }
  }
  return best;
}

/** The orders that bring every outcome to `level` (before the hedges' own stakes), or null if a price is missing. */
function hedgeTo(level: number, ifWins: readonly number[], quotes: readonly RunnerQuote[]): HedgeOrder[] | null {
  const orders: HedgeOrder[] = [];
  for (let runner = 0; runner < ifWins.length; runner++) {
    const gap = level - ifWins[runner]!;
    if (gap === 0) continue;
    const side: OrderSide = gap > 0 ? 'back' : 'lay';
    const price = side === 'back' ? quotes[runner]?.back : quotes[runner]?.lay;
    if (price == null) return null;
    // |gap| / price, to the nearest penny: prices are hundredths.
    const size = floorDiv(2 * Math.abs(gap) * 100 + price, 2 * price);
    if (size >= MIN_SIZE_PENCE) orders.push({ runner, side, price, size });
  }
  return orders;
}

const asFill = (order: HedgeOrder): CustomerFill => ({
  runner: order.runner,
  side: order.side,
  stake: order.size,
  winnings: winnings(order.size, order.price),
});
