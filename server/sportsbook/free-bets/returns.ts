import type { BetSettlement } from '../bets/settlement';

/**
 * What a settled bet pays, and the customer's own money staked on it (for the payout cap's net). A free-bet stake
 * was never the customer's money and is not returned: a winning free bet pays its winnings only (stake x odds -
 * stake), a lost or void one pays nothing, and its net winnings are everything it pays.
 */
export function settledPayout(settlement: Exclude<BetSettlement, { status: 'open' }>, stake: number, freeBet: boolean): { returns: number; ownStake: number } {
  if (!freeBet) return { returns: settlement.returns, ownStake: stake };
  return { returns: settlement.status === 'won' ? Math.max(0, settlement.returns - stake) : 0, ownStake: 0 };
}
