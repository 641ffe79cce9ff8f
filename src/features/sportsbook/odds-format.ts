import type { OddsFormat } from '../../contract/sportsbook-rules';

const HOST_ODDS_FORMAT_KEY = 'sportsbook.oddsFormat';

/** The customer's odds format as the host keeps it: told by the frame when chosen, given back when it loads. */
export interface OddsFormatMemory {
  remember(format: OddsFormat): void;
  remembered(): OddsFormat | null;
}

export function oddsFormatMemory(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined): OddsFormatMemory {
  return {
    remember(format) {
      try {
        storage?.setItem(HOST_ODDS_FORMAT_KEY, format);
      } catch {
        // Storage refused: the frame still remembers it on its side.
      }
    },
    remembered() {
      try {
        const format = storage?.getItem(HOST_ODDS_FORMAT_KEY);
        return format === 'fractional' || format === 'decimal' ? format : null;
      } catch {
        return null;
      }
    },
  };
}

export const hostOddsFormat = oddsFormatMemory(typeof localStorage === 'undefined' ? undefined : localStorage);
