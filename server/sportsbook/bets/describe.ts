import { WALLET_DESCRIPTION_MAX_LENGTH } from '../../../src/contract/games';
import type { BetKind, Price } from '../../../src/contract/sportsbook-rules';
import type { SystemType } from '../../../src/contract/sportsbook-rules';
import { systemBetType, systemPotentialReturns } from '../../../src/contract/system-bets';
import { formatPence } from '../../../src/contract/rules/money';
import { formatFractional, returnsFor } from '../../../src/contract/rules/odds';

export interface DescribedLeg {
  eventName: string;
  selectionName: string;
  price: Price;
}

export interface BetShape {
  kind: BetKind;
  /** The whole stake (per line x lines for a system bet). */
  stake: number;
  system?: { type: SystemType; stakePerLine: number; lines: number } | null;
  /** A Bet Builder's one price for all its legs. */
  price?: Price | null;
  /** Staked with a free bet: its stake is not returned with the winnings. */
  freeBet?: boolean;
}

/** The line the customer's transaction history shows for the stake (the wallet's description). */
export function describeBet(bet: BetShape, legs: readonly DescribedLeg[]): string {
  const text = bet.price
    ? `Bet Builder: ${legs[0]!.eventName}, ${legs.length} selections @ ${formatFractional(bet.price)}`
    : bet.kind === 'single'
      ? `Single: ${legs[0]!.eventName}, ${legs[0]!.selectionName} @ ${formatFractional(legs[0]!.price)}`
      : bet.system
        ? `${systemBetType(bet.system.type).name}: ${legs.length} selections, ${bet.system.lines} lines at ${formatPence(bet.system.stakePerLine)}`
        : `Accumulator: ${legs.length} selections`;
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').slice(0, WALLET_DESCRIPTION_MAX_LENGTH);
}

/**
 * What the bet returns if every leg wins at these prices (rounded down once; once per line for a system bet; a Bet
 * Builder at its one price), less the stake of a free bet.
 */
export function potentialReturnsOf(bet: BetShape, prices: readonly Price[]): number {
  const returns = bet.price
    ? returnsFor(bet.stake, [bet.price])
    : bet.system
      ? systemPotentialReturns(bet.system.type, bet.system.stakePerLine, prices)
      : returnsFor(bet.stake, prices);
  return bet.freeBet ? returns - bet.stake : returns;
}

/**
 * The most the bet can ever return, which its debit tells the PAM (the PAM refuses any credit beyond it). No void,
 * half result, dead heat or Lucky bonus pays more than every leg won (potentialReturnsOf), and one payment pays at
 * most the customer's own stake plus the net payout cap (applyPayoutCap). A bet that can be cashed out in part (a
 * cash single or accumulator) may be paid in parts more than 24 hours apart, each under its own window's cap, so
 * only its potential returns bound it; a partial cash out never lifts that bound (its part and the rest riding
 * return no more than the whole).
 */
export function maxReturnOf(bet: BetShape, potentialReturns: number, cap: number): number {
  const paidInParts = !bet.freeBet && !bet.system && !bet.price;
  if (paidInParts) return potentialReturns;
  return Math.min(potentialReturns, (bet.freeBet ? 0 : bet.stake) + cap);
}
