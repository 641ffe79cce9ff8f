import { Observable } from './Observable';
import { combinedOdds, formatCombinedOdds, formatPrice } from '../../lib/odds';
import type { OddsFormat, Price } from '../../contract/sportsbook-rules';

export const ODDS_FORMAT_KEY = 'sb.oddsFormat';

/** The customer's odds format: fractional unless they chose decimal here or in the host. */
export class PrefsStore extends Observable {
  oddsFormat: OddsFormat;

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'>) {
    super();
    this.oddsFormat = storage.getItem(ODDS_FORMAT_KEY) === 'decimal' ? 'decimal' : 'fractional';
  }

  setOddsFormat(format: OddsFormat): void {
    this.oddsFormat = format;
    try {
      this.storage.setItem(ODDS_FORMAT_KEY, format);
    } catch {
      // Remembered for this page only.
    }
    this.changed();
  }

  format = (price: Price): string => formatPrice(price, this.oddsFormat);

  /** An accumulator's odds, exact, in the chosen format. */
  formatCombined = (prices: readonly Price[]): string => formatCombinedOdds(combinedOdds(prices), this.oddsFormat);
}
