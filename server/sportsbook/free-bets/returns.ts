import type { NewCall } from '../wallet/outbox';
import { creditCallId, debitCallId, rollbackCallId } from '../bets/placement';
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

/**
 * The wallet call that closes a settled bet at the PAM: its returns as a credit; but a void free bet's debit is
 * rolled back instead, so its token is the customer's again (Terms 10.2: "If the bet was a free bet, we will return
 * the free bet to you where we can"), never cash: the stake was never theirs. One id per bet either way, so it is
 * made once however often settlement or the operator gets there.
 */
export function closingCall(bet: { id: string; playerId: number; freeBet: boolean }, status: 'won' | 'lost' | 'void', returns: number): NewCall {
  if (bet.freeBet && status === 'void') {
    const id = rollbackCallId(bet.id);
    return { id, kind: 'rollback', betId: bet.id, body: { transactionId: id, originalTransactionId: debitCallId(bet.id), betId: bet.id, playerId: bet.playerId } };
  }
  const id = creditCallId(bet.id);
  return { id, kind: 'credit', betId: bet.id, body: { transactionId: id, betId: bet.id, playerId: bet.playerId, amount: returns, closesBet: true } };
}
