import type { BetBuilderQuote, Price, PriceChangePolicy } from '../../../src/contract/sportsbook-rules';
import { priceAcceptable } from '../../../src/contract/rules/odds';
import { isBuildable, priceBetBuilder } from '../markets/bet-builder';
import type { Catalogue } from '../catalogue/types';
import { PlacementRefused, type StruckLeg } from './slip';

export interface StruckBetBuilder {
  quote: BetBuilderQuote;
  /** Each leg at its own price now, for the bet's record; the bet pays the quote's price. */
  legs: StruckLeg[];
}

const IMPOSSIBLE =
  'These selections cannot all win together (for example 0-0 and both teams to score). Remove one to build your bet.';
const UNLIKELY = 'This combination is too unlikely for us to price. Remove a selection to build your bet.';

/**
 * A Bet Builder's price now: selections of one match, one from each market, each from a market the joint score law
 * prices (markets/bet-builder.ts), all open; refused with words the frame shows otherwise.
 */
export function quoteBetBuilder(catalogue: Catalogue, selectionIds: readonly string[]): StruckBetBuilder {
  if (new Set(selectionIds).size !== selectionIds.length)
    throw new PlacementRefused('The same selection is in your Bet Builder twice.', 'DuplicateSelection');
  const quotes = selectionIds.map((selectionId) => {
    const quote = catalogue.quote(selectionId);
    if (!quote)
      throw new PlacementRefused('A selection in your Bet Builder is no longer available.', 'UnknownSelection', [
        { selectionId, price: null, status: 'closed' },
      ]);
    return quote;
  });
  const eventId = quotes[0]!.eventId;
  if (quotes.some((quote) => quote.eventId !== eventId))
    throw new PlacementRefused('A Bet Builder takes selections from one match only.', 'NotBuildable');
  if (new Set(quotes.map((quote) => quote.marketId)).size !== quotes.length)
    throw new PlacementRefused('Pick one selection from each market in a Bet Builder.', 'NotBuildable');
  const unbuildable = quotes.find((quote) => !isBuildable(quote.spec));
  if (unbuildable)
    throw new PlacementRefused(`${unbuildable.marketName} cannot be part of a Bet Builder.`, 'NotBuildable');
  const closed = quotes.filter((quote) => quote.status === 'closed' || quote.price === null);
  if (closed.length > 0)
    throw new PlacementRefused(
      'A market in your Bet Builder is closed.',
      'MarketClosed',
      closed.map((quote) => ({ selectionId: quote.selectionId, price: quote.price, status: quote.status })),
    );
  const suspended = quotes.filter((quote) => quote.status === 'suspended');
  if (suspended.length > 0)
    throw new PlacementRefused(
      'A market in your Bet Builder is suspended. Please try again shortly.',
      'MarketSuspended',
      suspended.map((quote) => ({ selectionId: quote.selectionId, price: quote.price, status: quote.status })),
    );

  const pricing = catalogue.matchPricing(eventId);
  if (!pricing)
    throw new PlacementRefused('A selection in your Bet Builder is no longer available.', 'UnknownSelection');
  const priced = priceBetBuilder(
    pricing.rates,
    pricing.state,
    quotes.map((quote) => ({ spec: quote.spec, selectionKey: quote.selectionKey })),
  );
  if (priced.kind !== 'priced')
    throw new PlacementRefused(priced.kind === 'impossible' ? IMPOSSIBLE : UNLIKELY, 'ImpossibleCombination');
  return {
    quote: { eventId, selectionIds: [...selectionIds], price: priced.price },
    legs: quotes.map((quote) => ({ quote, price: quote.price! })),
  };
}

/** Placement's check of a Bet Builder: quoted again now, at the price the customer saw unless their setting takes the new one. */
export function strikeBetBuilder(
  catalogue: Catalogue,
  selectionIds: readonly string[],
  seen: Price,
  priceChanges: PriceChangePolicy,
): StruckBetBuilder {
  const struck = quoteBetBuilder(catalogue, selectionIds);
  if (!priceAcceptable(priceChanges, seen, struck.quote.price)) {
    throw new PlacementRefused(
      'The Bet Builder price has changed. Please check the new price and place your bet again.',
      'PriceChanged',
    );
  }
  return struck;
}
