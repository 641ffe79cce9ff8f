import { Observable } from '../../ui/frame/Observable';
import { formatPrice } from '../../contract/rules/odds-format';
import type { OddsFormat, Price } from '../../contract/sportsbook-rules';

const ODDS_FORMAT_KEY = 'sb.oddsFormat';

/**
 * The customer's odds format: fractional unless they chose decimal, kept in the frame's storage and told to the host
 * (`onChosen`), which keeps it too and hands it back when the frame loads (the frame's storage may be partitioned).
 */
export class PrefsStore extends Observable {
  oddsFormat: OddsFormat;

  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'>,
    private readonly onChosen: (format: OddsFormat) => void = () => {},
  ) {
    super();
    this.oddsFormat = storage.getItem(ODDS_FORMAT_KEY) === 'decimal' ? 'decimal' : 'fractional';
  }

  /** The customer's choice in the frame. */
  chooseOddsFormat(format: OddsFormat): void {
    this.setOddsFormat(format);
    this.onChosen(format);
  }

  /** The format to show (the host's copy of the choice, or the customer's). */
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
}
