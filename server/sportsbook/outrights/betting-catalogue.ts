import type { Catalogue, MarketsResolved } from '../catalogue/types';
import type { OutrightBook } from './book';

/**
 * What the bets side sees: the matches' catalogue and the leagues' outrights behind one Catalogue, so an outright
 * is quoted, placed, settled (its winners announced like a match's result) and voided through the same paths.
 */
export function bettingCatalogue(matches: Catalogue, outrights: OutrightBook): Catalogue {
  return {
    quote: (selectionId) => (outrights.owns(selectionId) ? outrights.quote(selectionId) : matches.quote(selectionId)),
    matchPricing: (eventId) => (outrights.owns(eventId) ? undefined : matches.matchPricing(eventId)),
    onMarketsResolved(listener: (resolved: MarketsResolved) => Promise<void> | void) {
      const fromMatches = matches.onMarketsResolved(listener);
      const fromOutrights = outrights.onMarketsResolved(listener);
      return () => {
        fromMatches();
        fromOutrights();
      };
    },
    suspendMarket: (marketId) => matches.suspendMarket(marketId),
    reopenMarket: (marketId) => matches.reopenMarket(marketId),
    voidMarket: async (marketId) => {
      if (outrights.owns(marketId)) await outrights.void(marketId.split('~')[0]!);
      else await matches.voidMarket(marketId);
    },
    resultEvent: (eventId, result) => matches.resultEvent(eventId, result),
    abandonEvent: (eventId) => matches.abandonEvent(eventId),
  };
}
