import { exchangeMarketId, exchangeSelectionId, parseExchangeMarketId } from './ids';
import { EXCHANGE_MARKET_TYPES, marketTypeOf, type FinalScore } from './market-types';

export interface ExchangeMarketDefinition {
  marketId: string;
  eventId: string;
  marketKey: string;
  name: string;
  /** In display order; a runner's index here is its index on the market's order book. */
  runners: ReadonlyArray<{ selectionId: string; key: string; name: string }>;
}

/** The exchange's markets for one match. */
export function eventMarkets(eventId: string, home: string, away: string): ExchangeMarketDefinition[] {
  return EXCHANGE_MARKET_TYPES.map((type) => {
    const marketId = exchangeMarketId(eventId, type.key);
    return {
      marketId,
      eventId,
      marketKey: type.key,
      name: type.name,
      runners: type.runners(home, away).map(({ key, name }) => ({
        selectionId: exchangeSelectionId(marketId, key),
        key,
        name,
      })),
    };
  });
}

/** How a market ends: one runner wins, or (the match abandoned, or voided by an operator) every bet is void. */
export type MarketOutcome = { kind: 'winner'; runner: number; selectionId: string } | { kind: 'void' };

/** The outcome of a market given how its match ended: a final score, or 'abandoned' (the whole market void). */
export function marketOutcome(market: ExchangeMarketDefinition, result: FinalScore | 'abandoned'): MarketOutcome {
  if (result === 'abandoned') return { kind: 'void' };
  if (![result.home, result.away].every((goals) => Number.isInteger(goals) && goals >= 0))
    throw new RangeError(`Not a final score: ${result.home}-${result.away}`);
  const type = marketTypeOf(market.marketKey);
  if (!type) throw new Error(`Unknown exchange market type ${market.marketKey}`);
  const key = type.winner(result);
  const runner = market.runners.findIndex((candidate) => candidate.key === key);
  if (runner < 0) throw new Error(`Market ${market.marketId} has no runner ${key}`);
  return { kind: 'winner', runner, selectionId: market.runners[runner]!.selectionId };
}

/** A market's definition from its id alone (team names are the caller's to fill in), or undefined if unknown. */
export function marketById(marketId: string, home = 'Home', away = 'Away'): ExchangeMarketDefinition | undefined {
  const parsed = parseExchangeMarketId(marketId);
  if (!parsed || !marketTypeOf(parsed.marketKey)) return undefined;
  return eventMarkets(parsed.eventId, home, away).find((market) => market.marketKey === parsed.marketKey);
}
