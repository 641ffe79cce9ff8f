import type { LegResult, Price } from '../../../src/contract/sportsbook-rules';
import type { SelectionChances } from '../markets';
import { legFactor } from './settlement';

/** The bookmaker's charge for settling early, on the part of the value that still rides on the open legs. */
export const CASH_OUT_MARGIN_BP = 500;

export interface CashOutLeg {
  /** The price the bet was struck at. */
  price: Price;
  result: LegResult;
  /** For an open leg: how likely it is to win, be void or lose now (the score model's); null when not offered now. */
  chances: SelectionChances | null;
  /** A dead heat's number tied. */
  deadHeatWays?: number | null;
}

/** The bet's value under the model: its expected returns, and the part of them that is certain (every open leg void). */
export interface CashOutValue {
  fair: number;
  certain: number;
  offer: number;
}

/**
 * A cash-out offer from the score model's own chances (never from the offered prices, which carry the market's
 * margin and are rounded down onto the ladder, so dividing by them can pay more than the bet is worth):
 *
 *   fair    = stake x E[product of the legs' settlement factors]      (legs on different matches are independent)
 *           = stake x settled factors x product over open legs of (win x struck odds + void)
 *   certain = stake x settled factors x product over open legs of void  (what comes back if every open leg is void)
 *   offer   = floor(certain + (fair - certain) x (1 - margin))
 *
 * The margin is charged on what still depends on how the open legs end, not on a stake that comes back whatever
 * happens: a bet certain to be void is offered its stake, one almost certain to be void (Draw No Bet at 1-1 late on)
 * nearly its stake. Since offer <= fair, no cash-out strategy beats holding the bet on average. A half-won or
 * half-lost score is counted by its chances half to win (or lose) and half to void, which is its settlement exactly.
 * No offer (null) when a leg is lost, when nothing is left open, when an open leg has no chances now (suspended,
 * closed, not valued by the model), or when the offer would be under a penny.
 */
export function cashOutValue(
  stakePence: number,
  legs: readonly CashOutLeg[],
  marginBp: number = CASH_OUT_MARGIN_BP,
): CashOutValue | null {
  if (!Number.isSafeInteger(stakePence) || stakePence <= 0 || legs.length === 0) return null;
  let expected = 1;
  let allVoid = 1;
  let open = 0;
  for (const leg of legs) {
    if (leg.result === 'lost') return null;
    if (leg.result !== 'open') {
      const exact = legFactor(leg);
      const factor = Number(exact.numerator) / Number(exact.denominator);
      expected *= factor;
      allVoid *= factor;
      continue;
    }
    if (!leg.chances) return null;
    const { win, void: voidChance, lose } = leg.chances;
    const total = win + voidChance + lose;
    if (!(total > 0)) return null;
    open++;
    expected *= ((win / total) * (leg.price.num + leg.price.den)) / leg.price.den + voidChance / total;
    allVoid *= voidChance / total;
  }
  if (open === 0) return null;
  const fair = stakePence * expected;
  const certain = stakePence * allVoid;
  const offer = Math.floor(certain + (fair - certain) * ((10_000 - marginBp) / 10_000));
  if (!(offer >= 1)) return null;
  return { fair, certain, offer: Math.min(offer, Number.MAX_SAFE_INTEGER) };
}
