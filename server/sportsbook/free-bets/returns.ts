import type { NewCall } from '../wallet/outbox';
import { creditCallId, debitRollback } from '../bets/wallet-calls';

/**
 * The customer's own money staked on a settled bet, for the payout cap's net: a free-bet stake was never theirs, so
 * everything a free bet pays (its winnings only: settleFreeBet) is net winnings.
 */
export const ownStakeOf = (bet: { stake: number; free_bet_id: string | null }) =>
  bet.free_bet_id === null ? bet.stake : 0;

/**
 * The wallet call that closes a settled bet at the PAM: its returns as a credit; but a void free bet's debit is
 * rolled back instead, so its token is the customer's again (Terms 10.2: "If the bet was a free bet, we will return
 * the free bet to you where we can"), never cash: the stake was never theirs. One id per bet either way, so it is
 * made once however often settlement or the operator gets there.
 */
export function closingCall(
  bet: { id: string; playerId: number; freeBet: boolean },
  status: 'won' | 'lost' | 'void',
  returns: number,
): NewCall {
  if (bet.freeBet && status === 'void') return debitRollback(bet.id, bet.playerId);
  const id = creditCallId(bet.id);
  return {
    id,
    kind: 'credit',
    betId: bet.id,
    body: { transactionId: id, betId: bet.id, playerId: bet.playerId, amount: returns, closesBet: true },
  };
}
