import { LADDER, MIN_SIZE_PENCE, TICK_COUNT, orderLiability } from '../../../src/contract/exchange-ladder';
import type { OrderSide } from '../../../src/contract/exchange';
import { marketTypeOf } from '../markets/market-types';
import type { ExchangeMarketDefinition } from '../markets';
import type { ScoreChances } from './fair-prices';

/** One order the house wants resting: a runner (its place on the book), a side, a ladder tick, a stake in pence. */
export interface Quote {
  runner: number;
  side: OrderSide;
  tick: number;
  size: number;
}

/** How deep and how big the house quotes (docs/exchange.md, "The market maker"). */
export interface QuoteShape {
  /** Ticks between the fair price and the house's best price on each side. */
  spreadTicks: number;
  /** The stakes of each level, best price first. */
  levelStakes: readonly number[];
  /** The most one lay may risk, pence: a long price gets a smaller stake. */
  maxLiabilityPerOrder: number;
}

const DEFAULT_QUOTE_SHAPE: QuoteShape = {
  spreadTicks: 1,
  levelStakes: [2_000, 5_000, 10_000],
  maxLiabilityPerOrder: 20_000,
};

/** Runners all but decided (dearer than 1.05, or longer than 500) are left alone: no fair price to quote around. */
const MAX_QUOTED_CHANCE = 1 / 1.05;
const MIN_QUOTED_CHANCE = 1 / 500;

/** Each runner's chance of winning the market under the law of the final score. */
export function runnerChances(market: ExchangeMarketDefinition, scores: ScoreChances): number[] {
  const type = marketTypeOf(market.marketKey);
  const chances = market.runners.map(() => 0);
  if (!type) return chances;
  for (const { score, chance } of scores) {
    const runner = market.runners.findIndex((candidate) => candidate.key === type.winner(score));
    if (runner >= 0) chances[runner]! += chance;
  }
  return chances;
}

/** The highest tick whose price is at most `price` (hundredths), or -1 below the ladder. */
function tickAtOrBelow(price: number): number {
  let low = 0;
  let high = TICK_COUNT - 1;
  if (price < LADDER[0]!) return -1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (LADDER[middle]! <= price) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The ladders the house posts on one market: for each runner priced between 1.01 and 1000, lays (what backers
 * take) below the fair price and backs (what layers take) above it, a few levels each, the house's edge being the
 * spread. A runner all but decided either way is left alone.
 */
export function quotesFor(chances: readonly number[], shape: QuoteShape = DEFAULT_QUOTE_SHAPE): Quote[] {
  const quotes: Quote[] = [];
  chances.forEach((chance, runner) => {
    if (!(chance >= MIN_QUOTED_CHANCE && chance <= MAX_QUOTED_CHANCE)) return;
    const fair = 100 / chance;
    const below = tickAtOrBelow(Math.floor(fair));
    const above = LADDER[below] === fair ? below : below + 1;
    shape.levelStakes.forEach((stake, level) => {
      const layTick = below - shape.spreadTicks - level;
      if (layTick >= 0) {
        const price = LADDER[layTick]!;
        const size = Math.min(stake, Math.floor((shape.maxLiabilityPerOrder * 100) / (price - 100)));
        if (size >= MIN_SIZE_PENCE && orderLiability('lay', size, price) <= shape.maxLiabilityPerOrder)
          quotes.push({ runner, side: 'lay', tick: layTick, size });
      }
      const backTick = above + shape.spreadTicks + level;
      if (backTick < TICK_COUNT) quotes.push({ runner, side: 'back', tick: backTick, size: stake });
    });
  });
  return quotes;
}
