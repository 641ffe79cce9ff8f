import { combinedOdds, formatCombinedOdds } from '../../contract/rules/odds';
import type { OddsFormat, Price } from '../../contract/sportsbook-rules';

/**
 * An accumulator's odds, exact, in the chosen format. Apart from the prefs store: only the slip and My Bets show
 * them, and the price ladder this rounds onto (about 1 KB) need not come with the frame's first paint.
 */
export const formatCombined = (prices: readonly Price[], format: OddsFormat): string =>
  formatCombinedOdds(combinedOdds(prices), format);
