import { formatPence } from './rules/money';

/** The products an offer may ask a customer to bet on, or reward them with. */
export const BONUS_PRODUCTS = ['sportsbook', 'exchange', 'casino', 'bingo', 'lottery'] as const;
export type BonusProduct = (typeof BONUS_PRODUCTS)[number];

/** From 19 January 2026 no bonus may require more than ten times its value to be wagered (docs/decisions.md, Bonuses). */
const MAX_WAGERING_MULTIPLE = 10;

export interface BonusTerms {
  /** How many times the bonus must be wagered before it can be withdrawn; 0 for none. */
  wageringMultiple: number;
  /** What the customer must bet on to earn the reward; null when nothing must be bet. */
  qualifyingProduct: BonusProduct | null;
  /** What the reward can be used on; null when it is not a product (e.g. a prize draw entry). */
  rewardProduct: BonusProduct | null;
}

export const WAGERING_TOO_HIGH = `No promotion may require its bonus to be wagered more than ${MAX_WAGERING_MULTIPLE} times`;
export const MIXED_PRODUCTS = 'No promotion may reward betting on one product with a bonus for another';

/** Why these terms may not be offered since 19 January 2026, or undefined when they may. */
export function bonusTermsProblem(terms: BonusTerms): string | undefined {
  if (!Number.isInteger(terms.wageringMultiple) || terms.wageringMultiple < 0)
    return 'A wagering requirement is a whole number of times, 0 or more';
  if (terms.wageringMultiple > MAX_WAGERING_MULTIPLE) return WAGERING_TOO_HIGH;
  if (terms.qualifyingProduct && terms.rewardProduct && terms.qualifyingProduct !== terms.rewardProduct)
    return MIXED_PRODUCTS;
  return undefined;
}

/** A promotion's significant terms in one line, as the promotions drawer shows them. */
export function bonusTermsLine(
  terms: BonusTerms & { freeBetAmount: number | null; freeBetDays: number | null; endsAt: Date | null },
): string {
  const parts = [
    terms.freeBetAmount !== null
      ? `${formatPence(terms.freeBetAmount)} ${terms.rewardProduct ?? 'sportsbook'} free bet, valid ${terms.freeBetDays ?? 7} days`
      : null,
    terms.qualifyingProduct ? `earned by betting on ${terms.qualifyingProduct}` : 'no qualifying bet',
    terms.wageringMultiple > 0 ? `wager ${terms.wageringMultiple}x before withdrawal` : 'no wagering requirement',
    terms.endsAt ? `ends ${terms.endsAt.toISOString().slice(0, 10)}` : null,
  ];
  return parts.filter(Boolean).join('; ') + '.';
}
